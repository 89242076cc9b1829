import type { FileSink } from "../rows/files";
import type { Actor } from "../rows/audit";
import type { ProjectStore } from "../store/store";
import type { TrashEntry, TrashKind } from "./entries";

/** What a restore answers (the route's 200 body): what came back and what could not. */
export interface RestoreReport {
  id: string;
  type: TrashKind;
  title: string;
  table_id: string | null;
  /** A record's primary key when a record came back. */
  row_id?: string | null;
  /**
   * What could not come back, each said for a person: a link whose other record or table is gone,
   * a title taken meanwhile (and the one given instead), a share that was removed.
   */
  dropped: string[];
}

/**
 * One kind of trash entry (records, fields, tables, views): how what its delete kept comes back,
 * and how it goes for good. Both run inside the caller's transaction, and remove the entry.
 */
export interface TrashHandler {
  restore(store: ProjectStore, entry: TrashEntry, actor: Actor): RestoreReport;
  /** Drops the kept data; the uploads only it named go into `files`, removed once this commits. */
  purge(store: ProjectStore, entry: TrashEntry, files: FileSink): void;
}
