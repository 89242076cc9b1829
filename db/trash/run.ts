import { bad, missing, refused } from "../errors";
import { pageInfo } from "../page-info";
import type { Actor } from "../rows/audit";
import type { FileSink } from "../rows/files";
import type { ProjectStore } from "../store/store";
import {
  DEFAULT_TRASH_DAYS,
  entriesOf,
  entryJson,
  expiredIds,
  getEntry,
  listEntries,
  removeEntry,
  type TrashEntry,
  type TrashKind,
} from "./entries";
import type { RestoreReport } from "./handler";
import { HANDLERS } from "./handlers";
import { purgeRecordEntries, restoreRecordEntries } from "./records";

/**
 * The trash's operations on the project's SQLite (issue 35), each run by the room in one
 * transaction (realtime/room-trash-requests.ts). `allowed`: the kinds the caller may act on
 * (editors: records); absent, all.
 */

const DAY_MS = 86_400_000;
/** Entries purged per statement group when their time is up (the rest wait for the next run). */
const EXPIRE_PER_RUN = 2_000;

const kindWords: Record<TrashKind, string> = {
  record: "record",
  field: "field",
  table: "table",
  view: "view",
  dashboard: "dashboard",
};

function mayAct(entry: TrashEntry, allowed: readonly TrashKind[] | undefined) {
  if (allowed && !allowed.includes(entry.kind))
    throw refused(`Only owners and creators may restore or purge a deleted ${kindWords[entry.kind]}`);
}

function entryOf(store: ProjectStore, id: string, allowed: readonly TrashKind[] | undefined) {
  const entry = getEntry(store, id);
  if (!entry || (allowed && !allowed.includes(entry.kind))) {
    // An entry the caller may not see is refused as such when it exists, so an editor learns why.
    if (entry) mayAct(entry, allowed);
    throw missing("Trash entry not found");
  }
  return entry;
}

/** The time before which entries are past their keeping. */
export function expiryBefore(retentionDays: number | undefined, now = Date.now()) {
  return new Date(now - (retentionDays ?? DEFAULT_TRASH_DAYS) * DAY_MS).toISOString();
}

/** When the oldest entry's keeping ends (ms), or null for an empty trash. */
export function nextExpiry(store: ProjectStore, retentionDays: number | undefined): number | null {
  const [r] = store.exec("SELECT min(deleted_at) AS at FROM _nc_trash");
  if (!r?.at) return null;
  return Date.parse(String(r.at)) + (retentionDays ?? DEFAULT_TRASH_DAYS) * DAY_MS;
}

/** Purges entries through their kind's handler; records together (a few statements per table). */
export function purgeEntries(store: ProjectStore, entries: TrashEntry[], files: FileSink) {
  const records = entries.filter((e) => e.kind === "record");
  if (records.length) purgeRecordEntries(store, records, files);
  for (const e of entries) {
    if (e.kind === "record") continue;
    const handler = HANDLERS[e.kind];
    if (handler) handler.purge(store, e, files);
    else removeEntry(store, e.id);
  }
}

/** Entries past their keeping go for good; answers how many. */
export function expire(store: ProjectStore, retentionDays: number | undefined, files: FileSink): number {
  const ids = expiredIds(store, expiryBefore(retentionDays), EXPIRE_PER_RUN);
  if (!ids.length) return 0;
  purgeEntries(
    store,
    ids.map((id) => getEntry(store, id)!),
    files,
  );
  return ids.length;
}

export function list(
  store: ProjectStore,
  o: {
    kinds?: TrashKind[];
    tableId?: string;
    limit: number;
    offset: number;
    allowed?: TrashKind[];
  },
) {
  const kinds = o.allowed ? (o.kinds ?? o.allowed).filter((k) => o.allowed!.includes(k)) : o.kinds;
  if (kinds && !kinds.length) return { list: [], pageInfo: pageInfo(0, o.limit, o.offset) };
  const { list: entries, total } = listEntries(store, { kinds, tableId: o.tableId, limit: o.limit, offset: o.offset });
  return { list: entries.map(entryJson), pageInfo: pageInfo(total, o.limit, o.offset) };
}

function restoreOne(store: ProjectStore, entry: TrashEntry, actor: Actor): RestoreReport {
  const handler = HANDLERS[entry.kind];
  if (!handler) throw bad(`A deleted ${kindWords[entry.kind]} cannot be restored yet`);
  return handler.restore(store, entry, actor);
}

export function restore(store: ProjectStore, id: string, actor: Actor, allowed?: TrashKind[]): RestoreReport {
  return restoreOne(store, entryOf(store, id, allowed), actor);
}

export interface RecordsRestored {
  restored: number;
  dropped: string[];
  /** The tables whose records came back (the room tells their tabs). */
  tableIds: string[];
}

/** The grid's Undo: these records of a table back from the trash, whichever requests deleted them. */
export function restoreRecords(store: ProjectStore, tableId: string, rowIds: string[], actor: Actor): RecordsRestored {
  const entries = entriesOf(store, { tableId, rowIds });
  if (!entries.length) throw missing("These records are not in the trash (restored or purged already)");
  const reports = restoreRecordEntries(store, entries, actor);
  const found = new Set(entries.map((e) => e.rowId));
  const notThere = rowIds.filter((id) => !found.has(id));
  return {
    restored: reports.length,
    dropped: [
      ...reports.flatMap((r) => r.dropped),
      ...notThere.map((id) => `Record ${id} is not in the trash (restored or purged already)`),
    ],
    tableIds: [tableId],
  };
}

/** Every entry one request deleted. */
export function restoreBatch(store: ProjectStore, batch: string, actor: Actor, allowed?: TrashKind[]) {
  const entries = entriesOf(store, { batch });
  if (!entries.length) throw missing("Trash batch not found");
  for (const e of entries) mayAct(e, allowed);
  const records = entries.filter((e) => e.kind === "record");
  const reports = [
    ...(records.length ? restoreRecordEntries(store, records, actor) : []),
    ...entries.filter((e) => e.kind !== "record").map((e) => restoreOne(store, e, actor)),
  ];
  return reports;
}

export function purge(store: ProjectStore, id: string, files: FileSink, allowed?: TrashKind[]) {
  purgeEntries(store, [entryOf(store, id, allowed)], files);
  return { msg: "The trash entry has been purged" };
}

/** Empties the trash (of these kinds, of those the caller may act on); answers how many went. */
export function empty(store: ProjectStore, files: FileSink, kinds?: TrashKind[], allowed?: TrashKind[]) {
  const wanted = allowed ? (kinds ?? allowed).filter((k) => allowed.includes(k)) : kinds;
  if (wanted && !wanted.length) return { purged: 0 };
  let purged = 0;
  for (;;) {
    const ids = store
      .exec(
        `SELECT id FROM _nc_trash${wanted ? " WHERE kind IN (SELECT value FROM json_each(?))" : ""} LIMIT 5000`,
        ...(wanted ? [JSON.stringify(wanted)] : []),
      )
      .map((r) => String(r.id));
    if (!ids.length) return { purged };
    purgeEntries(
      store,
      ids.map((id) => getEntry(store, id)!),
      files,
    );
    // A handler removes its entry; this makes sure of it, so the loop always ends.
    store.exec("DELETE FROM _nc_trash WHERE id IN (SELECT value FROM json_each(?))", JSON.stringify(ids));
    purged += ids.length;
  }
}
