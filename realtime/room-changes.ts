import type { CountCache } from "../db/rows/read";
import { guard } from "./room-guard";
import { withIds } from "./room-ids";
import type { SocketRoom } from "./room-fanout";
import * as room from "./room-socket";

/**
 * A schema change to the project's own SQLite, and what follows its commit: caches made before it
 * are emptied, and every tab is told. Row writes go through write-pipeline.ts.
 */
export class RoomChanges {
  constructor(
    private readonly room: SocketRoom,
    /** Exact row counts per table and filter (the room's); any write empties it. */
    private readonly counts: CountCache,
  ) {}

  private get store() {
    return this.room.store;
  }

  /**
   * A schema change: table refs and counts cached before it are no longer true. `countsKept`: a
   * change that cannot move a count (a view's sort order, a field's width, place or visibility in
   * a view), so the Sort dialog's steps and a column's resizing do not count every record again;
   * the counts' keys hold the table's version and the whole filter.
   */
  schema<T>(fn: () => T, countsKept = false) {
    const result = guard(fn);
    this.store.schemaCache.clear();
    if (!countsKept) this.counts.clear();
    // Committed: every tab reloads the schema it shows (tables, columns, views, filters, sorts).
    if (result.ok) room.broadcast(this.room, { type: "schema" }, "tableList");
    return withIds(this.store, result);
  }
}
