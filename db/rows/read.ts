import { bad } from "../errors";
import { pageInfo } from "../page-info";
import {
  compileCount,
  compileGroupBy,
  type GroupMeasure,
  compileList,
  type CompiledList,
  type ListParams,
  type QueryColumn,
  type QueryTable,
} from "../query";
import { eq } from "drizzle-orm";
import { ident, param, render, sql } from "../query/sql";
import {
  LIMIT_MAX,
  afterCursor,
  afterSegments,
  keyAlias,
  keyValue,
  orderOf,
  resolveFields,
  sortKeys,
  type KeyValue,
  type SortKey,
} from "../query";
import { decodeCursor, encodeCursor, signature } from "./cursor";
import { quoteIdent } from "../schema/names";
import { columns } from "../store/schema";
import type { SqlRow } from "../store/store";
import type { ProjectStore } from "../store/store";
import { ensureIndexes } from "./auto-index";
import { ensureJumpIndex } from "./jump-index";
import { plainRowCount } from "./row-count";
import { ensureCountIndex } from "./count-index";
import { ensureGroupCounts } from "./group-counts";
import { ensureSearchIndex } from "./search-index";
import { tableRef, type TableRef } from "./table-ref";
import { queryColumnOf, toApiRow, type RowColumn } from "./row-codec";
import type { VirtualColumn } from "../query/computed";
import { anonymousReader, userSelect, userSort, withDirectory, withoutEmails } from "./row-users";
import type { WhereNode } from "../query";
import { scopeParams, whereKey, type RowScope } from "../views/scope";
import { isFormula } from "../fields/registry";
import { withColour } from "../views/colour-plan";
import { footerMeasures, groupExtras, type FooterItem } from "../views/footer";
import type { DateBucket } from "../query/compile-group";

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

/**
 * The table's trigram index, made now if this filter can use it (search-index.ts), on its query
 * table: a query table lives as long as the schema it was built from, and so does the index.
 */
export function useSearchIndex(store: ProjectStore, t: TableRef, where: string | WhereNode | null | undefined) {
  const index = ensureSearchIndex(store, t, where);
  if (index) queryTable(t).textIndex = index;
}

function buildQueryTable(t: TableRef): QueryTable {
  return {
    tableName: t.model.tableName,
    rowRule: t.access?.rule ?? null,
    columns: [
      ...t.cols.map((c): QueryColumn => {
        const column = queryColumnOf(c);
        if (!c.type.writtenBy) return column;
        return {
          ...column,
          selectExpr: userSelect(t.model.tableName, c.columnName),
          sortExpr: userSort(t.model.tableName, c.columnName),
        };
      }),
      ...t.virtual,
    ],
  };
}

/**
 * The stored and computed columns of a selection, found once per selection rather than once per
 * row (a compiled page, and so its selection, is kept: compilePage).
 */
const selections = new WeakMap<readonly QueryColumn[], { t: TableRef; cols: RowColumn[]; virtual: VirtualColumn[] }>();

function selectionOf(t: TableRef, select: readonly QueryColumn[]) {
  let known = selections.get(select);
  if (!known || known.t !== t) {
    const ids = new Set(select.map((s) => s.id));
    known = { t, cols: t.cols.filter((c) => ids.has(c.id)), virtual: t.virtual.filter((v) => ids.has(v.id)) };
    selections.set(select, known);
  }
  return known;
}

/** A selected SQL row as the API returns it: stored columns through their field types, computed ones decoded. */
export function apiRow(t: TableRef, select: readonly QueryColumn[], raw: SqlRow): Record<string, unknown> {
  const { cols, virtual } = selectionOf(t, select);
  const computed = virtual.map((v): [string, unknown] => [v.title, v.decode(raw[v.columnName] ?? null)]);
  return toApiRow(cols, raw, computed);
}

/** Where the row key goes among a compiled read-by-key's parameters: a marker no value can equal. */
const KEY = Symbol("row key");

interface ByKey {
  select: QueryColumn[];
  sql: string;
  params: unknown[];
  at: number;
  /** The select list as an UPDATE's RETURNING when every column is read as stored, else null. */
  returning: string | null;
}

/**
 * The read-back of every single-row write: compiled once per table ref (kept until the schema
 * changes) with a marker where the key goes, rather than once per request. A ref narrowed for a
 * reader is built per call, so its row rule, which binds the reader and the clock, is never reused.
 */
const byKey = new WeakMap<TableRef, ByKey>();

function compileByKey(t: TableRef): ByKey {
  const known = byKey.get(t);
  if (known) return known;
  const pk = t.cols.find((c) => c.pk)!;
  const extra = sql`${ident("sqlite", pk.columnName)} = ${param(KEY)}`;
  const compiled = compileList({ dialect: "sqlite", table: queryTable(t), extra, limit: 1, offset: 0 });
  const { select } = compiled;
  const asStored = !select.some((c) => c.selectExpr || c.expr) && !selectionOf(t, select).virtual.length;
  const made = {
    select,
    ...compiled.list,
    at: compiled.list.params.indexOf(KEY),
    returning: asStored ? select.map((c) => quoteIdent(c.columnName)).join(", ") : null,
  };
  byKey.set(t, made);
  return made;
}

/**
 * The read-back of a single-row update as the UPDATE's own RETURNING list, when the row is read
 * as stored (no computed field, no person column read through the directory, no row rule): one
 * statement fewer on every single-row update (issue 14). Null otherwise: readById after the write.
 * The row it returns becomes the answer through readBackRow.
 */
export function readBack(t: TableRef): string | null {
  return t.access?.rule ? null : compileByKey(t).returning;
}

/** A row returned by readBack's list, as readById would answer it. */
export function readBackRow(t: TableRef, raw: SqlRow): Record<string, unknown> {
  return apiRow(t, compileByKey(t).select, raw);
}

/** One row by key with its computed fields, or null. */
export function readById(store: ProjectStore, t: TableRef, id: number) {
  const q = compileByKey(t);
  const params = q.params.slice();
  params[q.at] = id;
  const [raw] = store.exec(q.sql, ...(params as never[]));
  return raw ? apiRow(t, q.select, raw) : null;
}

/** The user who reads (`@me` in filters), from the scope the Worker sends. */
const meOf = (scope?: RowScope): string | null => scope?.caller?.userId ?? null;

// The key holds the whole filter (view filters and filterArrJson included), as anything in it
// changes the count, and the reader when the filter names `@me` or a row rule binds them.
function count(
  store: ProjectStore,
  t: TableRef,
  where: string | WhereNode | undefined,
  cache: CountCache,
  me: string | null,
): number {
  const filter = whereKey(where);
  const who = t.access?.rule
    ? `\u0000${t.access.reader.role}\u0000${t.access.reader.userId}\u0000${t.access.reader.email}`
    : "";
  // A filter on a link means its count on a v2 read (withLinkCounts) and its records' names on others.
  const key = `${t.model.id}\u0000${t.model.updatedAt}\u0000${filter}${filter.includes("@me") ? `\u0000${me ?? ""}` : ""}${who}${t.linkCounts ? "\u0000n" : ""}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  // Unfiltered: the maintained row count (row-count.ts), else the sum of maintained group counts
  // (group-counts.ts); filtered: an index holding the filter's columns, made if the rules allow
  // (count-index.ts: now, or from 100k rows after this count, which SQLite's own plan answers).
  const plain = !filter && !who ? plainRowCount(store, t) : null;
  if (plain !== null) {
    cache.set(key, plain);
    return plain;
  }
  if (filter) ensureCountIndex(store, t, where);
  const compiled = compileCount({ dialect: "sqlite", table: queryTable(t), where, me });
  const n = Number(store.exec(compiled.sql, ...(compiled.params as never[]))[0]?.count ?? 0);
  cache.set(key, n);
  return n;
}

export { pageInfo };

/**
 * Compiled unfiltered pages (sort, fields, limit, offset), per query table, so that paging
 * through a table compiles each page once (issue 14: nothing per request that can be computed
 * once). The query table is itself rebuilt after a schema change, which drops these with it. A
 * filter is compiled every time: it may name relative dates (today, past week) read off the clock.
 */
const compiledPages = new WeakMap<QueryTable, Map<string, CompiledList>>();
export const PAGE_MEMO = 200;

export function compilePage(
  table: QueryTable,
  p: Omit<ListParams, "where"> & {
    where?: string | WhereNode | null;
    me?: string | null;
    keys?: boolean;
    indexedBy?: string | false | null;
  },
): CompiledList {
  // Only a page shaped by sort, fields, limit and offset alone is kept: anything else (a filter, a
  // search, an extra condition) may change from call to call. `me` only matters inside a filter.
  const { sort: _s, fields: _f, limit: _l, offset: _o, me: _m, keys: _k, cursor: _c, ...rest } = p;
  if (Object.values(rest).some((v) => v !== undefined && v !== null && v !== ""))
    return compileList({ dialect: "sqlite", table, ...p });
  let known = compiledPages.get(table);
  if (!known) compiledPages.set(table, (known = new Map()));
  const key = JSON.stringify([p.sort, p.fields, p.limit, p.offset, Boolean(p.keys)]);
  let compiled = known.get(key);
  if (!compiled) {
    compiled = compileList({ dialect: "sqlite", table, ...p });
    if (known.size >= PAGE_MEMO) known.delete(known.keys().next().value!);
    known.set(key, compiled);
  }
  return compiled;
}

/**
 * `scope`: the view (`{viewName}`) and the JSON extras, if any (views/scope.ts). Every page but a
 * visitor's answers `pageInfo.cursor`, the start of the next page (null after the last); a page
 * asked with one starts there by key (keysetPage). Visitors of shared views page by offset: a
 * cursor holds the sort keys' values, and the view may sort by a field it does not show them.
 */
export function listRows(
  store: ProjectStore,
  tableKey: string,
  params: ListParams,
  cache: CountCache,
  scope?: RowScope,
  /** Has-many and many-to-many links as the number of linked records (NocoDB v2). */
  linkCounts?: boolean,
) {
  const t = tableRef(store, tableKey, linkCounts);
  const p = scopeParams(store, t, queryTable(t), params, scope);
  const visitor = anonymousReader(scope);
  if (visitor && params.cursor) throw bad("Shared views page by offset: start again without the cursor");
  const filtered = p.where !== undefined && p.where !== null && p.where !== "";
  // A filtered, sorted list's index is the one its far jumps walk (jump-index.ts: the order's keys
  // and the filter's columns) when the rules allow: one build serves the pages and the jumps.
  const sortIndex = ensureIndexes(
    store,
    t,
    p,
    filtered ? (how) => ensureJumpIndex(store, t, sortKeys(queryTable(t), p.sort, "sqlite"), p.where, how) : undefined,
  );
  useSearchIndex(store, t, p.where);
  const me = meOf(scope);
  const totalRows = count(store, t, p.where, cache, me);
  // A filtered list walks its sort index by name (auto-index.ts): a count index of the filter's
  // columns would otherwise win SQLite's estimate and sort every match (1.7 s at 1M rows against
  // 0.14 s for a scan, sqlite3 shell): so while the sort index waits to be built, a scan.
  const walk = sortIndex === false || filtered ? sortIndex : undefined;
  const { raws, select, next } = params.cursor
    ? keysetPage(store, t, p, params.cursor, me, walk)
    : offsetPage({
        store,
        t,
        p,
        me,
        total: totalRows,
        more: !visitor && params.offset + params.limit < totalRows,
        walk,
      });
  const rows = raws.map((raw) => withColour(apiRow(t, select, raw), p.colourPlan, raw));
  const list = visitor ? withoutEmails([...t.cols, ...t.virtual], rows) : rows;
  const info = pageInfo(totalRows, params.limit, params.offset);
  return {
    list,
    pageInfo: visitor
      ? info
      : params.cursor
        ? { ...info, isFirstPage: false, isLastPage: next === null, cursor: next }
        : { ...info, cursor: next },
    ...(!params.cursor && params.offset > 0 && params.offset >= totalRows
      ? { errors: [{ message: "Offset is beyond the total number of rows" }] }
      : {}),
  };
}

type Scoped = ReturnType<typeof scopeParams>;

/** What a cursor is signed with: the table, the order as SQL and the whole filter (whereKey). */
const listSignature = (t: TableRef, order: readonly SortKey[], where: Scoped["where"]) =>
  signature(`${t.model.id}\u0000${render(orderOf(order, "sqlite")!, "sqlite").sql}\u0000${whereKey(where)}`);

/** The cursor after the last of `raws` (selected with their keys), or null. */
function cursorAfter(t: TableRef, order: readonly SortKey[], where: Scoped["where"], raw: SqlRow | undefined) {
  if (!raw) return null;
  return encodeCursor(
    listSignature(t, order, where),
    order.map((_, i) => raw[keyAlias(i)]),
  );
}

/**
 * Runs a list that names its index; should SQLite refuse that (the index gone meanwhile, or no plan
 * through it), runs the list compiled without (`plain`) instead: the name only chooses the plan.
 */
function walking(store: ProjectStore, compiled: CompiledList, plain: () => CompiledList): SqlRow[] {
  try {
    return store.exec(compiled.list.sql, ...(compiled.list.params as never[]));
  } catch (err) {
    if (!/INDEXED BY/.test(compiled.list.sql) || !/no such index|no query solution/i.test(String(err))) throw err;
    const again = plain();
    return store.exec(again.list.sql, ...(again.list.params as never[]));
  }
}

/** Offsets from which a page is found another way than by counting past the rows before it (farPage). */
export const FAR = 1_000;

/** What a page by offset is read with; `more`: rows follow it, so it tells the next page's cursor. */
interface OffsetAsk {
  store: ProjectStore;
  t: TableRef;
  p: Scoped;
  me: string | null;
  /** The exact count of the list's filter. */
  total: number;
  more: boolean;
  /** The sort index a filtered list walks (INDEXED BY), or false: a scan (NOT INDEXED). */
  walk?: string | false;
}

/** A page by offset: far ones found another way (farPage), the rest by LIMIT/OFFSET. */
function offsetPage(ask: OffsetAsk) {
  const { store, t, p, me, total, more, walk } = ask;
  const far = p.offset >= FAR && p.offset < total ? farPage(ask) : null;
  if (far) return far;
  let compiled = compilePage(queryTable(t), { ...p, me, keys: more, indexedBy: walk });
  const raws = walking(store, compiled, () => (compiled = compilePage(queryTable(t), { ...p, me, keys: more })));
  const next = more && raws.length === p.limit ? cursorAfter(t, compiled.order, p.where, raws.at(-1)) : null;
  return { raws, select: compiled.select, next };
}

/**
 * A far page without walking every row before it (issue 36: a jump to the middle of 1M filtered,
 * sorted rows took 13 s, to the end 15 s), the same rows as the offset read:
 * - in the second half, the rows after the page are fewer than those before it: the page is read
 *   backwards (the order reversed, offset by the rows after it), then turned round. `total` is the
 *   exact count of the same filter (cached until a write), so the two offsets meet;
 * - in the first half of a filtered list, the keys of the row before the page are read from an
 *   index holding the order and the filter's columns (jump-index.ts: index entries only, no row),
 *   then the page by key after them, as a cursor's page (pageAfter).
 * Null: read by offset (an unfiltered list's sort index already skips rows without reading them;
 * a filter or order the jump index cannot hold).
 */
function farPage({ store, t, p, me, total, more, walk }: OffsetAsk) {
  const table = queryTable(t);
  const after = total - p.offset;
  if (after <= p.offset) {
    const limit = Math.min(p.limit, after);
    const page = {
      dialect: "sqlite" as const,
      table,
      ...p,
      me,
      limit,
      offset: after - limit,
      keys: more,
      reverse: true,
    };
    let compiled = compileList({ ...page, indexedBy: walk });
    const raws = walking(store, compiled, () => (compiled = compileList(page))).reverse();
    const next = more && raws.length === p.limit ? cursorAfter(t, compiled.order, p.where, raws.at(-1)) : null;
    return { raws, select: compiled.select, next };
  }
  const order = sortKeys(table, p.sort, "sqlite");
  const jump = ensureJumpIndex(store, t, order, p.where);
  const pk = table.columns.find((c) => c.pk);
  if (!jump || !pk) return null;
  const find = { dialect: "sqlite" as const, table, where: p.where, sort: p.sort, fields: [pk.title], me };
  const before = { ...find, limit: 1, offset: p.offset - 1, keys: true };
  const [raw] = walking(store, compileList({ ...before, indexedBy: jump }), () => compileList(before));
  const values = raw ? order.map((_, i) => keyValue(raw[keyAlias(i)])) : [];
  if (!raw || values.some((v) => v === undefined)) return null;
  // The jump index leads with the order's keys (after a required equality) and holds the filter's
  // columns: the page after the row seeks it too, also while the sort index waits to be built.
  const page = pageAfter(store, t, p, values as KeyValue[], me, jump);
  return more ? page : { ...page, next: null };
}

/**
 * The page after a cursor. On stored columns, each piece of "after" (keyset.ts afterSegments) is
 * its own statement, read in order until the page is full: each is an index seek, where SQLite
 * would walk the whole OR-chain's index from the start. A computed key has no index and every
 * piece would scan the table, so there the OR-chain is one statement. One row more than the page
 * tells whether another page follows (a page of the most rows a statement reads asks that apart).
 */
function keysetPage(
  store: ProjectStore,
  t: TableRef,
  p: Scoped,
  cursor: string,
  me: string | null,
  walk?: string | false,
) {
  const order = sortKeys(queryTable(t), p.sort, "sqlite");
  const values = decodeCursor(cursor, listSignature(t, order, p.where), order.length);
  return pageAfter(store, t, p, values, me, walk);
}

/** The page of the rows after the row whose order keys are `values` (keysetPage, farPage). */
function pageAfter(
  store: ProjectStore,
  t: TableRef,
  p: Scoped,
  values: KeyValue[],
  me: string | null,
  walk?: string | false,
) {
  const table = queryTable(t);
  const order = sortKeys(table, p.sort, "sqlite");
  const plain = order.every((k) => !k.column.expr && !k.column.sortExpr);
  let select: QueryColumn[] = resolveFields(table, p.fields);
  const rowsAfter = (after: KeyValue[], want: number): SqlRow[] => {
    const pieces = plain ? afterSegments(order, after, "sqlite") : [afterCursor(order, after, "sqlite")];
    const raws: SqlRow[] = [];
    for (const piece of pieces) {
      const limit = want - raws.length;
      const page = { dialect: "sqlite" as const, table, ...p, me, offset: 0, limit, keys: true, after: piece };
      let compiled = compileList({ ...page, indexedBy: walk });
      raws.push(...walking(store, compiled, () => (compiled = compileList(page))));
      select = compiled.select;
      if (raws.length >= want) break;
    }
    return raws;
  };
  const keysOf = (raw: SqlRow) => order.map((_, i) => keyValue(raw[keyAlias(i)]) ?? null);
  const raws = rowsAfter(values, Math.min(p.limit + 1, LIMIT_MAX));
  const page = raws.slice(0, p.limit);
  const last = page.at(-1);
  const more = raws.length > p.limit || (!!last && page.length === LIMIT_MAX && rowsAfter(keysOf(last), 1).length > 0);
  return { raws: page, select, next: more ? cursorAfter(t, order, p.where, last) : null };
}

export function countRows(
  store: ProjectStore,
  tableKey: string,
  where: string | undefined,
  cache: CountCache,
  scope?: RowScope,
  /** Filters on has-many and many-to-many links compare the number of linked records (NocoDB v2). */
  linkCounts?: boolean,
) {
  const t = tableRef(store, tableKey, linkCounts);
  const scoped = scopeParams(store, t, queryTable(t), { where, limit: 1, offset: 0 }, scope).where;
  useSearchIndex(store, t, scoped);
  return { count: count(store, t, scoped, cache, meOf(scope)) };
}

/** The first matching row, or `{}` (contract). */
export function findOne(store: ProjectStore, tableKey: string, params: ListParams, scope?: RowScope) {
  const t = tableRef(store, tableKey);
  const p = scopeParams(store, t, queryTable(t), params, scope);
  useSearchIndex(store, t, p.where);
  const compiled = compileList({ dialect: "sqlite", table: queryTable(t), ...p, limit: 1, offset: 0, me: meOf(scope) });
  const [raw] = store.exec(compiled.list.sql, ...(compiled.list.params as never[]));
  if (!raw) return {};
  const row = apiRow(t, compiled.select, raw);
  return anonymousReader(scope) ? withoutEmails([...t.cols, ...t.virtual], [row])[0]! : row;
}

/** Distinct values of a column with their counts (contract `groupby`), paged over the groups. */
export function groupBy(
  store: ProjectStore,
  tableKey: string,
  column: string,
  params: ListParams,
  scope?: RowScope,
  measures?: GroupMeasure[],
  bucket?: DateBucket,
  aggregations?: FooterItem[],
) {
  const t = tableRef(store, tableKey);
  const computed = t.virtual.find((v) => v.title === column || v.columnName === column);
  if (computed) throw bad(`Grouping by ${computed.title} is not supported: it is a computed field`);
  const where = scopeParams(store, t, queryTable(t), params, scope).where;
  const all = [...(measures ?? []), ...footerMeasures(aggregations ?? [])];
  // Maintained counts answer a group without a filter or a date bucket: its list when there are
  // no sums, else how many groups there are (compileGroupBy).
  const countable = !where && !bucket;
  const compiled = compileGroupBy({
    counts: ensureGroupCounts(store, t, queryTable(t), column, !countable) ?? undefined,
    dialect: "sqlite",
    table: queryTable(t),
    column,
    where,
    sort: params.sort?.[0],
    limit: params.limit,
    offset: params.offset,
    me: meOf(scope),
    measures: all,
    bucket,
  });
  const col = t.cols.find((c) => c.columnName === compiled.columnName)!;
  const raws = store.exec(compiled.list.sql, ...(compiled.list.params as never[]));
  const extras = (r: SqlRow) => groupExtras(r, compiled, measures?.length ?? 0, aggregations);
  const totalRows = () => Number(store.exec(compiled.count.sql, ...(compiled.count.params as never[]))[0]?.count ?? 0);
  // A bucket's value is its text (2024-03), not a value of the column.
  if (bucket) {
    const list = raws.map((r) => ({ [col.columnName]: r[col.columnName] ?? null, count: r.count, ...extras(r) }));
    return { list, pageInfo: pageInfo(totalRows(), params.limit, params.offset) };
  }
  // A person column groups by the stored id: its groups show the person (one directory query).
  const values = withDirectory(
    store,
    [col],
    raws.map((r) => toApiRow([col], r)),
  );
  const hidden = anonymousReader(scope) ? withoutEmails([col], values) : values;
  const list = raws.map((r, i) => ({
    [col.columnName]: hidden[i]![col.title] ?? null,
    count: r.count,
    ...extras(r),
  }));
  return { list, pageInfo: pageInfo(totalRows(), params.limit, params.offset) };
}

/**
 * Evaluates a formula column over every row of its table (ordered by it, one row read), so that
 * a formula whose result the database cannot hold (SQLITE_TOOBIG) is refused when it is made or
 * changed, inside that change's transaction, rather than failing every later read of the table.
 */
export function probeFormula(store: ProjectStore, columnId: string): void {
  const col = store.meta.select().from(columns).where(eq(columns.id, columnId)).get();
  if (!col || !isFormula(col.uidt)) return;
  store.schemaCache.clear();
  const t = tableRef(store, col.modelId);
  const compiled = compileList({
    dialect: "sqlite",
    table: queryTable(t),
    fields: [col.title],
    sort: [col.title],
    limit: 1,
    offset: 0,
  });
  store.exec(compiled.list.sql, ...(compiled.list.params as never[]));
}
