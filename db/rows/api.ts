import { bad, missing } from "../errors";
import type { ProjectStore } from "../store/store";
import type { Actor } from "./audit";
import { compileKeys } from "../query";
import { queryTable, readBack, readBackRow, readById } from "./read";
import { tableRef, type TableRef } from "./table-ref";
import { deleteRows, insertRows, readRowById, updateRows } from "./write";
import { rowKey } from "./row-key";
import type { FileSink } from "./files";
import { checkWritable, requireVisible, withCheck } from "./access-guard";

/**
 * Row operations as the data API answers them (contract 5.1, 5.3). Every write runs in one
 * transaction: a bulk request with a bad row writes nothing and its message names the row.
 */

/**
 * A belongs-to link may be written with the row: `{Customer: {Id: 3}}`, `{Customer: 3}` or
 * `{Customer: null}` set the hidden FK column. Other link keys are ignored (contract 1.11).
 */
function withBelongsTo(t: TableRef, body: unknown): unknown {
  checkWritable(t, body);
  if (!t.belongsTo.length || body === null || typeof body !== "object" || Array.isArray(body)) return body;
  const out = { ...(body as Record<string, unknown>) };
  for (const bt of t.belongsTo) {
    if (!Object.hasOwn(out, bt.title)) continue;
    const v = out[bt.title];
    delete out[bt.title];
    out[bt.fkTitle] =
      v !== null && typeof v === "object" ? (Object.values(v as Record<string, unknown>)[0] ?? null) : v;
  }
  return out;
}

export function insertOne(store: ProjectStore, tableKey: string, body: unknown, actor: Actor) {
  const t = tableRef(store, tableKey);
  const row = withBelongsTo(t, body);
  return store.transaction(() => {
    const [id] = insertRows(store, t.model, t.cols, [row], actor);
    withCheck(store, t, [id!]);
    return readById(store, t, id!);
  });
}

/** The most rows one bulk request may carry. */
export const MAX_BULK_ROWS = 10_000;

/**
 * A bulk body: already parsed, or the request's JSON text, which the Worker forwards unparsed so
 * that thousands of rows cross into the project room as one string rather than as cloned objects.
 */
export function rowsOf(body: unknown[] | string): unknown[] {
  let rows: unknown = body;
  if (typeof body === "string") {
    try {
      rows = JSON.parse(body);
    } catch {
      throw bad("Request body is not valid JSON");
    }
  }
  if (!Array.isArray(rows)) throw bad("Request body must be a JSON array of rows");
  if (rows.length > MAX_BULK_ROWS) throw bad(`At most ${MAX_BULK_ROWS} rows per request`);
  return rows;
}

export function insertMany(store: ProjectStore, tableKey: string, body: unknown[] | string, actor: Actor) {
  const bodies = rowsOf(body);
  const t = tableRef(store, tableKey);
  const pkName = t.cols.find((c) => c.pk)!.columnName;
  const rows = bodies.map((b) => withBelongsTo(t, b));
  return store.transaction(() => {
    const ids = insertRows(store, t.model, t.cols, rows, actor);
    withCheck(store, t, ids);
    return ids.map((id) => ({ [pkName]: id }));
  });
}

/** `linkCounts`: has-many and many-to-many links as the number of linked records (NocoDB v2). */
export function readOne(store: ProjectStore, tableKey: string, rowId: string, linkCounts?: boolean) {
  const t = tableRef(store, tableKey, linkCounts);
  // readById applies the reader's row rule: a record outside it is not found.
  const row = readById(store, t, rowKey(rowId));
  if (!row) throw missing("Row not found");
  return row;
}

export function exists(store: ProjectStore, tableKey: string, rowId: string) {
  const t = tableRef(store, tableKey);
  const id = Number(rowId);
  if (!Number.isSafeInteger(id)) return false;
  return t.access?.rule ? readById(store, t, id) !== null : readRowById(store, t.model, t.cols, id) !== null;
}

export function updateOne(
  store: ProjectStore,
  tableKey: string,
  rowId: string,
  body: unknown,
  actor: Actor,
  /** The history entry's description instead of "changed A, B". */
  note?: string,
) {
  const t = tableRef(store, tableKey);
  const id = rowKey(rowId);
  const row = withBelongsTo(t, body);
  const returning = readBack(t);
  return store.transaction(() => {
    requireVisible(store, t, [id]);
    const [written] = updateRows(store, t.model, t.cols, [{ id, body: row }], actor, returning, note);
    withCheck(store, t, [id]);
    return written ? readBackRow(t, written) : readById(store, t, id);
  });
}

export function deleteOne(store: ProjectStore, tableKey: string, rowId: string, actor: Actor, files?: FileSink) {
  const t = tableRef(store, tableKey);
  const id = rowKey(rowId);
  return store.transaction(() => {
    requireVisible(store, t, [id]);
    return deleteRows(store, t.model, t.cols, [id], actor, files);
  });
}

/** The key of each body row, by the key column's title or column_name. */
function keysOf(bodies: unknown[], pk: { title: string; columnName: string }) {
  return bodies.map((b, i) => {
    const row = (b ?? {}) as Record<string, unknown>;
    const id = row[pk.title] ?? row[pk.columnName];
    if (id === undefined || id === null) throw bad(`Row ${i + 1}: ${pk.title} is missing`);
    try {
      return rowKey(id);
    } catch {
      throw missing(`Row ${i + 1}: row ${String(id)} not found`);
    }
  });
}

export function updateMany(store: ProjectStore, tableKey: string, bodies: unknown[], actor: Actor) {
  const t = tableRef(store, tableKey);
  const pk = t.cols.find((c) => c.pk)!;
  const ids = keysOf(bodies, pk);
  const rows = ids.map((id, i) => ({ id, body: withBelongsTo(t, bodies[i]) }));
  return store.transaction(() => {
    requireVisible(store, t, ids);
    updateRows(store, t.model, t.cols, rows, actor);
    withCheck(store, t, ids);
    return ids.map((id) => ({ [pk.columnName]: id }));
  });
}

export function deleteMany(store: ProjectStore, tableKey: string, bodies: unknown[], actor: Actor, files?: FileSink) {
  const t = tableRef(store, tableKey);
  const pk = t.cols.find((c) => c.pk)!;
  const ids = keysOf(bodies, pk);
  return store.transaction(() => {
    requireVisible(store, t, ids);
    deleteRows(store, t.model, t.cols, ids, actor, files);
    return ids.map((id) => ({ [pk.columnName]: id }));
  });
}

/** Ids of every row matching `where` (all rows without one), in key order. */
export function matchingIds(
  store: ProjectStore,
  t: TableRef,
  where: string | undefined,
  me: string | null = null,
): number[] {
  const pk = t.cols.find((c) => c.pk)!;
  const q = compileKeys({ dialect: "sqlite", table: queryTable(t), where, keyColumn: pk.columnName, me });
  return store.exec(q.sql, ...(q.params as never[])).map((r) => r.id as number);
}

/** `PATCH bulk/.../all`: the same change on every matching row; a body naming the key changes nothing. */
export function updateWhere(
  store: ProjectStore,
  tableKey: string,
  where: string | undefined,
  body: unknown,
  actor: Actor,
) {
  const t = tableRef(store, tableKey);
  const pk = t.cols.find((c) => c.pk)!;
  const fields = (body ?? {}) as Record<string, unknown>;
  if (Object.hasOwn(fields, pk.title) || Object.hasOwn(fields, pk.columnName)) return 0;
  checkWritable(t, body);
  // matchingIds reads through the reader's row rule: rows outside it are not touched.
  return store.transaction(() => {
    const ids = matchingIds(store, t, where, actor.id || null);
    updateRows(
      store,
      t.model,
      t.cols,
      ids.map((id) => ({ id, body })),
      actor,
    );
    withCheck(store, t, ids);
    return ids.length;
  });
}

/** `DELETE bulk/.../all`: every matching row. */
export function deleteWhere(
  store: ProjectStore,
  tableKey: string,
  where: string | undefined,
  actor: Actor,
  files?: FileSink,
) {
  const t = tableRef(store, tableKey);
  const ids = matchingIds(store, t, where, actor.id || null);
  return deleteRows(store, t.model, t.cols, ids, actor, files);
}
