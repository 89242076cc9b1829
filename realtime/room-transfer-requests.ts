import { DbError, bad } from "../db/errors";
import { IdRemap, dumpProject, isProjectTable, loadProject } from "../db/project/dump";
import { attachmentManifest } from "../db/project/attachment-manifest";
import { projectZip } from "../db/project/transfer-export";
import { readProjectZip } from "../db/project/transfer-import";
import type { ImportReport } from "../db/project/transfer-format";
import { transferRequest, type TransferRequest } from "../db/project/transfer-requests";
import type { ProjectStore } from "../db/store/store";
import { dispatch, type Answers } from "./room-dispatch";
import { guard } from "./room-guard";
import type { RoomResult } from "./room-result";
import { copyUploads } from "./room-transfer-files";

/** What the whole-project requests need of the room (project-room.ts). */
export interface TransferRoom {
  readonly store: ProjectStore;
  /** The project's id. */
  readonly name: string;
  /** The project is an external database's: its rows are not ours to export. */
  readonly external: boolean;
  readonly bucket: R2Bucket;
  readonly storage: DurableObjectStorage;
  /** The most the project's SQLite may hold (README "Room for the size"). */
  readonly limitBytes: number;
  /** Runs a change of the whole schema: refusals as answers, caches dropped, ids journaled (room-changes.ts). */
  schema<T>(fn: () => T): RoomResult<T>;
  /** Drops the opened store and everything derived from it (after the storage was emptied). */
  forget(): void;
}

/** Declared column types of the project's tables, for the CSVs' values to load back as they were. */
function columnTypes(store: ProjectStore): Map<string, Array<string | null>> {
  const out = new Map<string, Array<string | null>>();
  for (const t of store.exec("SELECT name FROM sqlite_master WHERE type = 'table'")) {
    const name = String(t.name);
    if (!isProjectTable(name)) continue;
    out.set(
      name,
      store.exec("SELECT type FROM pragma_table_info(?)", name).map((c) => (c.type ? String(c.type) : null)),
    );
  }
  return out;
}

/**
 * The .zip as a stream made while it is read. Dump, types and files' manifest are read in one
 * synchronous pass (nothing else runs in the object meanwhile: a consistent copy); the zip's bytes
 * are then made piece by piece as the caller reads them.
 */
function exportZip(room: TransferRoom, req: Extract<TransferRequest, { op: "export" }>) {
  if (room.external) throw bad("The project's data lives in its external database: export it there");
  const dump = dumpProject(room.store);
  const types = columnTypes(room.store);
  const attachments = attachmentManifest(room.store);
  const pieces = projectZip({ chunks: dump.chunks, types, project: req.project, attachments });
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  return { stream, tables: dump.tables, rows: dump.rows, attachments: attachments.length };
}

/**
 * Loads a checked .zip into this (new) project with new ids (db/project/dump.ts: IdRemap), in one
 * transaction, then copies the files its manifest names that this instance holds. SQLite's own
 * refusal of a statement of the file is the file's fault: a 400 naming it, nothing written.
 */
async function importZip(room: TransferRoom, zip: Uint8Array): Promise<RoomResult<ImportReport>> {
  const remap = new IdRemap(room.name);
  const loaded = room.schema(() => {
    const read = readProjectZip(zip);
    try {
      return { read, result: loadProject(room.store, read.lines(), remap) };
    } catch (err) {
      if (err instanceof DbError || !(err instanceof Error)) throw err;
      throw bad(`The project file could not be loaded: ${err.message}`);
    }
  });
  if (!loaded.ok) return loaded;
  const { read, result } = loaded.data;
  const attachments = await copyUploads(
    room.bucket,
    read.attachments,
    { from: read.json.dump.project_id, to: room.name },
    (path) => result.uploads.get(path) ?? remap.apply(path),
  );
  return { ok: true, data: { tables: result.tables, rows: result.rows, attachments }, ids: loaded.ids };
}

const handlers = {
  export: (room: TransferRoom, req: Extract<TransferRequest, { op: "export" }>) => guard(() => exportZip(room, req)),
  import: (room: TransferRoom, req: Extract<TransferRequest, { op: "import" }>) => importZip(room, req.zip),
  /** Everything the object stores, gone: its SQLite, its alarm, its pending file removals. */
  purge: async (room: TransferRoom): Promise<RoomResult<null>> => {
    await room.storage.deleteAlarm();
    await room.storage.deleteAll();
    room.forget();
    return { ok: true, data: null };
  },
  /** What the project's database holds against its limit (the meta route `/usage`; the import checks it). */
  usage: (room: TransferRoom): RoomResult<{ database_bytes: number; database_limit_bytes: number }> => ({
    ok: true,
    data: { database_bytes: room.storage.sql.databaseSize, database_limit_bytes: room.limitBytes },
  }),
};

export type TransferAnswers = Answers<typeof handlers>;

export function transferRequestIn<R extends TransferRequest>(
  room: TransferRoom,
  req: R,
): Promise<TransferAnswers[R["op"]]> {
  return dispatch(transferRequest, handlers, room, req);
}
