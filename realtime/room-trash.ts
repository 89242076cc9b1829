import type { Actor } from "../db/rows/audit";
import type { FileSink } from "../db/rows/files";
import type { CountCache } from "../db/rows/read";
import type { ProjectStore } from "../db/store/store";
import { DEFAULT_TRASH_DAYS } from "../db/trash/entries";
import * as trash from "../db/trash/run";
import type { Env } from "./env";
import { dropOrphanShares } from "./public-views";
import type { RoomFiles } from "./room-files";
import { guard } from "./room-guard";
import type { RoomResult } from "./room-result";
import type * as room from "./room-socket";

/**
 * The room's side of the trash (issue 35, db/trash): each request in one transaction, after the
 * entries past their keeping were purged; then the purged uploads to RoomFiles, the restored
 * records' tables to their tabs, and schema caches emptied when anything but records came back
 * (a field, table or view: `schemaChanged`). Expiry also runs on the room's alarm, which the
 * webhooks and file removals share: `arm` only ever moves it earlier.
 */
export interface TrashRoomParts {
  files: RoomFiles;
  counts: CountCache;
  /** Row events to the tabs (room-fanout.ts). */
  tell(events: room.RoomEvent[]): void;
  /** A committed change that touched the schema: caches emptied, tabs reload, ids to the Worker. */
  schemaChanged<T>(result: RoomResult<T>): RoomResult<T>;
}

export class RoomTrash {
  /** The alarm is known to be set no later than the next expiry (memo for the life of the object). */
  #armed = false;

  constructor(
    /** Read when used: the room's SQLite and name (its project id). */
    private readonly room: { readonly store: ProjectStore; readonly name: string },
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    private readonly parts: TrashRoomParts,
  ) {}

  get store() {
    return this.room.store;
  }

  /** Days an entry is kept (TRASH_RETENTION_DAYS, default 30). */
  get retentionDays(): number {
    const days = Number(this.env.TRASH_RETENTION_DAYS ?? DEFAULT_TRASH_DAYS);
    return Number.isFinite(days) && days > 0 ? days : DEFAULT_TRASH_DAYS;
  }

  /** Purges what is past its keeping, in its own transaction (a failure leaves the request be). */
  expireNow() {
    const files: FileSink = [];
    const result = guard(() => this.store.transaction(() => trash.expire(this.store, this.retentionDays, files)));
    this.parts.files.purging(result, files);
    if (result.ok && result.data > 0) this.#forgetShares();
    return result;
  }

  /** One request's work in a transaction; its purged uploads are removed once it commits. */
  run<T>(fn: (files: FileSink) => T): RoomResult<T> {
    this.expireNow();
    const files: FileSink = [];
    const result = guard(() => this.store.transaction(() => fn(files)));
    this.parts.files.purging(result, files);
    if (result.ok) this.parts.counts.clear();
    return result;
  }

  /** A purge or emptying: as `run`, then the public links of views gone for good leave D1. */
  purge<T>(fn: (files: FileSink) => T): RoomResult<T> {
    const result = this.run(fn);
    if (result.ok) this.#forgetShares();
    return result;
  }

  /** After views went for good: their public links leave D1, without holding up the answer. */
  #forgetShares() {
    this.ctx.waitUntil(
      dropOrphanShares(this.env.META, this.room.name, this.store).catch((err: unknown) =>
        console.error("trash: could not drop the links of purged views:", err),
      ),
    );
  }

  /** Restored records: the tabs showing their tables refetch (as after a bulk write). */
  told(tableIds: string[], by: Actor) {
    this.parts.tell(tableIds.map((tableId) => ({ type: "rows", tableId, by })));
  }

  schemaChanged<T>(result: RoomResult<T>) {
    return this.parts.schemaChanged(result);
  }

  /** After deletes put entries in the trash: an alarm is due by the oldest entry's expiry. */
  arm() {
    if (this.#armed) return;
    this.#armed = true;
    this.ctx.waitUntil(
      this.#armAt().catch((err) => {
        this.#armed = false;
        console.error("trash: could not set the expiry alarm:", err);
      }),
    );
  }

  /** Sets the alarm by the oldest entry's expiry; an empty trash needs none (the next delete arms it). */
  async #armAt() {
    const next = trash.nextExpiry(this.store, this.retentionDays);
    this.#armed = next !== null;
    if (next === null) return;
    const at = await this.ctx.storage.getAlarm();
    if (at === null || at > next) await this.ctx.storage.setAlarm(Math.max(next, Date.now()));
  }

  /** The alarm's part: expired entries go, and the alarm is set again for the next one. */
  async alarm() {
    const done = this.expireNow();
    if (!done.ok) console.error("trash: expiry failed:", done.msg);
    await this.#armAt();
  }
}
