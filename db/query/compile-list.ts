/**
 * Whole list and count statements for one table. Rules:
 * - `where` (text or tree) and `search` are ANDed. Sort ends with the primary key (compile-sort.ts).
 * - limit must be a whole number from 1 to 1000 and offset a whole number >= 0 (params.ts clamps
 *   HTTP input before); both are bound like every other value, as text on mysql (MySQL 8 refuses
 *   mysql2's DOUBLE-typed LIMIT parameters of prepared statements; MariaDB takes either).
 * - SQL Server pages with `ORDER BY ... OFFSET n ROWS FETCH NEXT m ROWS ONLY`, which needs an
 *   ORDER BY: the sort always ends with the key, and a table without one orders by `(SELECT NULL)`.
 * - Each statement binds at most 100 values and stays under 100 KB, else `Filter is too large: ...`.
 * - Rows come back keyed by `columnName`; `select` lists the columns in order.
 * - A table with a `dbSchema` (SQL Server on a schema other than the login's default) is read as
 *   `[schema].[table] AS [table]` (sql.ts tableSource); without one it is named bare, as always.
 */
import { orderOf, resolveFields, sortKeys, type ListParam, type SortKey } from "./compile-sort";
import { compileWhere, toTree } from "./compile-where";
import { searchTree, type SearchInput } from "./search";
import { dialectOf } from "./dialects";
import { colourSelects, type ColourCase } from "./compile-colours";
import { Frag, and, ident, join, render, sql, tableSource } from "./sql";
import { QueryError, type Compiled, type Dialect, type QueryColumn, type QueryTable, type WhereNode } from "./types";

export interface CountInput {
  dialect: Dialect;
  table: QueryTable;
  where?: string | WhereNode | null;
  search?: SearchInput | null;
  /** The clock for date sub-operators; default the current time. */
  now?: Date;
  /** The user who runs the query: what `@me` means in filters on user columns. */
  me?: string | null;
  /** A condition the caller built from fragments (e.g. "linked to row 7"), ANDed with the rest. */
  extra?: Frag | null;
}

export interface ListInput extends CountInput {
  sort?: ListParam;
  fields?: ListParam;
  limit: number;
  offset: number;
  /** Also select each sort key's value as `_nc_k0`, `_nc_k1`, ...: a cursor's values (keyset.ts). */
  keys?: boolean;
  /** A condition on the list only, not its count: the rows after a cursor (keyset.ts). */
  after?: Frag | null;
  /** Colour rules: one CASE per target selected with the page (compile-colours.ts). */
  colours?: readonly ColourCase[];
  /**
   * The index the list must walk (`INDEXED BY`, SQLite's syntax: only the room's reads set it,
   * db/rows/read.ts), its sort index when a filter's count index would otherwise tempt the planner
   * into sorting every match. `false`: `NOT INDEXED`, a scan with the page's rows kept in a small
   * heap, while the sort index is still to be built (auto-index.ts BUILD_LATER_FROM).
   */
  indexedBy?: string | false | null;
  /**
   * Reads the order backwards (every key's direction flipped, the key's too): SQLite only, whose
   * ASC puts NULLs first and DESC last, so the flipped order is the exact reverse. A page near the
   * end of a long list reads the few rows after it this way (db/rows/read.ts). `order` stays forward.
   */
  reverse?: boolean;
}

export interface CompiledList {
  select: QueryColumn[];
  list: Compiled;
  count: Compiled;
  /** The order's keys (the sort, then the primary key). */
  order: SortKey[];
}

/** The alias of the i-th sort key's value in a list compiled with `keys`. */
export const keyAlias = (i: number) => `_nc_k${i}`;

function conditions(input: CountInput): Frag[] {
  const trees = [toTree(input.where), input.search ? searchTree(input.table, input.search) : null];
  const children = trees.filter((t): t is WhereNode => t !== null);
  const cond = compileWhere(
    input.table,
    { type: "group", logicalOp: "and", children },
    { dialect: input.dialect, now: input.now, me: input.me },
  );
  return [cond, input.extra, input.table.rowRule].filter((f): f is Frag => !!f);
}

const whereOf = (parts: Frag[]): Frag => (parts.length ? sql` WHERE ${and(parts)}` : sql``);

const whereClause = (input: CountInput): Frag => whereOf(conditions(input));

function checkInt(name: string, n: number, min: number, max: number) {
  if (!Number.isInteger(n) || n < min || n > max)
    throw new QueryError(`${name} must be a whole number from ${min} to ${max}`);
}

/** ORDER BY (when there is one) and the page: LIMIT/OFFSET, or SQL Server's OFFSET/FETCH. */
export const orderAndPage = (d: Dialect, order: Frag | null, limit: number, offset: number): Frag =>
  dialectOf(d).orderAndPage(order, limit, offset);

function countFrag(input: CountInput, where: Frag): Frag {
  const { dialect: d, table } = input;
  return sql`SELECT COUNT(*) AS ${ident(d, "count")} FROM ${tableSource(d, table.tableName, table.dbSchema)}${where}`;
}

export function compileCount(input: CountInput): Compiled {
  return render(countFrag(input, whereClause(input)), input.dialect);
}

export function compileList(input: ListInput): CompiledList {
  const { dialect: d, table } = input;
  checkInt("limit", input.limit, 1, 1000);
  checkInt("offset", input.offset, 0, Number.MAX_SAFE_INTEGER);
  const select = resolveFields(table, input.fields);
  const parts = conditions(input);
  const where = whereOf(parts);
  const keys = sortKeys(table, input.sort, d);
  const order = orderOf(input.reverse ? keys.map((k) => ({ ...k, desc: !k.desc })) : keys, d);
  const columns = join(
    [
      ...select.map((c) => (c.selectExpr ? sql`${c.selectExpr} AS ${ident(d, c.columnName)}` : ident(d, c.columnName))),
      ...(input.keys ? keys.map((k, i) => sql`${k.expr} AS ${ident(d, keyAlias(i))}`) : []),
      ...(input.colours?.length
        ? colourSelects(table, input.colours, { dialect: d, now: input.now, me: input.me })
        : []),
    ],
    ", ",
  );
  const from = tableSource(d, table.tableName, table.dbSchema);
  const listWhere = input.after ? whereOf([...parts, input.after]) : where;
  const walk = input.indexedBy
    ? sql` INDEXED BY ${ident(d, input.indexedBy)}`
    : input.indexedBy === false
      ? sql` NOT INDEXED`
      : sql``;
  const list = sql`SELECT ${columns} FROM ${from}${walk}${listWhere}${orderAndPage(d, order, input.limit, input.offset)}`;
  return { select, list: render(list, d), count: render(countFrag(input, where), d), order: keys };
}

/** An aggregate of one column: NocoDB's aggregation types that map onto one SQL aggregate. */
export type FieldAggregateFn =
  "sum" | "avg" | "min" | "max" | "count" | "count_empty" | "count_filled" | "count_unique";

/**
 * One statement answering every measure over the matching rows (`SELECT SUM(a) AS m0, ...`): the
 * work stays next to the data however many rows match. A computed column is measured on its
 * scalar expression (`expr`).
 */
export function compileFieldAggregates(
  input: CountInput & { measures: Array<{ alias: string; fn: FieldAggregateFn; column: QueryColumn }> },
): Compiled {
  const d = input.dialect;
  if (input.measures.length === 0) throw new QueryError("aggregation names no field");
  const parts = input.measures.map(({ alias, fn, column }) => {
    const v = column.expr ?? ident(d, column.columnName);
    const agg =
      fn === "count_unique"
        ? sql`COUNT(DISTINCT ${v})`
        : fn === "count_filled" || fn === "count"
          ? sql`COUNT(${v})`
          : fn === "count_empty"
            ? sql`SUM(CASE WHEN ${v} IS NULL THEN 1 ELSE 0 END)`
            : fn === "sum"
              ? sql`SUM(${v})`
              : fn === "avg"
                ? dialectOf(d).average(v, false)
                : fn === "min"
                  ? sql`MIN(${v})`
                  : sql`MAX(${v})`;
    return sql`${agg} AS ${ident(d, alias)}`;
  });
  const from = tableSource(d, input.table.tableName, input.table.dbSchema);
  return render(sql`SELECT ${join(parts, ", ")} FROM ${from}${whereClause(input)}`, d);
}

/** The key of every matching row, in key order (bulk update/delete by filter). */
export function compileKeys(input: CountInput & { keyColumn: string }): Compiled {
  const d = input.dialect;
  const key = ident(d, input.keyColumn);
  return render(
    sql`SELECT ${key} AS ${ident(d, "id")} FROM ${tableSource(d, input.table.tableName, input.table.dbSchema)}${whereClause(input)} ORDER BY ${key}`,
    d,
  );
}
