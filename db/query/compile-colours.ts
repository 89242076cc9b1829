/**
 * Colour rules in the list read (issue 37): each target (the row, or one field's cell) is one
 * `CASE WHEN <rule 1's condition> THEN 0 WHEN <rule 2's> THEN 1 ... END` in the same SELECT as the
 * page, so the first matching rule of every row comes back with it and nothing loads rows to test
 * them. Conditions are compiled by the view filter compiler (compile-where.ts) with every value
 * bound; a rule without conditions matches every row. A `column` case selects that column's value
 * as it is (colouring by a select field: the caller maps the option to its colour).
 */
import { compileWhere } from "./compile-where";
import { columnRef, ident, join, param, paren, sql, type Frag } from "./sql";
import { QueryError, type Dialect, type QueryTable, type WhereNode } from "./types";

export interface ColourCase {
  /** The selected value's name, e.g. `_nc_c0`. */
  alias: string;
  /** Rules in order: the first whose tree matches answers its `value` (a rule's index). */
  whens?: { tree: WhereNode | null; value: number }[];
  /** Instead of whens: this column's (title) stored value. */
  column?: string;
}

export interface ColourOptions {
  dialect: Dialect;
  now?: Date;
  me?: string | null;
}

export function colourSelects(table: QueryTable, cases: readonly ColourCase[], opts: ColourOptions): Frag[] {
  const d = opts.dialect;
  return cases.map((c) => {
    if (c.column !== undefined) {
      const col = table.columns.find((x) => x.title === c.column);
      if (!col) throw new QueryError(`Column '${c.column}' not found`);
      return sql`${columnRef(d, col)} AS ${ident(d, c.alias)}`;
    }
    const whens = (c.whens ?? []).map((w) => {
      const cond = compileWhere(table, w.tree, opts) ?? sql`1 = 1`;
      return sql`WHEN ${paren(cond)} THEN ${param(w.value)}`;
    });
    if (!whens.length) return sql`NULL AS ${ident(d, c.alias)}`;
    return sql`CASE ${join(whens, " ")} END AS ${ident(d, c.alias)}`;
  });
}
