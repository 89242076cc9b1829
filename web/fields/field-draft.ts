/**
 * The field editor's state and the column payload it sends (API-CONTRACT 4.3). Settings of a type
 * are one object, as db/fields' registry reads them (`meta` merged with `colOptions`); on the way
 * out select options go to `colOptions` and the rest to `meta`. Problems are found with the same
 * registry the server uses, so the editor shows the server's rule before saving.
 */
import { fieldType, parseOptions } from "../../db/fields/registry";
import { NAME_MAX } from "../../db/schema/names";
import type { UIType } from "../../db/fields/types";
import type { Column, ColumnPayload } from "../api/types";
import { isVirtualType } from "../links/computed-field-settings";
import { virtualPayload, virtualProblem } from "./computed-payload";
import type { VirtualProblem } from "./types";

export const SELECT_TYPES: readonly UIType[] = ["SingleSelect", "MultiSelect"];
/** Types the editor offers no default value for. */
const NO_DEFAULT: readonly UIType[] = [
  "Attachment",
  "LinkToAnotherRecord",
  "Lookup",
  "Rollup",
  "Formula",
  "ID",
  "ForeignKey",
  "CreateTime",
];

export interface FieldDraft {
  title: string;
  uidt: UIType;
  /** The type's settings with defaults applied (meta and colOptions together). */
  options: Record<string, unknown>;
  rqd: boolean;
  /** Default value as typed; "" means none. */
  cdf: string;
}

export function defaultOptions(uidt: UIType): Record<string, unknown> {
  const parsed = parseOptions(uidt, {});
  return parsed.ok ? parsed.value : {};
}

export function newFieldDraft(uidt: UIType = "SingleLineText"): FieldDraft {
  return { title: "", uidt, options: defaultOptions(uidt), rqd: false, cdf: "" };
}

export function draftFromColumn(column: Column): FieldDraft {
  const { fk_column_id: _ignored, ...colOptions } = column.colOptions ?? {};
  return {
    title: column.title,
    uidt: column.uidt,
    options: { ...defaultOptions(column.uidt), ...(column.meta ?? {}), ...colOptions },
    rqd: Boolean(column.rqd),
    cdf: column.cdf ?? "",
  };
}

/** A new type: its default settings; select options carry over between the two select types. */
export function withType(draft: FieldDraft, uidt: UIType): FieldDraft {
  if (uidt === draft.uidt) return draft;
  const options = defaultOptions(uidt);
  if (SELECT_TYPES.includes(uidt) && SELECT_TYPES.includes(draft.uidt)) options.options = draft.options.options ?? [];
  return { ...draft, uidt, options, cdf: "" };
}

export function takesDefault(uidt: UIType): boolean {
  return !NO_DEFAULT.includes(uidt);
}

/** The payload of POST /tables/{id}/columns (no `original`) or PATCH /columns/{id}. */
export function columnPayload(draft: FieldDraft, original?: Column): ColumnPayload {
  const title = draft.title.trim();
  if (original && (original.system || original.pk)) return { title, uidt: original.uidt };
  if (isVirtualType(draft.uidt)) return virtualPayload(draft.uidt, title, draft.options, original, draft.rqd);
  const { options, ...rest } = draft.options;
  const select = SELECT_TYPES.includes(draft.uidt);
  const payload: ColumnPayload = {
    title,
    uidt: draft.uidt,
    meta: select ? rest : draft.options,
    rqd: draft.rqd,
    cdf: takesDefault(draft.uidt) && draft.cdf !== "" ? draft.cdf : null,
  };
  if (select) payload.colOptions = { options };
  else if (original) payload.colOptions = null;
  if (!original) payload.column_name = title;
  return payload;
}

export type TitleProblem =
  "msg.error.columnNameRequired" | "msg.error.columnNameTooLong" | "msg.error.columnNameDuplicate";

export interface DraftProblems {
  title?: TitleProblem;
  /** The registry's sentence, e.g. "Duplicates are not allowed!". */
  options?: string;
  cdf?: string;
  /** A link, lookup, rollup or formula setting still to choose (a locale key). */
  virtual?: VirtualProblem;
}

/** What stops the draft from saving; `otherTitles` are the table's other column titles. */
export function draftProblems(draft: FieldDraft, otherTitles: readonly string[]): DraftProblems {
  const problems: DraftProblems = {};
  const title = draft.title.trim();
  if (!title) problems.title = "msg.error.columnNameRequired";
  else if (title.length > NAME_MAX) problems.title = "msg.error.columnNameTooLong";
  else if (otherTitles.some((t) => t.toLowerCase() === title.toLowerCase()))
    problems.title = "msg.error.columnNameDuplicate";
  if (isVirtualType(draft.uidt)) {
    const missing = virtualProblem(draft.uidt, draft.options);
    if (missing) problems.virtual = missing;
    return problems;
  }
  const parsed = parseOptions(draft.uidt, draft.options);
  if (!parsed.ok) {
    problems.options = parsed.error;
    return problems;
  }
  if (takesDefault(draft.uidt) && draft.cdf !== "") {
    const value = fieldType(draft.uidt).fromApi(draft.cdf, { title: title || draft.uidt, options: parsed.value });
    if (!value.ok) problems.cdf = value.error;
  }
  return problems;
}

export function hasProblems(problems: DraftProblems): boolean {
  return Boolean(problems.title || problems.options || problems.cdf || problems.virtual);
}
