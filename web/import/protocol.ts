/** Messages between the import dialog and the import worker, and the shapes they carry. */
import type { Cell } from "../../db/import/cells";
import type { ImportColumn } from "../../db/import/rows";
import type { ImportKind } from "./file-rules";

/** One table of a source: a CSV file, a sheet, or a JSON document. */
export interface PreviewTable {
  /** The sheet name, or the file name. */
  ref: string;
  /** Header texts, one per column (blank for a missing header). */
  headers: string[];
  /** The first rows (MAX_ROWS_TO_PARSE at most), for detection and the preview. */
  sample: Cell[][];
  /** Data rows in the table when known (sheets, JSON, a CSV read whole by the preview). */
  totalRows: number | null;
}

export interface SourcePreview {
  tables: PreviewTable[];
  /** File-level notices (the CSV delimiter fallback). */
  notices: string[];
}

/** A source row that was not imported: its number (1 = first data row), why, and its cells as text. */
export interface RowError {
  row: number;
  message: string;
  cells: string[];
}

/** One batch of insert bodies with the source row number of each, and the rows refused on the way. */
export interface Batch {
  rows: Record<string, unknown>[];
  rowNumbers: number[];
  errors: RowError[];
  /** Select options first met in this batch, by column title (new tables only). */
  newOptions: Record<string, string[]>;
  done: boolean;
  /** Data rows read so far, and the total (an estimate while a CSV is still being read). */
  read: number;
  total: number | null;
}

export interface StartPlan {
  table: number;
  columns: ImportColumn[];
  /** Titles the "Missing required columns" check covers (import into an existing table). */
  required?: string[];
  /** Add select options for values the sample did not have (only for a table the import made). */
  growSelects: boolean;
}

export interface OpenRequest {
  blob: Blob;
  kind: ImportKind;
  remote: boolean;
  flatten: boolean;
}

export type ToWorker =
  | { id: number; type: "open"; request: OpenRequest }
  | { id: number; type: "start"; plan: StartPlan }
  | { id: number; type: "pull"; max: number };

export type FromWorker =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string; code?: string };

/** Worker-side: a readable source. */
export interface SourceRow {
  row: number;
  cells: Cell[];
  /** Why the row cannot be read (a CSV quote or field-count error). */
  error?: string;
}

export interface ImportSource {
  preview(): Promise<SourcePreview>;
  /** The table's data rows in slices, from the first. */
  rows(table: number): AsyncIterator<SourceRow[]>;
  progress(table: number): { read: number; total: number | null };
}
