/** A tiny element builder: the visitor's pages are plain DOM, to stay small (no framework). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, unknown>> = {},
  ...children: Array<Node | string | null | undefined | false>
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function")
      el.addEventListener(k.slice(2).toLowerCase(), v as EventListener);
    else if (k === "class") el.className = String(v);
    else if (k in el && k !== "list" && k !== "type" && k !== "for") (el as unknown as Record<string, unknown>)[k] = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

export function toast(text: string, kind: "success" | "error" = "success") {
  const el = h(
    "div",
    {
      role: "status",
      class: `fixed bottom-4 start-1/2 -translate-x-1/2 rounded px-4 py-2 text-sm text-white shadow ${kind === "success" ? "bg-green-700" : "bg-red-700"}`,
    },
    text,
  );
  document.body.append(el);
  setTimeout(() => el.remove(), 4000);
}
