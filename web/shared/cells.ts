import { FORM_INPUTS } from "../../db/fields/form-inputs";
import type { UIType } from "../../db/fields/types";
import { h } from "./dom";
import { t } from "./text";

type Row = Record<string, unknown>;

/**
 * A person as a visitor may see them (the server leaves out e-mails for anonymous readers): their
 * name, else "A member"; never their user id (issue 42).
 */
const isPerson = (x: Row) => typeof x.id === "string" && ("display_name" in x || "email" in x);
const personText = (x: Row) =>
  (typeof x.display_name === "string" && x.display_name) ||
  (typeof x.email === "string" && x.email) ||
  t("sharedView.member");

/** One object of a cell: a person by name, a file by title, a linked record by its display value. */
const objectText = (x: Row) => (isPerson(x) ? personText(x) : String(x.title ?? Object.values(x)[1] ?? ""));

/** A cell as text: people by name, attachments by title, links by their display value, lists joined. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (Array.isArray(v)) return v.map((x) => (x && typeof x === "object" ? objectText(x as Row) : String(x))).join(", ");
  if (typeof v === "object") return objectText(v as Row);
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
