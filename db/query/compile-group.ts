/**
 * Group-by counts (contract 5.1 `groupby`): one row per distinct value of a column with how many
 * rows hold it. Rules:
 * - the column is named by `column_name` (as upstream) or by title; unknown → QueryError;
 * - `where` filters before grouping; groups sort by the value (NULL group first), or by count
 *   when `sort` is `count`/`-count`; limit/offset page the groups and the count counts groups.
 * - SQL Server pages with OFFSET/FETCH (compile-list.ts `orderAndPage`); it refuses a sub-query in
 *   GROUP BY, which is why external tables never group by a computed field (db/external/rows.ts).
 * - `measures` add a sum or average of a stored number field per group (the MCP `aggregate` tool),
 *   each as `<fn>_<column_name>`; a field that is not a stored number → QueryError.
 */
import { compileWhere } from "./compile-where";
import { orderTerm, isTextStorage } from "./dialect";
import { and, columnRef, ident, join, render, sql, tableSource, type Frag } from "./sql";
import { orderAndPage } from "./compile-list";
import { fieldType } from "../fields/registry";
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
  measures?: GroupMeasure[];
}

/** A sum or average of a number field, computed per group next to the count. */
export interface GroupMeasure {
  fn: "sum" | "avg";
  column: string;
}

/** The alias a measure answers under. */
export const measureAlias = (fn: GroupMeasure["fn"], columnName: string) => `${fn}_${columnName}`;

function measureFrags(d: Dialect, table: QueryTable, measures: GroupMeasure[] | undefined) {
  const aliases: string[] = [];
  const frags = (measures ?? []).map((m) => {
    const col = table.columns.find((c) => c.columnName === m.column) ?? table.columns.find((c) => c.title === m.column);
    if (!col) throw new QueryError(`Column '${m.column}' not found`);
    if (col.expr || fieldType(col.uidt)?.kind !== "number")
      throw new QueryError(`Cannot ${m.fn} '${col.title}': it is not a number field`);
    const agg = m.fn === "sum" ? sql`SUM(${columnRef(d, col)})` : sql`AVG(${columnRef(d, col)})`;
    aliases.push(measureAlias(m.fn, col.columnName));
    return sql`, ${agg} AS ${ident(d, aliases.at(-1)!)}`;
  });
  return { frag: join(frags, ""), aliases };
}

/** A group row's measures by alias, as numbers (drivers may answer decimals as text). */
export function measureValues(raw: Record<string, unknown>, aliases: readonly string[]): Record<string, number | null> {
  return Object.fromEntries(aliases.map((a) => [a, raw[a] === null || raw[a] === undefined ? null : Number(raw[a])]));
}

export function compileGroupBy(input: GroupInput): {
  list: Compiled;
  count: Compiled;
  columnName: string;
  measures: string[];
} {
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
  const from = tableSource(d, table.tableName, table.dbSchema);
  const page = orderAndPage(d, order, input.limit, input.offset);
  const measures = measureFrags(d, table, input.measures);
  const list = sql`SELECT ${c}, COUNT(*) AS ${countAlias}${measures.frag} FROM ${from}${where} GROUP BY ${c}${page}`;
  const count = sql`SELECT COUNT(*) AS ${countAlias} FROM (SELECT ${c} FROM ${from}${where} GROUP BY ${c}) AS ${ident(d, "groups")}`;
  return { list: render(list, d), count: render(count, d), columnName: col.columnName, measures: measures.aliases };
}
