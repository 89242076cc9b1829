/**
 * `sort` and `fields` (API-CONTRACT 1.6). Rules:
 * - Both take a comma list (`Title,-Age`) or an array; array items are whole titles (so titles
 *   with commas work there), blank items are skipped. Titles match exactly, else after trimming.
 * - sort: a leading "-" means descending. Unknown title → `Column 'X' not found in sort`. NULLs
 *   come first ascending and last descending on every dialect; text sorts by code point (dialect.ts).
 *   The primary key always ends the order (ascending) so pages are stable. SQL Server sorts a
 *   computed column by `(SELECT <expression>)`: it refuses a constant ORDER BY item, which a formula
 *   can be (`7 / 2`), and would read a bare `1` (the formula TRUE()) as the first selected column.
 * - fields: `*` (or nothing) means every column; unknown title → `Column 'X' not found in fields`.
 *   Listed columns come back in the order listed, each once.
 */
import { isTextStorage, orderTerm } from "./dialect";
import { dialectOf } from "./dialects";
import { Frag, columnRef, join, sql } from "./sql";
import { QueryError, type Dialect, type QueryColumn, type QueryTable } from "./types";

export type ListParam = string | readonly string[] | null | undefined;

function items(param: ListParam): string[] {
  if (param === undefined || param === null) return [];
  const list = typeof param === "string" ? param.split(",") : [...param];
  return list.filter((t) => t.trim() !== "");
}

function find(table: QueryTable, title: string, where: string): QueryColumn {
  const column = table.columns.find((c) => c.title === title) ?? table.columns.find((c) => c.title === title.trim());
  if (!column) throw new QueryError(`Column '${title}' not found in ${where}`);
  return column;
}

export interface SortTerm {
  column: QueryColumn;
  desc: boolean;
}

export function resolveSort(table: QueryTable, sort: ListParam): SortTerm[] {
  return items(sort).map((item) => {
    const text = item.trim();
    const desc = text.startsWith("-");
    return { column: find(table, desc ? text.slice(1) : item, "sort"), desc };
  });
}

export const primaryKey = (table: QueryTable): QueryColumn | undefined => table.columns.find((c) => c.pk);

/**
 * One key of a list's order: the expression ORDER BY sorts on (a computed column's expression,
 * a person column's name), its direction, and whether it can be NULL. Keyset pages (keyset.ts)
 * compare against these same expressions, so a cursor always means the order the page used.
 */
export interface SortKey {
  column: QueryColumn;
  expr: Frag;
  desc: boolean;
  text: boolean;
  notNull: boolean;
}

/** The keys of the order, with the primary-key tiebreak, each column once. */
export function sortKeys(table: QueryTable, sort: ListParam, dialect: Dialect): SortKey[] {
  const terms = resolveSort(table, sort);
  // Every key column (composite keys too) ends the order, so pages are stable.
  for (const pk of table.columns.filter((c) => c.pk))
    if (!terms.some((t) => t.column === pk)) terms.push({ column: pk, desc: false });
  const seen = new Set<QueryColumn>();
  const keys: SortKey[] = [];
  for (const t of terms) {
    if (seen.has(t.column)) continue;
    seen.add(t.column);
    const computed = dialectOf(dialect).sortsComputedInSelect && t.column.expr && !t.column.sortExpr;
    keys.push({
      column: t.column,
      expr: computed ? sql`(SELECT ${t.column.expr!})` : (t.column.sortExpr ?? columnRef(dialect, t.column)),
      desc: t.desc,
      text: isTextStorage(t.column, dialect),
      notNull: Boolean(t.column.pk && !t.column.expr),
    });
  }
  return keys;
}

/** The ORDER BY list (without the keyword) of sortKeys; null when empty. */
export function orderOf(keys: readonly SortKey[], dialect: Dialect): Frag | null {
  const frags = keys.map((k) => orderTerm(dialect, k.expr, k.desc, k.text, k.notNull));
  return frags.length === 0 ? null : join(frags, ", ");
}

/** The ORDER BY list (without the keyword), with the primary-key tiebreak; null when empty. */
export function compileSort(table: QueryTable, sort: ListParam, dialect: Dialect): Frag | null {
  return orderOf(sortKeys(table, sort, dialect), dialect);
}

/** The selected columns, in order. */
export function resolveFields(table: QueryTable, fields: ListParam): QueryColumn[] {
  const list = items(fields);
  if (list.length === 0 || list.some((t) => t.trim() === "*")) return [...table.columns];
  const chosen: QueryColumn[] = [];
  for (const title of list) {
    const column = find(table, title, "fields");
    if (!chosen.includes(column)) chosen.push(column);
  }
  return chosen;
}
