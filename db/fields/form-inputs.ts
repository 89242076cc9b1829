/**
 * Each type's form control, the one registry fact the visitor's shared form needs. It is its own
 * small module so that plain-DOM entry (web/shared/inputs.ts) reads it without loading the field
 * types and zod (33 KB gzipped more on a form page); each field type carries it as `formInput`.
 */
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
