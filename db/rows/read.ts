import { compileCount, compileGroupBy, compileList, type ListParams, type QueryTable } from "../query";
import type { ProjectStore } from "../store/store";
import { ensureIndexes } from "./auto-index";
import { tableRef, type TableRef } from "./table-ref";
import { toApiRow } from "./values";

/**
 * Reads (contract 5.1): list with where/sort/fields/paging, count, find-one. The compiler binds
 * every value; SQLite runs next to the data. Exact counts are cached per table and filter by the
 * caller (the project room) and dropped on any write, so `totalRows` never slows a page twice.
 */
export type CountCache = Map<string, number>;

export function queryTable(t: TableRef): QueryTable {
  return {
    tableName: t.model.tableName,
    columns: t.cols.map((c) => ({ id: c.id, title: c.title, columnName: c.columnName, uidt: c.uidt, options: c.options, pk: c.pk })),
  };
}

function count(store: ProjectStore, t: TableRef, where: string | undefined, cache: CountCache): number {
  const key = `${t.model.id}\u0000${t.model.updatedAt}\u0000${where ?? ""}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const compiled = compileCount({ dialect: "sqlite", table: queryTable(t), where });
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

export function listRows(store: ProjectStore, tableKey: string, params: ListParams, cache: CountCache) {
  const t = tableRef(store, tableKey);
  const compiled = compileList({ dialect: "sqlite", table: queryTable(t), ...params });
  ensureIndexes(store, t, params);
  const selected = t.cols.filter((c) => compiled.select.some((s) => s.id === c.id));
  const list = store.exec(compiled.list.sql, ...(compiled.list.params as never[])).map((raw) => toApiRow(selected, raw));
  const totalRows = count(store, t, params.where, cache);
  return {
    list,
    pageInfo: pageInfo(totalRows, params.limit, params.offset),
    ...(params.offset > 0 && params.offset >= totalRows ? { errors: [{ message: "Offset is beyond the total number of rows" }] } : {}),
  };
}

export function countRows(store: ProjectStore, tableKey: string, where: string | undefined, cache: CountCache) {
  return { count: count(store, tableRef(store, tableKey), where, cache) };
}

/** The first matching row, or `{}` (contract). */
export function findOne(store: ProjectStore, tableKey: string, params: ListParams) {
  const t = tableRef(store, tableKey);
  const compiled = compileList({ dialect: "sqlite", table: queryTable(t), ...params, limit: 1, offset: 0 });
  const selected = t.cols.filter((c) => compiled.select.some((s) => s.id === c.id));
  const [raw] = store.exec(compiled.list.sql, ...(compiled.list.params as never[]));
  return raw ? toApiRow(selected, raw) : {};
}

/** Distinct values of a column with their counts (contract `groupby`), paged over the groups. */
export function groupBy(store: ProjectStore, tableKey: string, column: string, params: ListParams) {
  const t = tableRef(store, tableKey);
  const compiled = compileGroupBy({ dialect: "sqlite", table: queryTable(t), column, where: params.where, sort: params.sort?.[0], limit: params.limit, offset: params.offset });
  const col = t.cols.find((c) => c.columnName === compiled.columnName)!;
  const list = store.exec(compiled.list.sql, ...(compiled.list.params as never[])).map((r) => ({
    [col.columnName]: toApiRow([col], r)[col.title] ?? null,
    count: r.count,
  }));
  const totalRows = Number(store.exec(compiled.count.sql, ...(compiled.count.params as never[]))[0]?.count ?? 0);
  return { list, pageInfo: pageInfo(totalRows, params.limit, params.offset) };
}
