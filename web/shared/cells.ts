import { FORM_INPUTS } from "../../db/fields/form-inputs";
import type { UIType } from "../../db/fields/types";
import { h } from "./dom";
import { t } from "./text";

type Row = Record<string, unknown>;

/** A cell as text: attachments by title, links by their display value, lists joined. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v))
    return v
      .map((x) =>
        x && typeof x === "object" ? String((x as Row).title ?? Object.values(x as Row)[1] ?? "") : String(x),
      )
      .join(", ");
  if (typeof v === "object") return String(Object.values(v as Row)[1] ?? "");
  return String(v);
}

const isTrue = (v: unknown) => v === true || v === 1 || v === "1" || v === "true";

/**
 * A cell's content for a reader: a checkbox as a check mark or nothing, named for screen readers
 * ("Checked" / "Not checked"), never the raw true/false (issue #42.10); the rest as text.
 */
export function cellContent(uidt: string, v: unknown): Node | string {
  if (FORM_INPUTS[uidt as UIType] !== "checkbox") return cellText(v);
  const on = isTrue(v);
  return h(
    "span",
    { role: "img", "aria-label": t(on ? "sharedView.checked" : "sharedView.unchecked"), "data-checked": String(on) },
    on ? "✓" : "",
  );
}
