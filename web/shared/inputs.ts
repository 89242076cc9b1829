import { getJson } from "./api";
import { h, toast } from "./dom";
import { t } from "./text";

export interface FormColumn {
  id: string;
  title: string;
  uidt: string;
  label?: string | null;
  help?: string | null;
  description?: string | null;
  required?: boolean;
  rqd?: boolean;
  cdf?: string | null;
  pk?: boolean;
  pv?: boolean;
  ai?: boolean;
  show?: boolean;
  order?: number;
  meta?: unknown;
  colOptions?: { options?: Array<{ title: string }>; type?: string; fk_related_model_id?: string } | string | null;
  /** For a link field: the related table's display field (from the meta's relatedMetas). */
  display?: string;
}

/** One question's control: reads its value, clears it, and focuses it. */
export interface Control {
  el: HTMLElement;
  value(): unknown;
  files?(): File[];
  focus(): void;
}

const opts = (c: FormColumn) => {
  const o = typeof c.colOptions === "string" ? (JSON.parse(c.colOptions) as FormColumn["colOptions"]) : c.colOptions;
  return (o && typeof o === "object" ? o : {}) as Exclude<FormColumn["colOptions"], string | null | undefined>;
};

/** Fields a visitor fills; computed and system types are shown nowhere in a form. */
const COMPUTED = new Set(["Formula", "Lookup", "Rollup", "CreateTime", "LastModifiedTime", "ID", "ForeignKey", "AutoNumber", "Barcode", "QrCode", "Button"]);
export const fillable = (c: FormColumn) => !COMPUTED.has(c.uidt) && !(c.pk && c.ai);

const input = (type: string, extra: Record<string, unknown> = {}) => h("input", { type, class: "w-full rounded border border-gray-300 px-3 py-2", ...extra });

function simple(el: HTMLInputElement | HTMLTextAreaElement, read: (v: string) => unknown = (v) => (v === "" ? null : v)): Control {
  return { el, value: () => read(el.value), focus: () => el.focus() };
}

const num = (v: string) => (v === "" ? null : Number(v));

/** A link field: a search over the related table's records (public nested route), picked ones as chips. */
function linkControl(uuid: string, c: FormColumn, id: string): Control {
  const picked: Array<Record<string, unknown>> = [];
  const chips = h("div", { class: "flex flex-wrap gap-2" });
  const results = h("ul", { class: "mt-1 max-h-48 overflow-auto rounded border border-gray-200 bg-white", hidden: true, role: "listbox" });
  const search = input("search", { id, placeholder: t("sharedView.search"), "aria-label": t("sharedView.pickRecord") });
  const single = opts(c).type === "bt";
  const label = (r: Record<string, unknown>) => String((c.display ? r[c.display] : undefined) ?? Object.values(r)[0] ?? "");
  const redraw = () => {
    chips.replaceChildren(
      ...picked.map((r, i) =>
        h("span", { class: "inline-flex items-center gap-1 rounded bg-gray-100 px-2 py-1 text-sm", "data-picked": "" }, label(r),
          h("button", { type: "button", "aria-label": t("sharedView.remove"), class: "text-gray-500", onclick: () => { picked.splice(i, 1); redraw(); } }, "×")),
      ),
    );
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const load = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const q = search.value.trim();
      const where = q && c.display ? `&where=${encodeURIComponent(`(${c.display},like,%${q}%)`)}` : "";
      const page = await getJson<{ list: Array<Record<string, unknown>> }>(uuid, `/nested/${c.id}?limit=10${where}`).catch(() => ({ list: [] }));
      results.hidden = false;
      results.replaceChildren(
        ...page.list.map((r) =>
          h("li", {}, h("button", {
            type: "button", role: "option", class: "w-full px-3 py-1 text-start hover:bg-gray-100",
            onclick: () => {
              const pk = JSON.stringify(r);
              if (picked.some((p) => JSON.stringify(p) === pk)) return toast(t("msg.info.valueAlreadyInList"), "error");
              if (single) picked.length = 0;
              picked.push(r);
              redraw();
              clearTimeout(timer);
              results.hidden = true;
            },
          }, label(r))),
        ),
      );
    }, 200);
  };
  search.addEventListener("focus", load);
  search.addEventListener("input", load);
  return { el: h("div", {}, chips, search, results), value: () => (single ? (picked[0] ?? null) : picked.length ? picked : null), focus: () => search.focus() };
}

/** The control of each field type a visitor can fill. */
export function controlFor(uuid: string, c: FormColumn, id: string): Control {
  switch (c.uidt) {
    case "LongText": {
      const el = h("textarea", { id, rows: 4, class: "w-full rounded border border-gray-300 px-3 py-2" });
      return simple(el);
    }
    case "Number": case "Decimal": case "Currency": case "Percent": case "Year": case "Duration":
      return simple(input("number", { id, step: c.uidt === "Number" || c.uidt === "Year" ? "1" : "any" }), num);
    case "Rating": {
      const el = input("number", { id, min: 0, max: 10, step: 1 });
      return simple(el, num);
    }
    case "Checkbox": {
      const el = input("checkbox", { id, class: "h-5 w-5" });
      return { el, value: () => el.checked, focus: () => el.focus() };
    }
    case "Date": return simple(input("date", { id }));
    case "DateTime": return simple(input("datetime-local", { id }), (v) => (v ? new Date(v).toISOString() : null));
    case "Time": return simple(input("time", { id }));
    case "Email": return simple(input("email", { id }));
    case "URL": return simple(input("url", { id }));
    case "PhoneNumber": return simple(input("tel", { id }));
    case "SingleSelect": {
      const el = h("select", { id, class: "w-full rounded border border-gray-300 px-3 py-2" }, h("option", { value: "" }, ""), ...(opts(c).options ?? []).map((o) => h("option", { value: o.title }, o.title)));
      return simple(el as unknown as HTMLInputElement);
    }
    case "MultiSelect": {
      const boxes = (opts(c).options ?? []).map((o) => ({ o, box: input("checkbox", { class: "h-4 w-4", value: o.title }) as HTMLInputElement }));
      const el = h("div", { id, role: "group", class: "flex flex-wrap gap-3" }, ...boxes.map(({ o, box }) => h("label", { class: "inline-flex items-center gap-1" }, box, o.title)));
      return { el, value: () => { const v = boxes.filter((b) => b.box.checked).map((b) => b.o.title); return v.length ? v.join(",") : null; }, focus: () => boxes[0]?.box.focus() };
    }
    case "Attachment": {
      const el = input("file", { id, multiple: true }) as HTMLInputElement;
      return { el, value: () => null, files: () => Array.from(el.files ?? []), focus: () => el.focus() };
    }
    case "LinkToAnotherRecord": return linkControl(uuid, c, id);
    default: return simple(input("text", { id }));
  }
}
