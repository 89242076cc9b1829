/**
 * Group-by counts (contract 5.1 `groupby`): one row per distinct value of a column with how many
 * rows hold it. Rules:
 * - the column is named by `column_name` (as upstream) or by title; unknown → QueryError;
 * - `where` filters before grouping; groups sort by the value (NULL group first), or by count
 *   when `sort` is `count`/`-count`; limit/offset page the groups and the count counts groups.
 * - SQL Server pages with OFFSET/FETCH (compile-list.ts `orderAndPage`); it refuses a sub-query in
 *   GROUP BY, which is why external tables never group by a computed field (db/external/rows.ts).
 */
import { compileWhere } from "./compile-where";
import { orderTerm, isTextStorage } from "./dialect";
import { and, columnRef, ident, render, sql, tableSource, type Frag } from "./sql";
import { orderAndPage } from "./compile-list";
import { QueryError, type Compiled, type Dialect, type QueryTable, type WhereNode } from "./types";

export interface GroupInput {
  dialect: Dialect;
  table: QueryTable;
  column: string;
  where?: string | WhereNode | null;
  sort?: string;
  limit: number;
  offset: number;
  now?: Date;
  /** The user who runs the query: what `@me` means in filters on user columns. */
  me?: string | null;
  /**
   * A table of maintained counts of the column (db/rows/group-counts.ts: k, v, n), read in place
   * of the rows when there is no filter and no row rule: the same groups in the same order.
   */
  counts?: string;
}

export function compileGroupBy(input: GroupInput): { list: Compiled; count: Compiled; columnName: string } {
  const { dialect: d, table } = input;
  const col =
    table.columns.find((c) => c.columnName === input.column) ?? table.columns.find((c) => c.title === input.column);
  if (!col) throw new QueryError(`Column '${input.column}' not found in column_name`);
  const parts = [compileWhere(table, input.where, { dialect: d, now: input.now, me: input.me }), table.rowRule].filter(
    (f): f is Frag => !!f,
  );
  const where = parts.length ? sql` WHERE ${and(parts)}` : sql``;
  const c = columnRef(d, col);
  const countAlias = ident(d, "count");
  const byCount = input.sort?.replace(/^-/, "") === "count";
  // Groups order as a sort on the column does (a person column by the person's name).
  const key = col.sortExpr ?? c;
  const order = byCount
    ? sql`${countAlias}${input.sort!.startsWith("-") ? sql` DESC` : sql` ASC`}, ${orderTerm(d, key, false, isTextStorage(col, d))}`
    : orderTerm(d, key, input.sort?.startsWith("-") ?? false, isTextStorage(col, d));
  const page = orderAndPage(d, order, input.limit, input.offset);
  if (input.counts && !parts.length && !col.expr && !col.sortExpr) {
    // The counts read as the rows would group: each value once, under the column's own name.
    const g = ident(d, input.counts);
    const groups = sql`(SELECT CASE WHEN ${ident(d, "k")} THEN ${ident(d, "v")} END AS ${c}, ${ident(d, "n")} AS ${countAlias} FROM ${g} WHERE ${ident(d, "n")} > 0) AS ${ident(d, table.tableName)}`;
    return {
      list: render(sql`SELECT ${c}, ${countAlias} FROM ${groups}${page}`, d),
      count: render(sql`SELECT COUNT(*) AS ${countAlias} FROM ${g} WHERE ${ident(d, "n")} > 0`, d),
      columnName: col.columnName,
    };
  }
  const from = tableSource(d, table.tableName, table.dbSchema);
  const list = sql`SELECT ${c}, COUNT(*) AS ${countAlias} FROM ${from}${where} GROUP BY ${c}${page}`;
  const count = sql`SELECT COUNT(*) AS ${countAlias} FROM (SELECT ${c} FROM ${from}${where} GROUP BY ${c}) AS ${ident(d, "groups")}`;
  return { list: render(list, d), count: render(count, d), columnName: col.columnName };
}
