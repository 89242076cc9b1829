import { newId } from "../ids";
import type { ProjectStore, SqlRow } from "../store/store";
import type { Actor } from "../rows/audit";

/**
 * The trash's entries (issue 35), in the project's SQLite table `_nc_trash` (migrations.ts).
 * This module only stores and reads entries; what a kind puts in its payload, and how it comes
 * back or goes for good, is the kind's handler (handlers.ts).
 */
export type TrashKind = "record" | "field" | "table" | "view" | "dashboard";

export const TRASH_KINDS: readonly TrashKind[] = ["record", "field", "table", "view", "dashboard"];

/** Days an entry is kept before it is purged on its own, unless the instance says otherwise. */
export const DEFAULT_TRASH_DAYS = 30;

export interface TrashEntry {
  id: string;
  kind: TrashKind;
  /** What the trash page shows: a record's display value, a field's, table's, view's or dashboard's title. */
  title: string;
  /** The table the entry belongs to (a record's, field's or view's table; a table its own id; a dashboard none). */
  tableId: string | null;
  /** A record's primary key, as text. */
  rowId: string | null;
  /** Entries deleted by one request share it: an undo restores the batch. */
  batch: string | null;
  /** The e-mail of who deleted it. */
  deletedBy: string | null;
  deletedAt: string;
  /** The kind's own JSON. */
  payload: unknown;
}

/** The entry as the API lists it (issue 35's contract). */
export function entryJson(e: TrashEntry) {
  return {
    id: e.id,
    type: e.kind,
    title: e.title,
    table_id: e.tableId,
    row_id: e.rowId,
    batch: e.batch,
    deleted_by: e.deletedBy,
    deleted_at: e.deletedAt,
  };
}

export interface NewEntry {
  kind: TrashKind;
  title: string;
  tableId?: string | null;
  rowId?: string | null;
  batch?: string | null;
  payload: unknown;
}

/** Puts one entry in the trash, in the caller's transaction; answers its id. */
export function putEntry(store: ProjectStore, entry: NewEntry, actor: Actor | null, now = new Date().toISOString()) {
  const id = newId("tr_");
  store.exec(
    `INSERT INTO _nc_trash (id, kind, title, fk_model_id, row_id, batch, deleted_by, deleted_at, payload)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    id,
    entry.kind,
    entry.title,
    entry.tableId ?? null,
    entry.rowId ?? null,
    entry.batch ?? null,
    actor?.email ?? null,
    now,
    JSON.stringify(entry.payload ?? {}),
  );
  return id;
}

const COLUMNS = "id, kind, title, fk_model_id, row_id, batch, deleted_by, deleted_at";

function toEntry(r: SqlRow, withPayload: boolean): TrashEntry {
  return {
    id: String(r.id),
    kind: r.kind as TrashKind,
    title: String(r.title),
    tableId: (r.fk_model_id as string | null) ?? null,
    rowId: (r.row_id as string | null) ?? null,
    batch: (r.batch as string | null) ?? null,
    deletedBy: (r.deleted_by as string | null) ?? null,
    deletedAt: String(r.deleted_at),
    payload: withPayload ? JSON.parse(String(r.payload ?? "{}")) : undefined,
  };
}

export interface ListOptions {
  kinds?: readonly TrashKind[];
  tableId?: string;
  limit: number;
  offset: number;
}

/** Entries newest first, without payloads; with the total for pageInfo. */
export function listEntries(store: ProjectStore, o: ListOptions): { list: TrashEntry[]; total: number } {
  const where: string[] = [];
  const params: string[] = [];
  if (o.kinds?.length) {
    where.push(`kind IN (${o.kinds.map(() => "?").join(", ")})`);
    params.push(...o.kinds);
  }
  if (o.tableId) {
    where.push("fk_model_id = ?");
    params.push(o.tableId);
  }
  const w = where.length ? ` WHERE ${where.join(" AND ")}` : "";
  const total = Number(store.exec(`SELECT count(*) AS n FROM _nc_trash${w}`, ...params)[0]!.n);
  const rows = store.exec(
    `SELECT ${COLUMNS} FROM _nc_trash${w} ORDER BY deleted_at DESC, rowid DESC LIMIT ? OFFSET ?`,
    ...params,
    o.limit,
    o.offset,
  );
  return { list: rows.map((r) => toEntry(r, false)), total };
}

/** One entry with its payload, or null. */
export function getEntry(store: ProjectStore, id: string): TrashEntry | null {
  const [r] = store.exec(`SELECT ${COLUMNS}, payload FROM _nc_trash WHERE id = ?`, id);
  return r ? toEntry(r, true) : null;
}

/** The entries of a batch, or of the given records of a table, with payloads. */
export function entriesOf(store: ProjectStore, by: { batch: string } | { tableId: string; rowIds: string[] }) {
  const rows =
    "batch" in by
      ? store.exec(`SELECT ${COLUMNS}, payload FROM _nc_trash WHERE batch = ? ORDER BY rowid`, by.batch)
      : store.exec(
          `SELECT ${COLUMNS}, payload FROM _nc_trash WHERE kind = 'record' AND fk_model_id = ?
             AND row_id IN (SELECT value FROM json_each(?)) ORDER BY rowid`,
          by.tableId,
          JSON.stringify(by.rowIds),
        );
  return rows.map((r) => toEntry(r, true));
}

/** Ids of entries deleted before `before` (an ISO time): the ones past their keeping. */
export function expiredIds(store: ProjectStore, before: string, limit: number): string[] {
  return store
    .exec("SELECT id FROM _nc_trash WHERE deleted_at < ? ORDER BY deleted_at LIMIT ?", before, limit)
    .map((r) => String(r.id));
}

export function removeEntry(store: ProjectStore, id: string) {
  store.exec("DELETE FROM _nc_trash WHERE id = ?", id);
}
