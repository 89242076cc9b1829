import { snapshotRequest, type SnapshotRequest } from "../db/project/snapshot-requests";
import { dispatch, type Answers, type Handlers } from "./room-dispatch";
import type { RoomResult } from "./room-result";
import type { RoomSnapshots } from "./room-snapshots";

/**
 * The room as snapshot requests need it: its snapshots, and a load run as the room's schema
 * change (caches emptied, every tab told, the id journal's changes on the answer: room-changes.ts).
 */
export interface SnapshotRoom {
  readonly snapshots: RoomSnapshots;
  load(fn: () => unknown): RoomResult<unknown>;
}

/** The room's snapshot requests (db/project/snapshot-requests.ts) to its RoomSnapshots. */
const handlers = {
  take: (r, q) => r.snapshots.take(q.title, q.kind, q.by ?? null),
  list: (r) => r.snapshots.list(),
  restoreInPlace: (r, q) => r.snapshots.restoreInPlace(q.id, q.by ?? null, (fn) => r.load(fn)),
  loadFrom: (r, q) => r.snapshots.loadFrom(q.projectId, q.snapshotId, (fn) => r.load(fn)),
  delete: (r, q) => r.snapshots.delete(q.id),
} satisfies Handlers<SnapshotRoom, SnapshotRequest>;

/** What each snapshot request answers (functions/lib/room.ts types the Worker's calls with it). */
export type SnapshotAnswers = Answers<typeof handlers>;

export function snapshotRequestIn<R extends SnapshotRequest>(room: SnapshotRoom, req: R) {
  return dispatch(snapshotRequest, handlers, room, req);
}
