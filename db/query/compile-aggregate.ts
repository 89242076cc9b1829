/**
 * A dashboard widget's numbers as one statement (issue 38), for every dialect. Rules:
 * - Rows are those of the table as its reader reads them: `where` (the widget's filters ANDed with
 *   its view's, db/views/scope.ts) and the reader's row rule (`table.rowRule`), as a list is.
 * - An inner SELECT gives each row's group keys (`gx`, `gs`) and values (`v0`...), computed fields
 *   through their own SQL (`expr`); the outer one aggregates them: count (rows, or a field's
 *   filled values), sum, avg, min, max, count_distinct. So a computed field groups and aggregates
 *   on every dialect (an aggregate of a sub-query is refused by some).
 * - `x` groups by a field's value or, with `bucket`, by the local day, week (from Monday), month,
 *   quarter or year of a date (dialects/date-buckets.ts) in `timeZone` (default UTC); `series`
 *   groups again inside each x. Groups come ordered by x, then series; `limit` caps the rows.
 * - `pivot` (x and series) adds rows for each x's total (`gl` 1), each series' total (2) and the
 *   grand total (3) with UNION ALL: totals of averages and distinct counts are computed, never
 *   added up from cells. Each branch reads the rows afresh and is bounded on its own (cells
 *   PIVOT_CELLS_MAX, rows `limit`, columns PIVOT_COLUMNS_MAX, each plus one to tell a cut): a CTE
 *   read four times is materialised, every row of the table in memory (at 1M rows it took the
 *   local instance down), and an x of a million values would have made a million cells.
 * - `counts` (db/rows/group-counts.ts): a count of rows grouped by x alone, unfiltered, reads the
 *   column's maintained counts (one row per value) instead of the rows: the same groups, each
 *   count the sum of its values' counts (a date bucket adds up its days).
 * - `compare` (no x): the value over the current period of a date field (day, week, month, quarter
 *   or year, in the time zone; the period holding `now`) as `a<i>`, and over the period before as
 *   `p<i>`, in the same scan. Period bounds are bound values.
 * - A field named by id, title or column name that the table (as narrowed for the reader) does
 *   not have is a QueryError naming it; so is an aggregate a field cannot take.
 */
import { fieldType } from "../fields/registry";
import type { Stored } from "../fields/types";
import { fromDialectValue } from "./dialect-values";
import { orderAndPage } from "./compile-list";
import { compileWhere } from "./compile-where";
import { dialectOf } from "./dialects";
import type { DateBucket, LocalTime } from "./dialects/dialect";
import { and, columnRef, ident, join, lit, param, render, sql, tableSource, type Frag } from "./sql";
import {
  checkTimeZone,
  dayText,
  instantOf,
  isUtc,
  localParts,
  offsetCase,
  periodStart,
  type Period,
} from "./time-zone";
import { QueryError, type Compiled, type Dialect, type QueryColumn, type QueryTable, type WhereNode } from "./types";

export const AGGREGATES = ["count", "sum", "avg", "min", "max", "count_distinct"] as const;
export type Aggregate = (typeof AGGREGATES)[number];
export const DATE_BUCKETS = ["day", "week", "month", "quarter", "year"] as const satisfies readonly DateBucket[];
export const PERIODS = ["day", "week", "month", "quarter", "year"] as const satisfies readonly Period[];
/** Groups (or pivot cells) one widget answers at most. */
export const AGGREGATE_LIMIT_MAX = 1000;
/** Values one statement computes at most (a widget's aggregates, a grid footer's columns and its count). */
export const AGGREGATE_VALUES_MAX = 21;
/** A pivot's columns (series values) at most; its rows are `limit`. */
export const PIVOT_COLUMNS_MAX = 100;
/** A pivot's cells at most (the rows past the last whole row of cells are cut). */
export const PIVOT_CELLS_MAX = 10_000;

export interface AggregateSpec {
  /** A field named by id, title or column name; `bucket` for dates. */
  x?: { column: string; bucket?: DateBucket };
  series?: { column: string };
  /** At least one; `column` may be left out for a count of rows. */
  y: { column?: string; agg: Aggregate }[];
  pivot?: boolean;
  compare?: { column: string; period: Period };
  /** IANA name; default UTC. */
  timeZone?: string;
  limit?: number;
}

export interface AggregateInput {
  dialect: Dialect;
  table: QueryTable;
  where?: string | WhereNode | null;
  me?: string | null;
  now?: Date;
  spec: AggregateSpec;
  /** The x column's maintained counts table (k, v, n) when the spec is a count by x alone (rules above). */
  counts?: string;
}

export interface CompiledAggregate {
  statement: Compiled;
  /** Which keys the rows carry (`gx`, `gs`), how many values (`a0`...), and the extras. */
  x: boolean;
  series: boolean;
  values: number;
  pivot: boolean;
  compare: boolean;
  /** The columns read (the answer's decoding and its messages). */
  columns: { x?: QueryColumn; series?: QueryColumn; y: (QueryColumn | undefined)[] };
}

export function findColumn(table: QueryTable, ref: string): QueryColumn {
  const col =
    table.columns.find((c) => c.id === ref) ??
    table.columns.find((c) => c.title === ref) ??
    table.columns.find((c) => c.columnName === ref);
  if (!col) throw new QueryError(`Field '${ref}' is not in this table (deleted, or hidden from you)`);
  return col;
}

const kindOf = (c: QueryColumn) => fieldType(c.uidt)?.kind;

/** A date or instant field's local reading in `zone` (a 400 naming a field that is not a date). */
function localTime(d: Dialect, col: QueryColumn, zone: string, what: string): LocalTime {
  const kind = kindOf(col);
  if (col.expr || (kind !== "date" && kind !== "datetime"))
    throw new QueryError(`${what}: ${col.title} is not a date field`);
  if (kind === "date") return { kind: "date" };
  return {
    kind: "instant",
    zone,
    utc: isUtc(zone),
    offsets: (instant, leaf) => offsetCase(zone, columnRef(d, col), instant, leaf),
  };
}

function numeric(col: QueryColumn): boolean {
  const kind = kindOf(col);
  return !!col.expr || kind === "number" || kind === "checkbox";
}

function aggOf(d: Dialect, agg: Aggregate, v: Frag): Frag {
  switch (agg) {
    case "count":
      return sql`COUNT(${v})`;
    case "sum":
      return sql`SUM(${v})`;
    case "avg":
      return dialectOf(d).average(v, false);
    case "min":
      return sql`MIN(${v})`;
    case "max":
      return sql`MAX(${v})`;
    case "count_distinct":
      return sql`COUNT(DISTINCT ${v})`;
  }
}

export function compileAggregate(input: AggregateInput): CompiledAggregate {
  const { dialect: d, table, spec } = input;
  const D = dialectOf(d);
  const zone = checkTimeZone(spec.timeZone);
  if (!spec.y.length) throw new QueryError("y: name at least one aggregate");
  if (spec.y.length > AGGREGATE_VALUES_MAX) throw new QueryError(`y: at most ${AGGREGATE_VALUES_MAX} aggregates`);
  const limit = spec.limit ?? AGGREGATE_LIMIT_MAX;
  if (!Number.isInteger(limit) || limit < 1 || limit > AGGREGATE_LIMIT_MAX)
    throw new QueryError(`limit must be a whole number from 1 to ${AGGREGATE_LIMIT_MAX}`);
  const xCol = spec.x ? findColumn(table, spec.x.column) : undefined;
  const sCol = spec.series ? findColumn(table, spec.series.column) : undefined;
  if (sCol && !xCol) throw new QueryError("series needs an x field");
  if (spec.pivot && (!xCol || !sCol))
    throw new QueryError("A pivot needs an x (rows) field and a series (columns) field");
  if (spec.compare && xCol) throw new QueryError("compare is for a single number: leave x out");

  const local = (col: QueryColumn, what: string) => localTime(d, col, zone, what);
  const keyOf = (col: QueryColumn, bucket: DateBucket | undefined, what: string): Frag =>
    bucket ? D.dateBucket(columnRef(d, col), bucket, local(col, what)) : columnRef(d, col);

  const yCols = spec.y.map((y, i) => {
    if (!y.column) {
      if (y.agg !== "count") throw new QueryError(`y[${i}]: ${y.agg} needs a field`);
      return undefined;
    }
    const col = findColumn(table, y.column);
    if ((y.agg === "sum" || y.agg === "avg") && !numeric(col))
      throw new QueryError(`y[${i}]: ${y.agg} needs a number field, ${col.title} is not one`);
    return col;
  });

  const counts = input.counts;
  if (counts && (!xCol || sCol || spec.pivot || spec.compare || yCols.some((c, i) => c || spec.y[i]!.agg !== "count")))
    throw new Error("maintained counts answer a count of rows by x alone");
  const inner: Frag[] = [];
  if (xCol) inner.push(sql`${keyOf(xCol, spec.x!.bucket, "x")} AS ${ident(d, "gx")}`);
  if (sCol) inner.push(sql`${columnRef(d, sCol)} AS ${ident(d, "gs")}`);
  const one = counts ? ident(d, "n") : lit("1");
  yCols.forEach((col, i) => inner.push(sql`${col ? columnRef(d, col) : one} AS ${ident(d, `v${i}`)}`));
  if (spec.compare) inner.push(sql`${periodCase(input, zone, spec.compare, local)} AS ${ident(d, "pc")}`);

  const whereParts = [
    compileWhere(table, input.where, { dialect: d, now: input.now, me: input.me }),
    table.rowRule,
  ].filter((f): f is Frag => !!f);
  const where = whereParts.length ? sql` WHERE ${and(whereParts)}` : sql``;
  // The counts read as the rows would: each value once under the column's own name, with its count.
  const from = counts
    ? sql`(SELECT CASE WHEN ${ident(d, "k")} THEN ${ident(d, "v")} END AS ${ident(d, xCol!.columnName)}, ${ident(d, "n")} FROM ${ident(d, counts)} WHERE ${ident(d, "n")} > 0) AS ${ident(d, table.tableName)}`
    : tableSource(d, table.tableName, table.dbSchema);
  const rows = sql`SELECT ${join(inner, ", ")} FROM ${from}${where}`;

  const v = (i: number) => ident(d, `v${i}`);
  const pc = ident(d, "pc");
  const aggs: Frag[] = spec.y.flatMap((y, i) => {
    if (counts) return [sql`SUM(${v(i)}) AS ${ident(d, `a${i}`)}`];
    if (!spec.compare) return [sql`${aggOf(d, y.agg, v(i))} AS ${ident(d, `a${i}`)}`];
    const when = (n: number) => sql`CASE WHEN ${pc} = ${lit(String(n))} THEN ${v(i)} END`;
    return [
      sql`${aggOf(d, y.agg, when(1))} AS ${ident(d, `a${i}`)}`,
      sql`${aggOf(d, y.agg, when(2))} AS ${ident(d, `p${i}`)}`,
    ];
  });
  const gx = ident(d, "gx");
  const gs = ident(d, "gs");
  const gl = ident(d, "gl");
  const r = ident(d, "_r");
  let statement: Frag;
  if (spec.pivot) {
    const ord = (k: Frag) => D.orderTerm(k, false, false);
    // Each level over its own reading of the rows, grouped, ordered and capped (rules above).
    const level = (n: number, keys: Frag[], by: Frag[], cap: number | null) => {
      const grouped = by.length ? sql` GROUP BY ${join(by, ", ")}` : sql``;
      const capped = cap === null ? sql`` : orderAndPage(d, join(by.map(ord), ", "), cap + 1, 0);
      const select = sql`SELECT ${lit(String(n))} AS ${gl}, ${join(keys, ", ")}, ${join(aggs, ", ")} FROM (${rows}) AS ${r}${grouped}${capped}`;
      return sql`SELECT * FROM (${select}) AS ${ident(d, `_p${n}`)}`;
    };
    const nul = (alias: Frag) => sql`NULL AS ${alias}`;
    const union = join(
      [
        level(0, [gx, gs], [gx, gs], PIVOT_CELLS_MAX),
        level(1, [gx, nul(gs)], [gx], limit),
        level(2, [nul(gx), gs], [gs], PIVOT_COLUMNS_MAX),
        level(3, [nul(gx), nul(gs)], [], null),
      ],
      " UNION ALL ",
    );
    const order = sql`${gl}, ${ord(gx)}, ${ord(gs)}`;
    const most = PIVOT_CELLS_MAX + limit + PIVOT_COLUMNS_MAX + 4;
    statement = sql`SELECT * FROM (${union}) AS ${ident(d, "_p")}${orderAndPage(d, order, most, 0)}`;
  } else {
    const keys = [xCol ? gx : null, sCol ? gs : null].filter((f): f is Frag => !!f);
    const select = [...keys, ...aggs];
    const grouped = keys.length ? sql` GROUP BY ${join(keys, ", ")}` : sql``;
    const order = keys.length
      ? join(
          keys.map((k) => D.orderTerm(k, false, false)),
          ", ",
        )
      : null;
    const page = keys.length ? orderAndPage(d, order, limit, 0) : sql``;
    statement = sql`SELECT ${join(select, ", ")} FROM (${rows}) AS ${r}${grouped}${page}`;
  }
  return {
    statement: render(statement, d),
    x: !!xCol,
    series: !!sCol,
    values: spec.y.length,
    pivot: !!spec.pivot,
    compare: !!spec.compare,
    columns: { x: xCol, series: sCol, y: yCols },
  };
}

/**
 * 1 when the row's date falls in the current period (the one holding `now` in the zone), 2 in the
 * one before, NULL otherwise. Bounds are the periods' first local days, as instants for a date and
 * time field (bound in the dialect's form) or as days for a date field.
 */
function periodCase(
  input: AggregateInput,
  zone: string,
  compare: NonNullable<AggregateSpec["compare"]>,
  local: (col: QueryColumn, what: string) => LocalTime,
): Frag {
  const col = findColumn(input.table, compare.column);
  const reading = local(col, "compare");
  const today = localParts(zone, (input.now ?? new Date()).getTime());
  const starts = [-1, 0, 1].map((n) => periodStart(compare.period, today, n));
  const D = dialectOf(input.dialect);
  const bound = (p: { year: number; month: number; day: number }) =>
    reading.kind === "date"
      ? param(dayText(p))
      : param(D.instantValue(new Date(instantOf(zone, p.year, p.month, p.day)).toISOString()));
  const [prev, cur, next] = starts.map(bound) as [Frag, Frag, Frag];
  const c = columnRef(input.dialect, col);
  return sql`CASE WHEN ${c} >= ${cur} AND ${c} < ${next} THEN 1 WHEN ${c} >= ${prev} AND ${c} < ${cur} THEN 2 END`;
}

/** One row of an aggregate's answer: its group keys as stored, its values (and the previous period's). */
export interface AggregateRow {
  x?: Stored;
  series?: Stored;
  /** Pivots: 0 a cell, 1 a row's total, 2 a column's total, 3 the grand total. */
  level?: number;
  values: Stored[];
  previous?: Stored[];
}

/** A driver's raw value of a group key or an aggregate as the project's SQLite would hold it. */
function keyValue(raw: unknown, col: QueryColumn | undefined, bucketed: boolean, d: Dialect): Stored {
  if (raw === null || raw === undefined) return null;
  if (bucketed || !col) return String(raw);
  return fromDialectValue(col.uidt, raw, d);
}

function numberValue(raw: unknown, agg: Aggregate, col: QueryColumn | undefined, d: Dialect): Stored {
  if (raw === null || raw === undefined) return null;
  if ((agg === "min" || agg === "max") && col && !numeric(col)) return fromDialectValue(col.uidt, raw, d);
  const n = typeof raw === "bigint" ? Number(raw) : Number(raw);
  return Number.isFinite(n) ? n : null;
}

/** The statement's rows as `AggregateRow`s (the same on every dialect). */
export function aggregateRows(
  c: CompiledAggregate,
  spec: AggregateSpec,
  raws: readonly Record<string, unknown>[],
  d: Dialect,
): AggregateRow[] {
  return raws.map((r) => {
    const row: AggregateRow = {
      values: spec.y.map((y, i) => numberValue(r[`a${i}`], y.agg, c.columns.y[i], d)),
    };
    if (c.x) row.x = keyValue(r.gx, c.columns.x, !!spec.x?.bucket, d);
    if (c.series) row.series = keyValue(r.gs, c.columns.series, false, d);
    if (c.pivot) row.level = Number(r.gl);
    if (c.compare) row.previous = spec.y.map((y, i) => numberValue(r[`p${i}`], y.agg, c.columns.y[i], d));
    return row;
  });
}
