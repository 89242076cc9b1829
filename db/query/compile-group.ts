/**
 * Group-by counts (contract 5.1 `groupby`): one row per distinct value of a column with how many
 * rows hold it. Rules:
 * - the column is named by `column_name` (as upstream) or by title; unknown → QueryError;
 * - `where` filters before grouping; groups sort by the value (NULL group first), or by count
 *   when `sort` is `count`/`-count`; limit/offset page the groups and the count counts groups.
 * - `bucket` (issue 37) groups a Date or DateTime column by its day, month or year: the group's
 *   value is that part of the date as text (`2024`, `2024-03`, `2024-03-15`), made by the dialect's
 *   own date functions (its stamp cast and date format, then the first 4, 7 or 10 characters), so
 *   the grouping runs in SQL on every database; a DateTime is bucketed by its stored (UTC) date.
 * - SQL Server pages with OFFSET/FETCH (compile-list.ts `orderAndPage`); it refuses a sub-query in
 *   GROUP BY, which is why external tables never group by a computed field (db/external/rows.ts).
 * - `measures` add an aggregate of a field per group, each as `<fn>_<column_name>`: a sum or
 *   average of a number (or checkbox) field (the MCP `aggregate` tool), a minimum, maximum, count
 *   of filled values or of distinct values of any field (the grid's per-group footer aggregates,
 *   db/views/footer.ts); a computed field through its SQL, except on SQL Server (which refuses an
 *   aggregate of a sub-query). A sum or average of another field → QueryError.
 */
import { compileWhere } from "./compile-where";
import { orderTerm, isTextStorage } from "./dialect";
import { and, columnRef, ident, join, lit, render, sql, tableSource, type Frag } from "./sql";
import { dialectOf } from "./dialects";
import { kindOf } from "./filter-ops";
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
  /** Group a date column by its day, month or year. */
  bucket?: DateBucket | null;
  /**
   * A table of maintained counts of the column (db/rows/group-counts.ts: k, v, n), read in place
   * of the rows when there is no filter and no row rule: the same groups in the same order.
   */
  counts?: string;
}

export const DATE_BUCKETS = ["day", "month", "year"] as const;
export type DateBucket = (typeof DATE_BUCKETS)[number];
const BUCKET_CHARS: Record<DateBucket, number> = { year: 4, month: 7, day: 10 };

/** The bucket of a date column's value as text, in the dialect's own date functions. */
export function dateBucket(d: Dialect, c: Frag, bucket: DateBucket): Frag {
  const x = dialectOf(d);
  return x.substr(x.formatStamp(x.toStamp(c), "date"), lit("1"), lit(String(BUCKET_CHARS[bucket])));
}

export const GROUP_MEASURE_FNS = ["sum", "avg", "min", "max", "count", "count_distinct"] as const;

/** An aggregate of a field, computed per group next to the count. */
export interface GroupMeasure {
  fn: (typeof GROUP_MEASURE_FNS)[number];
  column: string;
}

/** The alias a measure answers under. */
export const measureAlias = (fn: GroupMeasure["fn"], columnName: string) => `${fn}_${columnName}`;

function measureFrags(d: Dialect, table: QueryTable, measures: GroupMeasure[] | undefined) {
  const aliases: string[] = [];
  const kept: string[] = [];
  const frags = (measures ?? []).map((m) => {
    // By column name, title or (the grid's footer choices) id.
    const col =
      table.columns.find((c) => c.columnName === m.column) ??
      table.columns.find((c) => c.title === m.column) ??
      table.columns.find((c) => c.id === m.column);
    if (!col) throw new QueryError(`Column '${m.column}' not found`);
    const kind = fieldType(col.uidt)?.kind;
    const number = kind === "number" || kind === "checkbox";
    if ((m.fn === "sum" || m.fn === "avg") && !col.expr && !number)
      throw new QueryError(`Cannot ${m.fn} '${col.title}': it is not a number field`);
    if (col.expr && !dialectOf(d).aggregatesSubqueries)
      throw new QueryError(`Cannot aggregate '${col.title}' per group: it is computed`);
    const v = columnRef(d, col);
    const agg =
      m.fn === "sum"
        ? sql`SUM(${v})`
        : m.fn === "avg"
          ? dialectOf(d).average(v, false)
          : m.fn === "min"
            ? sql`MIN(${v})`
            : m.fn === "max"
              ? sql`MAX(${v})`
              : m.fn === "count"
                ? sql`COUNT(${v})`
                : sql`COUNT(DISTINCT ${v})`;
    aliases.push(measureAlias(m.fn, col.columnName));
    // A minimum or maximum of a text or date is that value, not a number.
    if ((m.fn === "min" || m.fn === "max") && !number && !col.expr) kept.push(aliases.at(-1)!);
    return sql`, ${agg} AS ${ident(d, aliases.at(-1)!)}`;
  });
  return { frag: join(frags, ""), aliases, kept };
}

/**
 * A group row's measures by alias: numbers (drivers may answer decimals as text), except the
 * `kept` ones (a minimum or maximum of a text or date), which stay as text.
 */
export function measureValues(
  raw: Record<string, unknown>,
  aliases: readonly string[],
  kept: readonly string[] = [],
): Record<string, number | string | null> {
  return Object.fromEntries(
    aliases.map((a) => {
      const v = raw[a];
      if (v === null || v === undefined) return [a, null];
      if (kept.includes(a)) return [a, v instanceof Date ? v.toISOString() : String(v)];
      return [a, Number(v)];
    }),
  );
}

export function compileGroupBy(input: GroupInput): {
  list: Compiled;
  count: Compiled;
  columnName: string;
  measures: string[];
  /** The measures whose values are not numbers (measureValues). */
  kept: string[];
} {
  const { dialect: d, table } = input;
  const col =
    table.columns.find((c) => c.columnName === input.column) ?? table.columns.find((c) => c.title === input.column);
  if (!col) throw new QueryError(`Column '${input.column}' not found in column_name`);
  const parts = [compileWhere(table, input.where, { dialect: d, now: input.now, me: input.me }), table.rowRule].filter(
    (f): f is Frag => !!f,
  );
  const where = parts.length ? sql` WHERE ${and(parts)}` : sql``;
  if (input.bucket) {
    if (!(DATE_BUCKETS as readonly string[]).includes(input.bucket))
      throw new QueryError(`bucket must be one of ${DATE_BUCKETS.join(", ")}`);
    const kind = kindOf(col.uidt);
    if (kind !== "date" && kind !== "datetime")
      throw new QueryError(`bucket: '${col.title}' is not a Date or DateTime field`);
  }
  const c = input.bucket ? dateBucket(d, columnRef(d, col), input.bucket) : columnRef(d, col);
  const countAlias = ident(d, "count");
  const byCount = input.sort?.replace(/^-/, "") === "count";
  // Groups order as a sort on the column does (a person column by the person's name).
  const key = input.bucket ? c : (col.sortExpr ?? c);
  const order = byCount
    ? sql`${countAlias}${input.sort!.startsWith("-") ? sql` DESC` : sql` ASC`}, ${orderTerm(d, key, false, isTextStorage(col, d) && !input.bucket)}`
    : orderTerm(d, key, input.sort?.startsWith("-") ?? false, isTextStorage(col, d) && !input.bucket);
  const page = orderAndPage(d, order, input.limit, input.offset);
  const plain = !parts.length && !col.expr && !col.sortExpr && !input.bucket && !input.measures?.length;
  if (input.counts && plain) {
    // The counts read as the rows would group: each value once, under the column's own name.
    const g = ident(d, input.counts);
    const groups = sql`(SELECT CASE WHEN ${ident(d, "k")} THEN ${ident(d, "v")} END AS ${c}, ${ident(d, "n")} AS ${countAlias} FROM ${g} WHERE ${ident(d, "n")} > 0) AS ${ident(d, table.tableName)}`;
    return {
      list: render(sql`SELECT ${c}, ${countAlias} FROM ${groups}${page}`, d),
      count: render(sql`SELECT COUNT(*) AS ${countAlias} FROM ${g} WHERE ${ident(d, "n")} > 0`, d),
      columnName: col.columnName,
      measures: [],
      kept: [],
    };
  }
  const from = tableSource(d, table.tableName, table.dbSchema);
  const measures = measureFrags(d, table, input.measures);
  const selected = input.bucket ? sql`${c} AS ${ident(d, col.columnName)}` : c;
  const list = sql`SELECT ${selected}, COUNT(*) AS ${countAlias}${measures.frag} FROM ${from}${where} GROUP BY ${c}${page}`;
  // Sums need the rows, but how many groups there are is the maintained counts' (issue 37: the
  // grouped grid's aggregates), not a second scan of the table.
  const count =
    input.counts && !parts.length && !col.expr && !col.sortExpr && !input.bucket
      ? sql`SELECT COUNT(*) AS ${countAlias} FROM ${ident(d, input.counts)} WHERE ${ident(d, "n")} > 0`
      : sql`SELECT COUNT(*) AS ${countAlias} FROM (SELECT ${c} FROM ${from}${where} GROUP BY ${c}) AS ${ident(d, "groups")}`;
  return {
    list: render(list, d),
    count: render(count, d),
    columnName: col.columnName,
    measures: measures.aliases,
    kept: measures.kept,
  };
}
