import type { CountCache } from "../db/rows/read";
import { guard } from "./room-guard";
import { withIds } from "./room-ids";
import type { RoomFanout, SocketRoom } from "./room-fanout";
import * as room from "./room-socket";

/**
 * A change to the project's own SQLite, and what follows its commit: caches made before it are
 * emptied, and the tabs are told (schema changes to all, row events through the fan-out).
 */
export class RoomChanges {
  constructor(
    private readonly room: SocketRoom,
    /** Exact row counts per table and filter (the room's); any write empties it. */
    private readonly counts: CountCache,
    private readonly fanout: RoomFanout,
  ) {}

  private get store() {
    return this.room.store;
  }

  /** A schema change: table refs and counts cached before it are no longer true. */
  schema<T>(fn: () => T) {
    const result = guard(fn);
    this.store.schemaCache.clear();
    this.counts.clear();
    // Committed: every tab reloads the schema it shows (tables, columns, views, filters, sorts).
    if (result.ok) room.broadcast(this.room, { type: "schema" }, "tableList");
    return withIds(this.store, result);
  }

  /** A row write: counts cached before it are no longer true; once committed, tabs are told. */
  write<T>(fn: () => T, event: (data: T) => room.RoomEvent | room.RoomEvent[]) {
    this.counts.clear();
    // One transaction around the write and the read of its answer: when the answer cannot be
    // read (a formula's result over the size limit), the write is undone rather than kept
    // behind a refusal.
    const result = guard(() => this.store.transaction(fn));
    if (result.ok) this.fanout.tell([event(result.data)].flat());
    return result;
  }
}
