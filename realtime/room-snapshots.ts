import { newId } from "../db/ids";
import { dumpLines, dumpProject, IdRemap, loadProject, namedUploads, type Dump } from "../db/project/dump";
import {
  AUTO_KEPT,
  SNAPSHOT_REASONS,
  snapshotKey,
  type SnapshotCause,
  type SnapshotEntry,
  type SnapshotKind,
} from "../db/project/snapshot-requests";
import type { ProjectStore } from "../db/store/store";
import { dropSnapshotFiles, recordSnapshotFiles } from "../db/project/snapshot-files";
import type { Env } from "./env";
import type { RoomFiles } from "./room-files";
import { guard } from "./room-guard";
import type { RoomResult } from "./room-result";

/** A dump taken now, uploaded later (before a destructive schema change: the change must not wait on R2). */
export interface Captured {
  upload(): Promise<RoomResult<SnapshotEntry>>;
}

const HOUR = 3600_000;
const refuse = (status: 400 | 404, msg: string): RoomResult<never> => ({ ok: false, status, msg });

/**
 * The project's snapshots (issue 35): consistent dumps of its SQLite (db/project/dump.ts), gzipped
 * into R2 under `snapshots/<projectId>/`, listed in the room's `_nc_snapshots`. Taking one reads the
 * project in one synchronous pass; compressing and uploading happen after, so the room serves
 * other calls meanwhile. A restore reads and unzips the dump first, then loads it in one
 * transaction. The uploads a snapshot names stay in the bucket while it exists (`namedFiles`, asked
 * by the attachment clean-up, room-files.ts).
 */
export class RoomSnapshots {
  /** When the newest automatic snapshot was taken (ms), read once per start of the object. */
  #lastAuto: number | null | undefined;

  constructor(
    private readonly room: { readonly name: string; readonly store: ProjectStore; readonly source: unknown },
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
    private readonly files: RoomFiles,
  ) {}

  private get store() {
    return this.room.store;
  }

  private get bucket() {
    return this.env.ATTACHMENTS;
  }

  /** An external database's rows live in that database: a dump of ours would hold none of them. */
  #external(): RoomResult<never> | null {
    return this.room.source
      ? refuse(
          400,
          "Snapshots are not available for a project on an external database: its data lives in that database",
        )
      : null;
  }

  list(): RoomResult<SnapshotEntry[]> {
    return (
      this.#external() ??
      guard(
        () =>
          this.store.exec(
            "SELECT id, title, kind, created_at, size, tables, rows, reason, subject FROM _nc_snapshots ORDER BY created_at DESC, rowid DESC",
          ) as never as SnapshotEntry[],
      )
    );
  }

  /** Dumps now (synchronously: consistent), uploads when asked. */
  capture(title: string, kind: SnapshotKind, by: string | null = null, cause: SnapshotCause | null = null): Captured {
    const dump = dumpProject(this.store);
    const takenAt = new Date().toISOString();
    return { upload: () => this.#store(dump, title, kind, by, takenAt, cause) };
  }

  /** A snapshot the app takes by itself, titled (in English) after its cause. */
  #captureFor(cause: SnapshotCause, kind: SnapshotKind, by: string | null = null): Captured {
    return this.capture(SNAPSHOT_REASONS[cause.reason](cause.subject).slice(0, 255), kind, by, cause);
  }

  async take(title: string, kind: SnapshotKind, by: string | null = null): Promise<RoomResult<SnapshotEntry>> {
    return this.#external() ?? (await this.capture(title, kind, by).upload());
  }

  async #store(
    dump: Dump,
    title: string,
    kind: SnapshotKind,
    by: string | null,
    createdAt: string,
    cause: SnapshotCause | null,
  ) {
    const id = newId("sn_");
    const gz = await new Response(
      new Blob(dump.chunks).stream().pipeThrough(new CompressionStream("gzip")),
    ).arrayBuffer();
    await this.bucket.put(snapshotKey(this.room.name, id), gz, {
      httpMetadata: { contentType: "application/x-ndjson", contentEncoding: "gzip" },
    });
    const files = new Set<string>();
    for (const c of dump.chunks) for (const p of namedUploads(c, this.room.name)) files.add(p);
    const entry: SnapshotEntry = {
      id,
      title,
      kind,
      created_at: createdAt,
      size: gz.byteLength,
      tables: dump.tables,
      rows: dump.dataRows,
      reason: cause?.reason ?? null,
      subject: cause?.subject ?? null,
    };
    this.store.transaction(() => {
      this.store.exec(
        "INSERT INTO _nc_snapshots (id, title, kind, created_at, size, tables, rows, created_by, reason, subject) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        id,
        title,
        kind,
        createdAt,
        entry.size,
        entry.tables,
        entry.rows,
        by,
        entry.reason,
        entry.subject,
      );
      recordSnapshotFiles(this.store, id, [...files]);
    });
    if (kind === "auto") {
      this.#lastAuto = Date.parse(createdAt);
      await this.#pruneAuto();
    }
    return { ok: true as const, data: entry };
  }

  /** Keeps the newest AUTO_KEPT automatic snapshots. */
  async #pruneAuto() {
    const old = this.store.exec(
      "SELECT id FROM _nc_snapshots WHERE kind = 'auto' ORDER BY created_at DESC, rowid DESC LIMIT -1 OFFSET ?",
      AUTO_KEPT,
    );
    for (const r of old) await this.delete(String(r.id));
  }

  async delete(id: string): Promise<RoomResult<null>> {
    const [row] = this.store.exec("SELECT id FROM _nc_snapshots WHERE id = ?", id);
    if (!row) return refuse(404, `Snapshot '${id}' not found`);
    await this.bucket.delete(snapshotKey(this.room.name, id));
    const files = this.store.transaction(() => {
      this.store.exec("DELETE FROM _nc_snapshots WHERE id = ?", id);
      return dropSnapshotFiles(this.store, id);
    });
    // Files only this snapshot kept go through the usual clean-up (still named elsewhere: they stay).
    if (files.length) await this.files.removals.schedule(this.room.name, files);
    return { ok: true, data: null };
  }

  /** A snapshot's dump, unzipped, as pieces of text (read whole before a load: the load cannot await). */
  async #read(projectId: string, id: string): Promise<string[] | null> {
    const object = await this.bucket.get(snapshotKey(projectId, id));
    if (!object) return null;
    const text = object.body.pipeThrough(new DecompressionStream("gzip")).pipeThrough(new TextDecoderStream());
    const chunks: string[] = [];
    for await (const chunk of text as unknown as AsyncIterable<string>) chunks.push(chunk);
    return chunks;
  }

  /**
   * Restore in place: a `safety` snapshot of the state now, then the snapshot's state loaded. No
   * other call runs in between (blockConcurrencyWhile), so nothing written meanwhile is lost
   * without being in the safety snapshot. `load` runs the load as the room's schema change.
   */
  async restoreInPlace(
    id: string,
    by: string | null,
    load: (fn: () => unknown) => RoomResult<unknown>,
  ): Promise<RoomResult<{ safety_id: string }>> {
    const external = this.#external();
    if (external) return external;
    const [row] = this.store.exec("SELECT title FROM _nc_snapshots WHERE id = ?", id);
    if (!row) return refuse(404, `Snapshot '${id}' not found`);
    return this.ctx.blockConcurrencyWhile(async () => {
      const chunks = await this.#read(this.room.name, id);
      if (!chunks) return refuse(404, `Snapshot '${id}' has no data in the bucket`);
      const safety = await this.#captureFor({ reason: "restore", subject: String(row.title) }, "safety", by).upload();
      if (!safety.ok) return safety;
      const loaded = load(() => loadProject(this.store, dumpLines(chunks)));
      if (!loaded.ok) return loaded;
      return { ...loaded, data: { safety_id: safety.data.id } };
    });
  }

  /**
   * This (new, empty) project takes another project's snapshot: every id new, the project id
   * this room's, and the uploads its rows name copied to this project's paths.
   */
  async loadFrom(
    projectId: string,
    snapshotId: string,
    load: (fn: () => unknown) => RoomResult<unknown>,
  ): Promise<RoomResult<{ tables: number; rows: number }>> {
    const external = this.#external();
    if (external) return external;
    const chunks = await this.#read(projectId, snapshotId);
    if (!chunks) return refuse(404, `Snapshot '${snapshotId}' not found`);
    let loaded: { tables: number; rows: number; uploads: Map<string, string> } | null = null;
    const result = load(() => {
      loaded = loadProject(this.store, dumpLines(chunks), new IdRemap(this.room.name));
    });
    if (!result.ok || !loaded) return result.ok ? refuse(400, "The snapshot could not be loaded") : result;
    const { tables, rows, uploads } = loaded as { tables: number; rows: number; uploads: Map<string, string> };
    await this.#copyUploads(uploads);
    return { ...result, data: { tables, rows } };
  }

  /** Copies each named upload (and its thumbnails, named in the same cells) to its new path. */
  async #copyUploads(uploads: Map<string, string>) {
    const key = (path: string) => `nc/uploads/${path.slice("download/".length)}`;
    const pairs = [...uploads];
    for (let i = 0; i < pairs.length; i += 8) {
      await Promise.all(
        pairs.slice(i, i + 8).map(async ([from, to]) => {
          const object = await this.bucket.get(key(from));
          // A file gone from the bucket (removed before the snapshot was taken): the cell keeps its name.
          if (!object) return;
          await this.bucket.put(key(to), await object.arrayBuffer(), { httpMetadata: object.httpMetadata });
        }),
      );
    }
  }

  /**
   * After a committed write: when the newest automatic snapshot is older than the interval
   * (AUTO_SNAPSHOT_HOURS, default 24; 0 turns it off), one is taken after the answer.
   */
  afterWrite() {
    const hours = Number(this.env.AUTO_SNAPSHOT_HOURS ?? 24);
    if (!(hours > 0) || this.room.source) return;
    if (this.#lastAuto === undefined) {
      const [r] = this.store.exec("SELECT max(created_at) AS at FROM _nc_snapshots WHERE kind = 'auto'");
      this.#lastAuto = r?.at ? Date.parse(String(r.at)) : null;
    }
    if (this.#lastAuto !== null && Date.now() - this.#lastAuto < hours * HOUR) return;
    // Set first: the writes that follow before the upload ends do not start another.
    this.#lastAuto = Date.now();
    const captured = this.#captureFor({ reason: "daily", subject: "" }, "auto");
    this.ctx.waitUntil(
      captured.upload().then(
        () => undefined,
        (err) => console.error("daily snapshot failed:", err instanceof Error ? err.message : err),
      ),
    );
  }

  /**
   * Before a destructive schema change (a table or field dropped, a field's type changed): the
   * state before it, captured now and uploaded after the change commits.
   */
  before<T>(cause: SnapshotCause, change: () => RoomResult<T>): RoomResult<T> {
    if (this.room.source) return change();
    let captured: Captured | null = null;
    try {
      captured = this.#captureFor(cause, "auto");
    } catch (err) {
      // A fault of the dump must not block the user's change; it is logged for the operator.
      console.error("snapshot before a schema change failed:", err instanceof Error ? err.message : err);
    }
    const result = change();
    if (result.ok && captured)
      this.ctx.waitUntil(
        captured.upload().then(
          () => undefined,
          (err) => console.error("snapshot before a schema change failed:", err instanceof Error ? err.message : err),
        ),
      );
    return result;
  }
}
