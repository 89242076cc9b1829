/**
 * The data API on an external table (contract 5.1–5.3): the same query compiler, on the source's
 * dialect, through its driver. Rules:
 * - reads: compileList/compileGroupBy with the source's dialect; values come back through
 *   fromDialectValue and the field types, so rows look exactly like native ones;
 * - links, lookups, rollups and formulas compile to correlated sub-queries in the source's
 *   dialect (db/query/computed.ts), exactly as on native tables: a page is ONE statement, and
 *   filters and sorts on computed columns run in the database;
 * - counts never block a page: on a table the database estimates at ESTIMATE_FROM rows or more,
 *   totalRows is the estimate (unfiltered: the table's; filtered: the planner's) and pageInfo
 *   says `approximate: true`;
 * - writes bind every value (toDialectValue), run in one transaction (bulk: all or nothing), and a
 *   database refusal is a 400 with the database's message (driver.ts SourceError);
 * - a database view is read-only; a table without a primary key can be read but not written.
 */
import { withColour } from "../views/colour-plan";
import { footerMeasures, groupExtras, type FooterItem } from "../views/footer";
import type { DateBucket } from "../query/compile-group";
import { bad, DbError, missing } from "../errors";
import type { Dialect, Stored } from "../fields/types";
import {
  compileCount,
  compileGroupBy,
  type GroupMeasure,
  compileKeys,
  compileList,
  fromDialectValue,
  toDialectValue,
  type ListParams,
  type QueryColumn,
  type QueryTable,
} from "../query";
import { dialectOf } from "../query/dialects";
import { ident, join, lit, param, sql, render } from "../query/sql";
import { pageInfo } from "../rows/read";
import { toApiRow, toStored, type RowColumn } from "../rows/row-codec";
import { rememberWriter, withDirectory } from "../rows/row-users";
import type { Actor } from "../rows/audit";
import { MAX_BULK_ROWS, rowsOf } from "../rows/api";
import type { ProjectStore } from "../store/store";
import { scopeParams, type RowScope } from "../views/scope";
import { SourceError, type Queryable, type Row, type SourceDriver } from "./driver";
import { assertWritable, extTable, keyCond, keyValues, queryTableOf, tableSql, type ExtTable } from "./table";
import { narrowedExt, requireVisible, withCheck } from "./access";
import { checkWritable } from "../rows/access-guard";
import type { Reader } from "../access/reader";
import { asLinkCount, virtualColumns, type VirtualColumn } from "../query/computed";
import { computedSchema } from "../schema/tables";
import { isVirtual } from "../fields/registry";

export const ESTIMATE_FROM = 100_000;

export interface ExtCtx {
  store: ProjectStore;
  driver: SourceDriver;
  /** Who writes: stamped into "Created by" / "Last modified by" columns (db/rows/row-users.ts). */
  by?: Actor;
  /** Who reads or writes, narrowed by field permissions and row rules (access.ts); absent: everything. */
  reader?: Reader | null;
}

/** The caller's id for user columns; null for a visitor without an account or no writer. */
const byId = (ctx: ExtCtx): string | null => ctx.by?.id || null;

const storedRow = (cols: readonly RowColumn[], raw: Row, d: Dialect): Record<string, Stored> =>
  Object.fromEntries(
    cols
      .filter((c) => Object.hasOwn(raw, c.columnName))
      .map((c) => [c.columnName, fromDialectValue(c.uidt, raw[c.columnName], d)]),
  );

/**
 * The table by id or title as the context's reader may see it (access.ts): hidden fields gone,
 * their row rule attached; the whole table for readers with full access. `linkCounts`: its has-many
 * and many-to-many links read, filtered and sorted as their number of linked records (NocoDB v2).
 */
export function tableOf(ctx: ExtCtx, key: string, linkCounts?: boolean): ExtTable {
  const t = narrowedExt(ctx.store, extTable(ctx.store, key), ctx.reader, ctx.driver.dialect);
  return linkCounts ? withLinkCounts(t) : t;
}

/**
 * The table with its links, lookups, rollups and formulas compiled for the source's dialect
 * (db/query/computed.ts), memoised with the table. A computed column that no longer compiles
 * (its link was dropped in the database) is left out, so the rest of the table still reads.
 */
const computedCache = new WeakMap<ExtTable, VirtualColumn[]>();
export function computedOf(ctx: ExtCtx, t: ExtTable): VirtualColumn[] {
  let known = computedCache.get(t);
  if (!known) {
    const schema = computedSchema(ctx.store);
    known = t.all.flatMap((c) => {
      if (c.columnName || !isVirtual(c.uidt) || t.hidden?.has(c.id)) return [];
      try {
        const v = virtualColumns(schema, t.ref.model, [c], ctx.driver.dialect, t.restrict, ctx.driver.dbSchema);
        return t.linkCounts ? v.map(asLinkCount) : v;
      } catch {
        return [];
      }
    });
    computedCache.set(t, known);
  }
  return known;
}

/** The table with its has-many and many-to-many links read as counts, kept per table as computedOf's columns are. */
const counted = new WeakMap<ExtTable, ExtTable>();
function withLinkCounts(t: ExtTable): ExtTable {
  let known = counted.get(t);
  if (!known) counted.set(t, (known = { ...t, linkCounts: true }));
  return known;
}

export function fullTable(ctx: ExtCtx, t: ExtTable): QueryTable {
  const base = queryTableOf(t, ctx.driver.dbSchema);
  return { ...base, columns: [...base.columns, ...computedOf(ctx, t)], rowRule: t.ref.access?.rule ?? null };
}

/** Selected rows as the API returns them: stored columns through their types, computed ones decoded. */
export function apiRows(ctx: ExtCtx, t: ExtTable, select: readonly QueryColumn[], raws: Row[]) {
  const d = ctx.driver.dialect;
  const chosen = t.cols.filter((c) => select.some((s) => s.id === c.id));
  const computed = computedOf(ctx, t).filter((v) => select.some((s) => s.id === v.id));
  // Person columns hold bare ids on the source: names come from the room's directory.
  return withDirectory(
    ctx.store,
    chosen,
    raws.map((r) =>
      toApiRow(
        chosen,
        storedRow(t.cols, r, d),
        computed.map((v): [string, unknown] => [v.title, v.decode(r[v.columnName] ?? null)]),
      ),
    ),
  );
}

/** One row by its key values with every column, computed ones included: one statement. */
async function readFull(ctx: ExtCtx, q: Queryable, t: ExtTable, keys: unknown[]) {
  const d = ctx.driver.dialect;
  const compiled = compileList({
    dialect: d,
    table: fullTable(ctx, t),
    extra: keyCond(d, t, keys),
    limit: 1,
    offset: 0,
  });
  const raws = await q.query(compiled.list.sql, compiled.list.params);
  return raws.length ? apiRows(ctx, t, compiled.select, raws)[0]! : null;
}

/** Exact count, or the database's estimate when the table is large (never a full scan per page). */
async function countOf(
  ctx: ExtCtx,
  t: ExtTable,
  where: ListParams["where"] | Parameters<typeof compileCount>[0]["where"],
  search?: Parameters<typeof compileCount>[0]["search"],
  me: string | null = null,
) {
  const d = ctx.driver.dialect;
  const estimate = await ctx.driver.estimate(t.ref.model.tableName).catch(() => null);
  const compiled = compileCount({ dialect: d, table: fullTable(ctx, t), where, search, me });
  const filtered = compiled.sql.includes(" WHERE ");
  if (estimate !== null && estimate >= ESTIMATE_FROM) {
    if (!filtered) return { n: estimate, approximate: true };
    const planned = await planRows(ctx, compiled.sql, compiled.params);
    if (planned !== null) return { n: planned, approximate: true };
  }
  const [row] = await ctx.driver.query(compiled.sql, compiled.params);
  return { n: Number(row?.count ?? 0), approximate: false };
}

/** The planner's row estimate for a count statement (pg: EXPLAIN JSON; mysql: EXPLAIN rows). */
async function planRows(ctx: ExtCtx, countSql: string, params: unknown[]): Promise<number | null> {
  const inner = countSql.replace(/^SELECT COUNT\(\*\) AS [`"]count[`"]/, "SELECT 1");
  try {
    return await dialectOf(ctx.driver.dialect).planRows((text, p) => ctx.driver.query(text, p), inner, params);
  } catch {
    return null;
  }
}

/** `linkCounts`: has-many and many-to-many links as the number of linked records (NocoDB v2). */
export async function listRows(
  ctx: ExtCtx,
  tableKey: string,
  params: ListParams,
  scope?: RowScope,
  linkCounts?: boolean,
) {
  const t = tableOf(ctx, tableKey, linkCounts);
  const table = fullTable(ctx, t);
  const p = scopeParams(ctx.store, t.ref, table, params, scope);
  const d = ctx.driver.dialect;
  const compiled = compileList({ dialect: d, table, ...p, me: scope?.caller?.userId ?? null });
  const raws = await ctx.driver.query(compiled.list.sql, compiled.list.params);
  const list = apiRows(ctx, t, compiled.select, raws).map((row, i) => withColour(row, p.colourPlan, raws[i]!));
  const { n, approximate } = await countOf(ctx, t, p.where, undefined, scope?.caller?.userId ?? null);
  const total = approximate ? Math.max(n, params.offset + raws.length) : n;
  return {
    list,
    pageInfo: { ...pageInfo(total, params.limit, params.offset), ...(approximate ? { approximate: true } : {}) },
  };
}

/** `linkCounts`: filters on has-many and many-to-many links compare the number of linked records (NocoDB v2). */
export async function countRows(
  ctx: ExtCtx,
  tableKey: string,
  where: string | undefined,
  scope?: RowScope,
  linkCounts?: boolean,
) {
  const t = tableOf(ctx, tableKey, linkCounts);
  const p = scopeParams(ctx.store, t.ref, fullTable(ctx, t), { where, limit: 1, offset: 0 }, scope);
  const { n, approximate } = await countOf(ctx, t, p.where, undefined, scope?.caller?.userId ?? null);
  return { count: n, ...(approximate ? { approximate: true } : {}) };
}

export async function findOne(ctx: ExtCtx, tableKey: string, params: ListParams, scope?: RowScope) {
  const t = tableOf(ctx, tableKey);
  const table = fullTable(ctx, t);
  const p = scopeParams(ctx.store, t.ref, table, params, scope);
  const compiled = compileList({
    dialect: ctx.driver.dialect,
    table,
    ...p,
    limit: 1,
    offset: 0,
    me: scope?.caller?.userId ?? null,
  });
  const raws = await ctx.driver.query(compiled.list.sql, compiled.list.params);
  return raws.length ? apiRows(ctx, t, compiled.select, raws)[0]! : {};
}

export async function groupBy(
  ctx: ExtCtx,
  tableKey: string,
  column: string,
  params: ListParams,
  scope?: RowScope,
  measures?: GroupMeasure[],
  bucket?: DateBucket,
  aggregations?: FooterItem[],
) {
  const t = tableOf(ctx, tableKey);
  const table = fullTable(ctx, t);
  const d = ctx.driver.dialect;
  const computed = computedOf(ctx, t).find((v) => v.title === column || v.columnName === column);
  if (computed) throw bad(`Grouping by ${computed.title} is not supported: it is a computed field`);
  const where = scopeParams(ctx.store, t.ref, table, params, scope).where;
  const compiled = compileGroupBy({
    dialect: d,
    table,
    column,
    where,
    sort: params.sort?.[0],
    limit: params.limit,
    offset: params.offset,
    me: scope?.caller?.userId ?? null,
    measures: [...(measures ?? []), ...footerMeasures(aggregations ?? [])],
    bucket,
  });
  const col = t.cols.find((c) => c.columnName === compiled.columnName)!;
  const list = (await ctx.driver.query(compiled.list.sql, compiled.list.params)).map((r) => ({
    // A date bucket's value is its text (2024-03), not a value of the column.
    [col.columnName]: bucket
      ? r[col.columnName] === null || r[col.columnName] === undefined
        ? null
        : String(r[col.columnName])
      : (toApiRow([col], storedRow([col], r, d))[col.title] ?? null),
    count: Number(r.count),
    ...groupExtras(r, compiled, measures?.length ?? 0, aggregations),
  }));
  const totalRows = Number((await ctx.driver.query(compiled.count.sql, compiled.count.params))[0]?.count ?? 0);
  return { list, pageInfo: pageInfo(totalRows, params.limit, params.offset) };
}

/** The raw row with these key values within the reader's rule, or null. */
export async function readBy(ctx: ExtCtx, q: Queryable, t: ExtTable, keys: unknown[]) {
  const d = ctx.driver.dialect;
  const rule = t.ref.access?.rule;
  const where = rule ? sql`${keyCond(d, t, keys)} AND (${rule})` : keyCond(d, t, keys);
  const s = render(sql`SELECT * FROM ${tableSql(ctx.driver, t.ref.model.tableName)} WHERE ${where}`, d);
  const [raw] = await q.query(s.sql, s.params);
  return raw ?? null;
}

export async function readRow(ctx: ExtCtx, tableKey: string, rowId: string, linkCounts?: boolean) {
  const t = tableOf(ctx, tableKey, linkCounts);
  const row = await readFull(ctx, ctx.driver, t, keyValues(t, rowId, ctx.driver.dialect));
  if (!row) throw missing("Row not found");
  return row;
}

export async function rowExists(ctx: ExtCtx, tableKey: string, rowId: string) {
  const t = tableOf(ctx, tableKey);
  try {
    return (await readBy(ctx, ctx.driver, t, keyValues(t, rowId, ctx.driver.dialect))) !== null;
  } catch {
    return false;
  }
}

/**
 * A bulk row's database error, numbered; "not found" and refusals keep their status and own label,
 * a database's refusal its code (a column gone from the database is recognised by it: drift.ts).
 */
const prefixed = (i: number, total: number, err: unknown) => {
  if (total <= 1 || !(err instanceof Error) || (err instanceof DbError && (err.status === 403 || err.status === 404)))
    return err;
  const msg = `Row ${i + 1}: ${err.message}`;
  return err instanceof SourceError ? new SourceError(msg, err.code, err.number) : bad(msg);
};

function dialectValues(t: ExtTable, values: Record<string, Stored>, d: Dialect) {
  const names = Object.keys(values);
  return {
    names,
    params: names.map((n) => toDialectValue(t.cols.find((c) => c.columnName === n)!.uidt, values[n]!, d)),
  };
}

/** Inserts one row inside `q`; returns its key values. */
async function insertIn(ctx: ExtCtx, q: Queryable, t: ExtTable, body: unknown, now: string): Promise<unknown[]> {
  const d = ctx.driver.dialect;
  const { names, params } = dialectValues(t, toStored(t.cols, body, "insert", now, byId(ctx)), d);
  const table = tableSql(ctx.driver, t.ref.model.tableName);
  const cols = join(
    names.map((n) => ident(d, n)),
    ", ",
  );
  const vals = join(params.map(param), ", ");
  const dialect = dialectOf(d);
  const head = names.length
    ? sql`INSERT INTO ${table} (${cols}) VALUES (${vals})`
    : sql`INSERT INTO ${table} ${lit(dialect.defaultRow)}`;
  if (dialect.insertedKeys === "insertId") {
    const s = render(head, d);
    const res = await q.execute(s.sql, s.params);
    return t.keys.map((k) => (k.ai && res.insertId !== undefined ? res.insertId : params[names.indexOf(k.columnName)]));
  }
  if (dialect.insertedKeys === "output") {
    // SQL Server names the inserted key with OUTPUT INSERTED.<col>, between the columns and VALUES.
    const output = join(
      t.keys.map((k) => sql`INSERTED.${ident(d, k.columnName)}`),
      ", ",
    );
    const s = render(
      names.length
        ? sql`INSERT INTO ${table} (${cols}) OUTPUT ${output} VALUES (${vals})`
        : sql`INSERT INTO ${table} OUTPUT ${output} DEFAULT VALUES`,
      d,
    );
    const row = (await q.execute(s.sql, s.params)).rows[0] ?? {};
    return t.keys.map((k) => row[k.columnName]);
  }
  const returning = join(
    t.keys.map((k) => ident(d, k.columnName)),
    ", ",
  );
  const s = render(sql`${head} RETURNING ${returning}`, d);
  const res = await q.execute(s.sql, s.params);
  const row = res.rows[0] ?? {};
  return t.keys.map((k) => row[k.columnName]);
}

/**
 * `andThen` runs in the insert's transaction with the new row's key values (a form's links,
 * db/external/form-submit.ts): when it throws, the row is not written either.
 */
export async function insertOne(
  ctx: ExtCtx,
  tableKey: string,
  body: unknown,
  andThen?: (q: Queryable, keys: unknown[]) => Promise<void>,
) {
  const t = tableOf(ctx, tableKey);
  assertWritable(t);
  checkWritable(t.ref, body);
  rememberWriter(ctx.store, t.cols, ctx.by);
  const keys = await ctx.driver.transaction(async (q) => {
    const k = await insertIn(ctx, q, t, body, new Date().toISOString());
    await withCheck(q, t, ctx.driver, k);
    await andThen?.(q, k);
    return k;
  });
  return (await readFull(ctx, ctx.driver, t, keys)) ?? {};
}

export async function insertMany(ctx: ExtCtx, tableKey: string, bodies: unknown[] | string) {
  const rows = rowsOf(bodies);
  const t = tableOf(ctx, tableKey);
  assertWritable(t);
  for (const b of rows) checkWritable(t.ref, b);
  rememberWriter(ctx.store, t.cols, ctx.by);
  const now = new Date().toISOString();
  const keys = await ctx.driver.transaction(async (q) => {
    const out: unknown[][] = [];
    for (const [i, b] of rows.entries()) {
      let k: unknown[];
      try {
        k = await insertIn(ctx, q, t, b, now);
      } catch (err) {
        throw prefixed(i, rows.length, err);
      }
      await withCheck(q, t, ctx.driver, k, i, rows.length);
      out.push(k);
    }
    return out;
  });
  return keys.map((k) =>
    Object.fromEntries(t.keys.map((c, i) => [c.columnName, fromDialectValue(c.uidt, k[i], ctx.driver.dialect)])),
  );
}

async function updateIn(
  ctx: ExtCtx,
  q: Queryable,
  t: ExtTable,
  keys: unknown[],
  body: unknown,
  now: string,
  label: string,
) {
  const d = ctx.driver.dialect;
  const { names, params } = dialectValues(t, toStored(t.cols, body, "update", now, byId(ctx)), d);
  const table = tableSql(ctx.driver, t.ref.model.tableName);
  // A record outside the reader's rule is not there for them (access.ts).
  await requireVisible(q, t, ctx.driver, keys, label);
  if (!names.length) {
    if (!(await readBy(ctx, q, t, keys))) throw missing(label);
    return;
  }
  const set = join(
    names.map((n, i) => sql`${ident(d, n)} = ${param(params[i])}`),
    ", ",
  );
  const s = render(sql`UPDATE ${table} SET ${set} WHERE ${keyCond(d, t, keys)}`, d);
  const res = await q.execute(s.sql, s.params);
  // MySQL counts only rows whose values changed: an unchanged row must still exist.
  if (!res.affected && !(await readBy(ctx, q, t, keys))) throw missing(label);
}

export async function updateOne(ctx: ExtCtx, tableKey: string, rowId: string, body: unknown) {
  const t = tableOf(ctx, tableKey);
  assertWritable(t);
  rememberWriter(ctx.store, t.cols, ctx.by);
  const d = ctx.driver.dialect;
  const keys = keyValues(t, rowId, d);
  checkWritable(t.ref, body);
  // The key itself may have been changed by the body: read by the new one when it was.
  const stored = toStored(t.cols, body, "update", new Date().toISOString());
  const after = t.keys.map((k, i) =>
    Object.hasOwn(stored, k.columnName) ? toDialectValue(k.uidt, stored[k.columnName]!, d) : keys[i],
  );
  await ctx.driver.transaction(async (q) => {
    await updateIn(ctx, q, t, keys, body, new Date().toISOString(), "Row not found");
    await withCheck(q, t, ctx.driver, after);
  });
  return (await readFull(ctx, ctx.driver, t, after)) ?? {};
}

/** The row id a bulk body names: the key column(s) by title or name. */
function bodyKeys(t: ExtTable, body: unknown, i: number, d: Dialect) {
  const row = (body ?? {}) as Record<string, unknown>;
  const parts = t.keys.map((k) => row[k.title] ?? row[k.columnName]);
  if (parts.some((p) => p === undefined || p === null))
    throw bad(`Row ${i + 1}: ${t.keys.map((k) => k.title).join(", ")} is missing`);
  return keyValues(t, parts.map(String).join("___"), d);
}

export async function updateMany(ctx: ExtCtx, tableKey: string, bodies: unknown[]) {
  const t = tableOf(ctx, tableKey);
  assertWritable(t);
  rememberWriter(ctx.store, t.cols, ctx.by);
  if (bodies.length > MAX_BULK_ROWS) throw bad(`At most ${MAX_BULK_ROWS} rows per request`);
  const d = ctx.driver.dialect;
  const keys = bodies.map((b, i) => bodyKeys(t, b, i, d));
  for (const b of bodies) checkWritable(t.ref, b);
  const now = new Date().toISOString();
  await ctx.driver.transaction(async (q) => {
    for (const [i, b] of bodies.entries()) {
      const body = Object.fromEntries(
        Object.entries(b as object).filter(([k]) => !t.keys.some((c) => c.title === k || c.columnName === k)),
      );
      try {
        await updateIn(
          ctx,
          q,
          t,
          keys[i]!,
          body,
          now,
          bodies.length > 1 ? `Row ${i + 1}: row not found` : "Row not found",
        );
      } catch (err) {
        throw prefixed(i, bodies.length, err);
      }
      await withCheck(q, t, ctx.driver, keys[i]!, i, bodies.length);
    }
  });
  return keys.map((k) => Object.fromEntries(t.keys.map((c, i) => [c.columnName, k[i]])));
}

async function deleteIn(ctx: ExtCtx, q: Queryable, t: ExtTable, keys: unknown[], label: string) {
  const d = ctx.driver.dialect;
  await requireVisible(q, t, ctx.driver, keys, label);
  const s = render(sql`DELETE FROM ${tableSql(ctx.driver, t.ref.model.tableName)} WHERE ${keyCond(d, t, keys)}`, d);
  if (!(await q.execute(s.sql, s.params)).affected) throw missing(label);
}

export async function deleteOne(ctx: ExtCtx, tableKey: string, rowId: string) {
  const t = tableOf(ctx, tableKey);
  assertWritable(t);
  const keys = keyValues(t, rowId, ctx.driver.dialect);
  await ctx.driver.transaction((q) => deleteIn(ctx, q, t, keys, "Row not found"));
  return 1;
}

export async function deleteMany(ctx: ExtCtx, tableKey: string, bodies: unknown[]) {
  const t = tableOf(ctx, tableKey);
  assertWritable(t);
  const d = ctx.driver.dialect;
  const keys = bodies.map((b, i) => bodyKeys(t, b, i, d));
  await ctx.driver.transaction(async (q) => {
    for (const [i, k] of keys.entries())
      await deleteIn(ctx, q, t, k, bodies.length > 1 ? `Row ${i + 1}: row not found` : "Row not found");
  });
  return keys.map((k) => Object.fromEntries(t.keys.map((c, i) => [c.columnName, k[i]])));
}

/** The key values of the rows a filter matches, within the reader's rule (bulk changes by filter). */
export async function matchingKeys(ctx: ExtCtx, t: ExtTable, where: string | undefined): Promise<unknown[][]> {
  if (t.keys.length !== 1) throw bad("Bulk changes by filter need a single-column primary key");
  const d = ctx.driver.dialect;
  const q = compileKeys({
    dialect: d,
    table: fullTable(ctx, t),
    where,
    keyColumn: t.keys[0]!.columnName,
    me: byId(ctx),
  });
  return (await ctx.driver.query(q.sql, q.params)).map((r) => [r.id]);
}

export async function updateWhere(ctx: ExtCtx, tableKey: string, where: string | undefined, body: unknown) {
  const t = tableOf(ctx, tableKey);
  assertWritable(t);
  rememberWriter(ctx.store, t.cols, ctx.by);
  const fields = (body ?? {}) as Record<string, unknown>;
  if (t.keys.some((k) => Object.hasOwn(fields, k.title) || Object.hasOwn(fields, k.columnName))) return 0;
  checkWritable(t.ref, body);
  // Only records within the reader's rule match (fullTable carries it).
  const keys = await matchingKeys(ctx, t, where);
  const now = new Date().toISOString();
  await ctx.driver.transaction(async (q) => {
    for (const [i, k] of keys.entries()) {
      await updateIn(ctx, q, t, k, body, now, "Row not found");
      await withCheck(q, t, ctx.driver, k, i, keys.length);
    }
  });
  return keys.length;
}

export async function deleteWhere(ctx: ExtCtx, tableKey: string, where: string | undefined) {
  const t = tableOf(ctx, tableKey);
  assertWritable(t);
  const keys = await matchingKeys(ctx, t, where);
  await ctx.driver.transaction(async (q) => {
    for (const k of keys) await deleteIn(ctx, q, t, k, "Row not found");
  });
  return keys.length;
}
