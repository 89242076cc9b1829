import { z } from "zod";

/**
 * A whole project as a .zip (issue 35: move between instances, duplicate, keep as a backup):
 * - `project.json`: this format's name and version, the project's title and settings, the dump's
 *   header (db/project/dump.ts), every SQL table of the project (its CREATE statement, columns,
 *   declared types, row count and the CSV holding its rows), indexes, triggers and AUTOINCREMENT
 *   counters, and a readable `schema`: tables with their fields, views with their settings,
 *   filters, sorts and webhooks (their header values and chat webhook addresses left out, and
 *   switched off: they come back inactive until their values are filled in again);
 * - `tables/<table title>.csv`: the rows of each table of the project, junction tables of links
 *   included (so links survive), header = field titles (a column no field names keeps its own
 *   name); `meta/<name>.csv` the rows of the project's own meta tables (fields, views, history,
 *   comments...), `data/<name>.csv` any other table; the cells are the stored values
 *   (transfer-csv.ts);
 * - `attachments.json`: the uploaded files the rows name (path, name, size, mimetype, table,
 *   field, record). The bytes are not in the zip: they stay in the instance's file storage, and an
 *   import into the same instance copies them; elsewhere they are listed as missing.
 * Not in it: members, the public links of views and of the project (they stay off in a copy),
 * webhook delivery logs (their payloads and the responses received).
 */
export const ZIP_FORMAT = "gridbase-project-zip";
export const ZIP_VERSION = 1;

/**
 * The largest .zip an import takes: the file travels to the new project's room in one call, which
 * carries at most 32 MiB. A 100k-row table zips to a few MB.
 */
export const MAX_PROJECT_ZIP_BYTES = 30 * 1024 * 1024;
/** The most a .zip may unpack to (a small file that inflates to gigabytes is refused). */
export const MAX_UNZIPPED_BYTES = 1024 * 1024 * 1024;

/** Meta tables whose rows carry the readable `schema` of project.json. */
export const SCHEMA_TABLES = ["_nc_models", "_nc_columns", "_nc_views", "_nc_filters", "_nc_sorts", "_nc_hooks"];
/** Tables exported with their definition only: webhook delivery logs hold payloads and answers. */
export const DEFINITION_ONLY = new Set(["_nc_hook_logs"]);

const tableEntry = z.object({
  name: z.string().min(1),
  sql: z.string().min(1),
  columns: z.array(z.string()),
  types: z.array(z.string().nullable()).optional(),
  rows: z.number().int().min(0).optional(),
  file: z.string().nullable().optional(),
});
export type TableEntry = z.infer<typeof tableEntry>;

const extra = z.union([
  z.object({ index: z.string(), sql: z.string() }),
  z.object({ trigger: z.string(), sql: z.string() }),
  z.object({ sequence: z.string(), seq: z.number() }),
]);
export type ExtraEntry = z.infer<typeof extra>;

export const projectJson = z.object({
  format: z.literal(ZIP_FORMAT, { error: "is not a Gridbase project export" }),
  version: z.number().int(),
  project: z
    .object({
      title: z.string().optional(),
      description: z.string().nullable().optional(),
      color: z.string().nullable().optional(),
      meta: z.string().nullable().optional(),
    })
    .optional(),
  dump: z.object({ format: z.string(), version: z.number(), migration: z.number(), project_id: z.string().nullable() }),
  tables: z.array(tableEntry),
  extras: z.array(extra).default([]),
});
export type ProjectJson = z.infer<typeof projectJson>;

export const attachmentEntry = z.object({
  path: z.string(),
  thumbnail: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  size: z.number().nullable().optional(),
  mimetype: z.string().nullable().optional(),
  table: z.string().nullable().optional(),
  field: z.string().nullable().optional(),
  record: z.union([z.string(), z.number()]).nullable().optional(),
});
export type AttachmentEntry = z.infer<typeof attachmentEntry>;

/** What an import reports back: the files copied and those this instance does not hold. */
export interface ImportReport {
  tables: number;
  rows: number;
  /** Files copied, and those this instance does not hold (their path in the export and name). */
  attachments: { copied: number; missing: Array<{ path: string; name: string | null }> };
}

/** A name safe as one path segment of a zip entry (titles may hold slashes and the like). */
export function entryName(title: string): string {
  const safe = title
    .replace(/[\\/:*?"<>|]/g, "_")
    .split("")
    .map((ch) => (ch.charCodeAt(0) < 32 ? "_" : ch))
    .join("")
    .trim();
  return safe && safe !== "." && safe !== ".." ? safe.slice(0, 120) : "table";
}
