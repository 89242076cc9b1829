import { compileCount, compileGroupBy, compileList, type ListParams, type QueryColumn, type QueryTable } from "../query";
import { eq } from "drizzle-orm";
import { columns } from "../store/schema";
import type { SqlRow } from "../store/store";
import type { ProjectStore } from "../store/store";
import { ensureIndexes } from "./auto-index";
import { tableRef, type TableRef } from "./table-ref";
import { toApiRow } from "./values";
import { anonymousReader, userSelect, userSort, withDirectory, withoutEmails } from "./row-users";
import type { WhereNode } from "../query";
import { scopeParams, whereKey, type RowScope } from "../views/scope";

/**
 * Reads (contract 5.1): list with where/sort/fields/paging, count, find-one. The compiler binds
 * every value; SQLite runs next to the data. Exact counts are cached per table and filter by the
 * caller (the project room) and dropped on any write, so `totalRows` never slows a page twice.
 */
export type CountCache = Map<string, number>;

/** Per table ref (itself memoised until the schema changes), so a request builds none. */
const queryTables = new WeakMap<TableRef, QueryTable>();

export function queryTable(t: TableRef): QueryTable {
  let known = queryTables.get(t);
  if (!known) queryTables.set(t, (known = buildQueryTable(t)));
  return known;
}

function buildQueryTable(t: TableRef): QueryTable {
  return {
    tableName: t.model.tableName,
    rowRule: t.access?.rule ?? null,
    columns: [
      ...t.cols.map((c): QueryColumn => {
        const column: QueryColumn = { id: c.id, title: c.title, columnName: c.columnName, uidt: c.uidt, options: c.options, pk: c.pk };
        if (!c.type.writtenBy) return column;
        return { ...column, selectExpr: userSelect(t.model.tableName, c.columnName), sortExpr: userSort(t.model.tableName, c.columnName) };
      }),
      ...t.virtual,
    ],
  };
}

/** A selected SQL row as the API returns it: stored columns through their field types, computed ones decoded. */
export function apiRow(t: TableRef, select: readonly QueryColumn[], raw: SqlRow): Record<string, unknown> {
  const computed = t.virtual.filter((v) => select.some((s) => s.id === v.id)).map((v): [string, unknown] => [v.title, v.decode(raw[v.columnName] ?? null)]);
  return toApiRow(t.cols.filter((c) => select.some((s) => s.id === c.id)), raw, computed);
}

/** One row by key with its computed fields, or null. */
export function readById(store: ProjectStore, t: TableRef, id: number) {
  const pk = t.cols.find((c) => c.pk)!;
  const where = { type: "cond" as const, logicalOp: "and" as const, column: pk.title, op: "eq" as const, value: String(id) };
  const compiled = compileList({ dialect: "sqlite", table: queryTable(t), where, limit: 1, offset: 0 });
  const [raw] = store.exec(compiled.list.sql, ...(compiled.list.params as never[]));
  return raw ? apiRow(t, compiled.select, raw) : null;
}

/** The user who reads (`@me` in filters), from the scope the Worker sends. */
const meOf = (scope?: RowScope): string | null => scope?.caller?.userId ?? null;

// The key holds the whole filter (view filters and filterArrJson included), as anything in it
// changes the count, and the reader when the filter names `@me` or a row rule binds them.
function count(store: ProjectStore, t: TableRef, where: string | WhereNode | undefined, cache: CountCache, me: string | null): number {
  const filter = whereKey(where);
  const who = t.access?.rule ? `\u0000${t.access.reader.role}\u0000${t.access.reader.userId}\u0000${t.access.reader.email}` : "";
  const key = `${t.model.id}\u0000${t.model.updatedAt}\u0000${filter}${filter.includes("@me") ? `\u0000${me ?? ""}` : ""}${who}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const compiled = compileCount({ dialect: "sqlite", table: queryTable(t), where, me });
  const n = Number(store.exec(compiled.sql, ...(compiled.params as never[]))[0]?.count ?? 0);
  cache.set(key, n);
  return n;
}

export function pageInfo(totalRows: number, limit: number, offset: number) {
  const page = offset ? offset / limit + 1 : 1;
  return {
    totalRows,
    page,
    pageSize: limit,
    isFirstPage: page === 1,
    isLastPage: page === (Math.ceil(totalRows / limit) || 1) || offset + limit >= totalRows,
  };
}

/** `scope`: the view (`{viewName}`) and the JSON extras, if any (views/scope.ts). */
export function listRows(store: ProjectStore, tableKey: string, params: ListParams, cache: CountCache, scope?: RowScope) {
  const t = tableRef(store, tableKey);
  const p = scopeParams(store, t, queryTable(t), params, scope);
  const compiled = compileList({ dialect: "sqlite", table: queryTable(t), ...p, me: meOf(scope) });
  ensureIndexes(store, t, p);
  const rows = store.exec(compiled.list.sql, ...(compiled.list.params as never[])).map((raw) => apiRow(t, compiled.select, raw));
  const list = anonymousReader(scope) ? withoutEmails([...t.cols, ...t.virtual], rows) : rows;
  const totalRows = count(store, t, p.where, cache, meOf(scope));
  return {
    list,
    pageInfo: pageInfo(totalRows, params.limit, params.offset),
    ...(params.offset > 0 && params.offset >= totalRows ? { errors: [{ message: "Offset is beyond the total number of rows" }] } : {}),
  };
}

export function countRows(store: ProjectStore, tableKey: string, where: string | undefined, cache: CountCache, scope?: RowScope) {
  const t = tableRef(store, tableKey);
  return { count: count(store, t, scopeParams(store, t, queryTable(t), { where, limit: 1, offset: 0 }, scope).where, cache, meOf(scope)) };
}

/** The first matching row, or `{}` (contract). */
export function findOne(store: ProjectStore, tableKey: string, params: ListParams, scope?: RowScope) {
  const t = tableRef(store, tableKey);
  const p = scopeParams(store, t, queryTable(t), params, scope);
  const compiled = compileList({ dialect: "sqlite", table: queryTable(t), ...p, limit: 1, offset: 0, me: meOf(scope) });
  const [raw] = store.exec(compiled.list.sql, ...(compiled.list.params as never[]));
  if (!raw) return {};
  const row = apiRow(t, compiled.select, raw);
  return anonymousReader(scope) ? withoutEmails([...t.cols, ...t.virtual], [row])[0]! : row;
}

/** Distinct values of a column with their counts (contract `groupby`), paged over the groups. */
export function groupBy(store: ProjectStore, tableKey: string, column: string, params: ListParams, scope?: RowScope) {
  const t = tableRef(store, tableKey);
  const where = scopeParams(store, t, queryTable(t), params, scope).where;
  const compiled = compileGroupBy({ dialect: "sqlite", table: queryTable(t), column, where, sort: params.sort?.[0], limit: params.limit, offset: params.offset, me: meOf(scope) });
  const col = t.cols.find((c) => c.columnName === compiled.columnName)!;
  const raws = store.exec(compiled.list.sql, ...(compiled.list.params as never[]));
  // A person column groups by the stored id: its groups show the person (one directory query).
  const values = withDirectory(store, [col], raws.map((r) => toApiRow([col], r)));
  const hidden = anonymousReader(scope) ? withoutEmails([col], values) : values;
  const list = raws.map((r, i) => ({ [col.columnName]: hidden[i]![col.title] ?? null, count: r.count }));
  const totalRows = Number(store.exec(compiled.count.sql, ...(compiled.count.params as never[]))[0]?.count ?? 0);
  return { list, pageInfo: pageInfo(totalRows, params.limit, params.offset) };
}

/**
 * Evaluates a formula column over every row of its table (ordered by it, one row read), so that
 * a formula whose result the database cannot hold (SQLITE_TOOBIG) is refused when it is made or
 * changed, inside that change's transaction, rather than failing every later read of the table.
 */
export function probeFormula(store: ProjectStore, columnId: string): void {
  const col = store.meta.select().from(columns).where(eq(columns.id, columnId)).get();
  if (!col || col.uidt !== "Formula") return;
  store.schemaCache.clear();
  const t = tableRef(store, col.modelId);
  const compiled = compileList({ dialect: "sqlite", table: queryTable(t), fields: [col.title], sort: [col.title], limit: 1, offset: 0 });
  store.exec(compiled.list.sql, ...(compiled.list.params as never[]));
}
