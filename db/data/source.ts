import type { Reader } from "../access/reader";
import type { Actor } from "../rows/audit";
import type { FileSink } from "../rows/files";
import type { ReadRequest, RowChange } from "./requests";

/** Native answers come synchronously (the room's SQLite); an external database's asynchronously. */
export type Answer<T> = T | Promise<T>;

/**
 * Where a project's rows live (issue 34): its own SQLite (native-source.ts) or an external
 * database (external-source.ts). Each takes every read and every write as one typed request
 * (requests.ts), with who reads (`reader`: field permissions and row rules, db/access) and who
 * writes (`actor`) as parameters. A source does the work alone; what surrounds a write
 * (transaction, webhooks, files, events to the tabs) is the room's one write pipeline
 * (realtime/write-pipeline.ts).
 */
export interface TableSource {
  read(req: ReadRequest, reader: Reader | null): Answer<unknown>;
  /** `files`: uploads named by deleted records, for removal once the write commits. */
  write(change: RowChange, actor: Actor, reader: Reader | null, files: FileSink): Answer<unknown>;
  /** The id of a table named by id or title (events name tables by id). */
  tableId(table: string): string;
}
