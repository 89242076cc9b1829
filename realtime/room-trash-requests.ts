import * as trash from "../db/trash/run";
import { trashRequest, type TrashRequest } from "../db/trash/requests";
import type { RestoreReport } from "../db/trash/handler";
import type { Actor } from "../db/rows/audit";
import { dispatch, type Answers, type Handlers } from "./room-dispatch";
import type { RoomTrash } from "./room-trash";
import type { RoomResult } from "./room-result";

/**
 * After restores commit: records' tables are told to their tabs; a field, table or view back
 * changes the schema (caches, tabs, the Worker's id index: room-changes.ts).
 */
function afterRestore<T>(t: RoomTrash, result: RoomResult<T>, reports: (data: T) => RestoreReport[], by: Actor) {
  if (!result.ok) return result;
  const list = reports(result.data);
  const tables = [...new Set(list.filter((r) => r.type === "record" && r.table_id).map((r) => r.table_id!))];
  if (tables.length) t.told(tables, by);
  return list.some((r) => r.type !== "record") ? t.schemaChanged(result) : result;
}

/** The room's trash requests (db/trash/requests.ts) to db/trash/run.ts, each in one transaction. */
const handlers = {
  list: (t, q) => t.run(() => trash.list(t.store, q)),
  restore: (t, q) =>
    afterRestore(
      t,
      t.run(() => trash.restore(t.store, q.id, q.actor, q.allowed)),
      (r) => [r],
      q.actor,
    ),
  restoreRecords: (t, q) => {
    const result = t.run(() => trash.restoreRecords(t.store, q.tableId, q.rowIds, q.actor));
    if (result.ok) t.told(result.data.tableIds, q.actor);
    return result.ok
      ? { ok: true as const, data: { restored: result.data.restored, dropped: result.data.dropped } }
      : result;
  },
  restoreBatch: (t, q) =>
    afterRestore(
      t,
      t.run(() => trash.restoreBatch(t.store, q.batch, q.actor, q.allowed)),
      (r) => r,
      q.actor,
    ),
  purge: (t, q) => t.purge((files) => trash.purge(t.store, q.id, files, q.allowed)),
  empty: (t, q) => t.purge((files) => trash.empty(t.store, files, q.kinds, q.allowed)),
} satisfies Handlers<RoomTrash, TrashRequest>;

/** What each trash request answers (functions/lib/room.ts types the Worker's calls with it). */
export type TrashAnswers = Answers<typeof handlers>;

export function trashRequestIn<R extends TrashRequest>(t: RoomTrash, req: R) {
  return dispatch(trashRequest, handlers, t, req);
}
