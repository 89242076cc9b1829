/** Import and export constants (SPEC 9), in one place. */

/** Rows read from each source (CSV, sheet, JSON) for the preview and type detection. */
export const MAX_ROWS_TO_PARSE = 500;

/** papaparse chunk sizes: local files and remote (URL) files. */
export const CSV_CHUNK_LOCAL = 10 * 1024 * 1024;
export const CSV_CHUNK_REMOTE = 5 * 1024 * 1024;

/** Rows per bulk insert request (the server takes up to 10,000, all or nothing per request). */
export const INSERT_BATCH_ROWS = 5000;
/** Bulk insert requests in flight at once. */
export const INSERT_CONCURRENCY = 2;

/** Row errors kept for the list and the errors CSV; later ones are only counted. */
export const MAX_KEPT_ERRORS = 10_000;
/** Row errors shown in the dialog. */
export const SHOWN_ERRORS = 100;
