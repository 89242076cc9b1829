import type { Server } from "partyserver";
import { fullTableRef, tableRef } from "../db/rows/table-ref";
import * as readApi from "../db/rows/read";
import { readerOf } from "../db/access/rules";
import { attachmentSecret, signValues } from "../db/files/signed-links";
import type { ProjectStore } from "../db/store/store";
import type { Env } from "./env";
import type { PresenceState } from "./presence";
import * as room from "./room-socket";

/** The project room as its sockets see it (room-socket.ts): its connections, its name, its SQLite. */
export type SocketRoom = Server<Env> & { store: ProjectStore };

/**
 * Committed row events on their way to the room's sockets. Its own object because the chain of
 * sends (`#told`) outlives each write: the project room holds one for its life.
 */
export class RoomFanout {
  #told: Promise<void> = Promise.resolve();

  constructor(
    private readonly room: SocketRoom,
    private readonly env: Env,
  ) {}

  private get store() {
    return this.room.store;
  }

  /**
   * Rows in events carry uploads: they get signed links as HTTP answers do (signedPath only, the
   * room knows no origin), on a copy, in one chain so that events keep their order.
   */
  tell(events: room.RoomEvent[]) {
    // No socket open (an API client's write): nothing to copy, sign, read again or send.
    if (this.room.getConnections()[Symbol.iterator]().next().done) return;
    const secret = attachmentSecret(this.env);
    const sign = async (e: room.RoomEvent) =>
      secret ? await signValues({ secret, projectId: this.room.name, origin: "" }, structuredClone(e)) : e;
    // Read now, at the commit: what each reader may receive of the changed record.
    const prepared = events.map((e) => ({ e, per: this.#perReader(e) }));
    this.#told = this.#told
      .then(async () => {
        for (const { e, per } of prepared) {
          if (!per) {
            room.broadcast(this.room, await sign(e), "dataList");
            continue;
          }
          const signed = new Map<string, room.RoomEvent | null>();
          for (const [key, ev] of per.events) signed.set(key, ev ? await sign(ev) : null);
          room.broadcastEach(this.room, (s) => signed.get(per.keyOf(s)) ?? null, "dataList");
        }
      })
      .catch((err: unknown) => console.error("broadcast failed", err instanceof Error ? err.message : err));
  }

  /**
   * A row event as each connected reader may see it, when any role is narrowed somewhere
   * (db/access): the record read again through the reader's refs (hidden fields gone, computed
   * fields restricted); a record outside their rule is not sent on insert, and on update it is
   * sent as a delete, so their tab drops it. Null: one event for all.
   */
  #perReader(e: room.RoomEvent) {
    if (e.type !== "row" || e.op === "delete" || !this.store.exec("SELECT 1 FROM _nc_table_access LIMIT 1").length)
      return null;
    const full = fullTableRef(this.store, e.tableId);
    const pk = full.cols.find((c) => c.pk)!;
    const id = Number((e.row as Record<string, unknown> | null)?.[pk.title]);
    const keyOf = (s: { roles: Parameters<typeof readerOf>[0]; userId: string; email: string }) => {
      const r = readerOf(s.roles, s.userId, s.email);
      return r ? `${r.role}\u0000${r.userId}\u0000${r.email}` : "";
    };
    const events = new Map<string, room.RoomEvent | null>();
    const writer = this.store.reader;
    for (const conn of this.room.getConnections<PresenceState>()) {
      const s = conn.state;
      if (!s || events.has(keyOf(s))) continue;
      const reader = readerOf(s.roles, s.userId, s.email);
      this.store.reader = reader;
      try {
        const row = Number.isSafeInteger(id) ? readApi.readById(this.store, tableRef(this.store, e.tableId), id) : null;
        const changed = e.changed?.filter((title) => row && Object.hasOwn(row, title));
        events.set(
          keyOf(s),
          row
            ? { ...e, row, ...(changed ? { changed } : {}) }
            : e.op === "update"
              ? { type: "row", op: "delete", tableId: e.tableId, rowId: String(id), by: e.by }
              : null,
        );
      } finally {
        this.store.reader = writer;
      }
    }
    return { keyOf, events };
  }
}
