import { stillNamed, type FileSink } from "../db/rows/files";
import type { ProjectStore } from "../db/store/store";
import type { Env } from "./env";
import { DEFAULT_GRACE_SECONDS, FileRemovals } from "./stored-files";
import type { RoomResult } from "./room-result";

/**
 * The room's side of uploads whose record, field or table went (stored-files.ts): removals
 * scheduled after a committed delete, kept files after a committed write, both without holding
 * up the answer.
 */
export class RoomFiles {
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    /** Read when used: the room's name (its project id) and its SQLite. */
    private readonly room: { readonly name: string; readonly store: ProjectStore },
  ) {}

  get removals() {
    const grace = Number(this.env.ATTACHMENT_REMOVE_AFTER_SECONDS ?? DEFAULT_GRACE_SECONDS);
    return this.#removalsAfter(Number.isFinite(grace) && grace >= 0 ? grace : DEFAULT_GRACE_SECONDS);
  }

  #removalsAfter(graceSeconds: number) {
    return new FileRemovals(this.ctx.storage, this.env.ATTACHMENTS, graceSeconds, (paths) =>
      stillNamed(this.room.store, paths),
    );
  }

  /**
   * After a committed purge of trash entries (realtime/room-trash.ts): there is no undo left to
   * wait for, so their uploads go at the next alarm (still only those nothing else names).
   */
  purging<T>(result: RoomResult<T>, files: FileSink) {
    if (result.ok && files.length) this.ctx.waitUntil(this.#removalsAfter(0).schedule(this.room.name, files));
    return result;
  }

  /** After a committed delete, its uploads are listed for removal without holding up the answer. */
  removing<T>(result: RoomResult<T>, files: FileSink) {
    if (result.ok && files.length) this.ctx.waitUntil(this.removals.schedule(this.room.name, files));
    return result;
  }

  /** After a committed write, files its body names stay (an undone delete brings them back). */
  keeping<T>(result: RoomResult<T>, body: unknown) {
    if (!result.ok) return result;
    const text = typeof body === "string" ? body : JSON.stringify(body ?? null);
    if (text.includes("download/noco/")) this.ctx.waitUntil(this.removals.keepNamedIn(this.room.name, text));
    return result;
  }
}
