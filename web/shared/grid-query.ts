import { FORM_INPUTS } from "../../db/fields/form-inputs";
import type { FormInput, UIType } from "../../db/fields/types";

/**
 * What a visitor asks of a shared grid (issue #42.10) as the public rows route's `where` and
 * `sort` (contract 1.5, 1.7). Rules:
 * - the search box: `like %text%` on every shown field whose form control is typed text or a
 *   choice (FORM_INPUTS, the registry's light per-type fact), ORed;
 * - the filter: one condition on a shown field, its operators by that control: text ones eq, like
 *   and blank; numbers, ratings, dates and times eq, gt, lt and blank; other fields none;
 * - search AND filter; the sort is one field, ascending or descending;
 * - "(" and "~" are left out of typed values: the route reads `(name,` as a field name and `~` as
 *   a new term, so they could only make a visitor's search fail.
 */
export type FilterOp = "eq" | "like" | "gt" | "lt" | "blank";
export type SortDir = "asc" | "desc";

export interface GridQuery {
  search: string;
  sort: { title: string; dir: SortDir } | null;
  filter: { title: string; op: FilterOp; value: string } | null;
}

interface Col {
  title: string;
  uidt: string;
}

const TEXT_INPUTS: ReadonlySet<FormInput> = new Set([
  "text",
  "textarea",
  "email",
  "url",
  "tel",
  "select",
  "multiselect",
]);
const ORDERED_INPUTS: ReadonlySet<FormInput> = new Set(["integer", "number", "rating", "date", "datetime", "time"]);

const inputOf = (c: Col): FormInput | undefined => FORM_INPUTS[c.uidt as UIType];

export const isSearchable = (c: Col) => TEXT_INPUTS.has(inputOf(c)!);

export function filterOps(c: Col): FilterOp[] {
  const input = inputOf(c);
  if (input && TEXT_INPUTS.has(input)) return ["eq", "like", "blank"];
  if (input && ORDERED_INPUTS.has(input)) return ["eq", "gt", "lt", "blank"];
  return [];
}

/** The HTML input type for a filter's value on this field. */
export function valueInputType(c: Col): string {
  const input = inputOf(c);
  if (input === "date" || input === "datetime") return "date";
  if (input === "integer" || input === "number" || input === "rating") return "number";
  if (input === "time") return "time";
  return "text";
}

const clean = (text: string) => text.replace(/[(~]/g, "").trim();

/** The query string of a page of rows for this state of the grid. */
export function gridQuery(q: GridQuery, cols: readonly Col[], limit = 100): string {
  const params = new URLSearchParams({ limit: String(limit) });
  const terms: string[] = [];
  const text = clean(q.search);
  const searched = cols.filter(isSearchable);
  if (text && searched.length) terms.push(`(${searched.map((c) => `(${c.title},like,%${text}%)`).join("~or")})`);
  const f = q.filter;
  if (f && cols.some((c) => c.title === f.title)) {
    const value = clean(f.value);
    if (f.op === "blank") terms.push(`(${f.title},blank)`);
    else if (value) terms.push(`(${f.title},${f.op},${f.op === "like" ? `%${value}%` : value})`);
  }
  if (terms.length) params.set("where", terms.join("~and"));
  if (q.sort) params.set("sort", `${q.sort.dir === "desc" ? "-" : ""}${q.sort.title}`);
  return `?${params.toString()}`;
}

/** The next sort after a click on a column's header: ascending, descending, then none. */
export function nextSort(current: GridQuery["sort"], title: string): GridQuery["sort"] {
  if (current?.title !== title) return { title, dir: "asc" };
  return current.dir === "asc" ? { title, dir: "desc" } : null;
}
