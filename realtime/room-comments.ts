import { tableRef } from "../db/rows/table-ref";
import * as auditApi from "../db/rows/audit";
import * as historyRestore from "../db/rows/history-restore";
import * as rowsApi from "../db/rows/api";
import { missing } from "../db/errors";
import { readerOf, type Reader } from "../db/access/rules";
import { auditWithout } from "../db/access/meta";
import { linkTitlesForReader } from "../db/rows/audit-links";
import type { ProjectStore } from "../db/store/store";
import type { SocketRoom } from "./room-fanout";
import { guard } from "./room-guard";
import { dispatch, type Answers, type Handlers } from "./room-dispatch";
import { commentRequest, type CommentRequest } from "../db/rows/comment-requests";
import * as sockets from "./room-socket";

/** The room as its reads need it: its SQLite. */
type StoreRoom = { readonly store: ProjectStore };

/**
 * A record's comments and history (db/rows/audit.ts) as readers may see them: a narrowed role
 * (db/access) comments on, reads and counts only the records within its rule, and a new comment
 * is told only to the sockets whose readers see the record.
 */
export function addComment(
  room: SocketRoom,
  tableId: string,
  rowId: string,
  actor: auditApi.Actor,
  text: string,
  reader?: Reader | null,
) {
  // A comment belongs to a row that exists: by id, in a table of this project (an id of
  // another kind, such as a column's, names no table).
  const result = guard(() => {
    if (tableRef(room.store, tableId).model.id !== tableId) throw missing("Table not found");
    if (!readsRow(room, reader ?? null, tableId, rowId)) throw missing("Row not found");
    return auditApi.addComment(room.store, tableId, rowId, actor, text);
  });
  // Only to the sockets whose readers see the record: the event names it.
  if (result.ok) {
    const seen = new Map<string, boolean>();
    sockets.broadcastEach(
      room,
      (s) => {
        const r = readerOf(s.roles, s.userId, s.email);
        const key = r ? `${r.role}\u0000${r.userId}\u0000${r.email}` : "";
        if (!seen.has(key)) seen.set(key, readsRow(room, r, tableId, rowId));
        return seen.get(key) ? { type: "comment", tableId, rowId, by: actor } : null;
      },
      "commentList",
    );
  }
  return result;
}

/** Whether the record exists for the reader (within its row rule; any record for a null reader). */
function readsRow(room: StoreRoom, reader: Reader | null, tableId: string, rowId: string): boolean {
  const prev = room.store.reader;
  room.store.reader = reader;
  try {
    return rowsApi.exists(room.store, tableId, rowId);
  } finally {
    room.store.reader = prev;
  }
}

export function listAudit(
  room: StoreRoom,
  tableId: string,
  rowId: string,
  commentsOnly: boolean,
  reader?: Reader | null,
) {
  return guard(() =>
    asReader(room, reader ?? null, () => historyFor(room, tableId, rowId, commentsOnly, reader ?? null)),
  );
}

/** Runs fn with the store reading as `reader` (db/access narrows every table it touches). */
function asReader<T>(room: StoreRoom, reader: Reader | null, fn: () => T): T {
  if (!reader) return fn();
  const prev = room.store.reader;
  room.store.reader = reader;
  try {
    return fn();
  } finally {
    room.store.reader = prev;
  }
}

/** The record's history as the store's reader (`reader`) may see it. */
function historyFor(room: StoreRoom, tableId: string, rowId: string, commentsOnly: boolean, reader: Reader | null) {
  if (!reader) return auditApi.listAudit(room.store, tableId, rowId, commentsOnly);
  // The record's history is the record's: outside the rule it is not found.
  if (tableRef(room.store, tableId).access?.rule) rowsApi.readOne(room.store, tableId, rowId);
  return linkTitlesForReader(
    room.store,
    tableId,
    auditWithout(
      auditApi.listAudit(room.store, tableId, rowId, commentsOnly),
      tableRef(room.store, tableId).access?.denied,
    ),
  );
}

/**
 * "Restore this version": the update that sets the record back to how it was right after the
 * entry, from the history as the reader sees it (db/rows/history-restore.ts). The Worker writes
 * it through the room's write entry point, as any update (permissions, rules, hooks, events).
 */
export function restorePlan(room: StoreRoom, tableId: string, rowId: string, auditId: string, reader: Reader | null) {
  return guard(() =>
    asReader(room, reader, () => {
      if (tableRef(room.store, tableId).model.id !== tableId) throw missing("Table not found");
      return historyRestore.restorePlan(room.store, tableId, historyFor(room, tableId, rowId, false, reader), auditId);
    }),
  );
}

export function countComments(room: StoreRoom, tableId: string, rowIds: string[], reader?: Reader | null) {
  return guard(() =>
    auditApi.countComments(
      room.store,
      tableId,
      rowIds.filter((id) => readsRow(room, reader ?? null, tableId, id)),
    ),
  );
}

/** The room's comment requests (db/rows/comment-requests.ts) to the functions above. */
const handlers = {
  addComment: (r, q) => addComment(r, q.tableId, q.rowId, q.actor, q.text, q.reader),
  listAudit: (r, q) => listAudit(r, q.tableId, q.rowId, q.commentsOnly, q.reader),
  countComments: (r, q) => countComments(r, q.tableId, q.rowIds, q.reader),
  restorePlan: (r, q) => restorePlan(r, q.tableId, q.rowId, q.auditId, q.reader ?? null),
} satisfies Handlers<SocketRoom, CommentRequest>;

/** What each comment request answers (functions/lib/room.ts types the Worker's calls with it). */
export type CommentAnswers = Answers<typeof handlers>;

export function commentRequestIn<R extends CommentRequest>(room: SocketRoom, req: R) {
  return dispatch(commentRequest, handlers, room, req);
}
