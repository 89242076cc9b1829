/**
 * Each type's form control, the one registry fact the visitor's shared form needs. It is its own
 * small module so that plain-DOM entry (web/shared/inputs.ts) reads it without loading the field
 * types and zod (33 KB gzipped more on a form page); each field type carries it as `formInput`.
 */
import { isoDate, parseDateText } from "./common/dates";
import type { FormInput, UIType } from "./types";

export const FORM_INPUTS: Readonly<Record<UIType, FormInput>> = {
  SingleLineText: "text",
  LongText: "textarea",
  Email: "email",
  URL: "url",
  PhoneNumber: "tel",
  Number: "integer",
  Year: "integer",
  Decimal: "number",
  Currency: "number",
  Percent: "number",
  Duration: "number",
  Rating: "rating",
  Checkbox: "checkbox",
  Date: "date",
  DateTime: "datetime",
  Time: "time",
  SingleSelect: "select",
  MultiSelect: "multiselect",
  Attachment: "file",
  LinkToAnotherRecord: "link",
  // Values a visitor cannot give as text in a form, asked as text as before: JSON, a source's own types.
  JSON: "text",
  Geometry: "text",
  SpecificDBType: "text",
  // The server or the links set these.
  Lookup: "none",
  Rollup: "none",
  Formula: "none",
  ID: "none",
  ForeignKey: "none",
  CreateTime: "none",
  CreatedBy: "none",
  LastModifiedBy: "none",
};

/** The form control of a type; a type this build does not know is asked as text. */
export const formInputOfType = (uidt: string): FormInput => FORM_INPUTS[uidt as UIType] ?? "text";

/**
 * Whether a form can ask for the field (the builder offers it, the shared form shows it): not a
 * type the server or the links set, nor an auto-increment key. A link is asked with a picker.
 */
export const askedInForms = (c: { uidt: string; pk?: boolean; ai?: boolean | number | null }) =>
  formInputOfType(c.uidt) !== "none" && !(c.pk && c.ai);

/**
 * A date question's format: the column's date_format (its meta, an object or JSON text), shown
 * and read the same way in the builder's preview and the shared form rather than in the
 * browser's own date picker, which follows the browser's language.
 */
export function formDateFormat(meta: unknown): string {
  let m = meta;
  if (typeof m === "string") {
    try {
      m = JSON.parse(m) as unknown;
    } catch {
      m = null;
    }
  }
  const format = m && typeof m === "object" ? (m as { date_format?: unknown }).date_format : undefined;
  return typeof format === "string" && format ? format : "YYYY-MM-DD";
}

/** A typed date as stored (`YYYY-MM-DD`), or the text as typed when it is not one (the server says why). */
export function dateAnswer(text: string, format: string): string | null {
  if (text.trim() === "") return null;
  const parsed = parseDateText(text, format);
  return parsed ? isoDate(parsed.date) : text.trim();
}
