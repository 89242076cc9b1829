import { unzipSync, type UnzipFileInfo } from "fflate";
import { bad } from "../errors";
import { PROJECT_MIGRATIONS } from "../store/migrations";
import { isProjectTable } from "./dump";
import { CsvError, affinityOf, cellValue, csvRecords } from "./transfer-csv";
import {
  MAX_UNZIPPED_BYTES,
  ZIP_VERSION,
  attachmentEntry,
  projectJson,
  type AttachmentEntry,
  type ProjectJson,
} from "./transfer-format";

/** A project .zip checked and ready to load: its project.json, its files' manifest and the dump it holds. */
export interface ProjectZipRead {
  json: ProjectJson;
  attachments: AttachmentEntry[];
  /** The dump's lines (db/project/dump.ts), made table by table from the CSVs as the loader reads them. */
  lines(): Generator<string>;
}

const CREATE_TABLE = /^\s*CREATE\s+TABLE\s/i;
const CREATE_INDEX = /^\s*CREATE\s+(UNIQUE\s+)?INDEX\s/i;
const CREATE_TRIGGER = /^\s*CREATE\s+TRIGGER\s/i;

function issueText(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): string {
  const first = error.issues[0]!;
  return first.path.length ? `${first.path.map(String).join(".")}: ${first.message}` : first.message;
}

function jsonOf(files: Map<string, Uint8Array>, name: string): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(files.get(name)));
  } catch {
    throw bad(`${name} is not valid JSON`);
  }
}

/**
 * Checks a .zip before anything is written: it is a zip, holds project.json of this format (not
 * newer than this app), every table's CREATE statement and the CSV it names, and a readable
 * attachments.json. The rows are checked as they load (a wrong cell count names its table and
 * line), inside the load's one transaction, so a bad file leaves nothing behind.
 */
export function readProjectZip(bytes: Uint8Array): ProjectZipRead {
  const entries = new Map<string, UnzipFileInfo>();
  let small: Record<string, Uint8Array>;
  try {
    small = unzipSync(bytes, {
      filter: (f) => {
        entries.set(f.name, f);
        return f.name === "project.json" || f.name === "attachments.json";
      },
    });
  } catch {
    throw bad("The file is not a .zip archive");
  }
  let total = 0;
  for (const f of entries.values()) total += f.originalSize;
  if (total > MAX_UNZIPPED_BYTES) throw bad(`The archive unpacks to more than ${MAX_UNZIPPED_BYTES / 1024 ** 3} GB`);
  const files = new Map(Object.entries(small));
  if (!files.has("project.json")) throw bad("project.json is missing");
  const parsed = projectJson.safeParse(jsonOf(files, "project.json"));
  if (!parsed.success) throw bad(`project.json: ${issueText(parsed.error)}`);
  const json = parsed.data;
  if (json.version > ZIP_VERSION || json.dump.migration > PROJECT_MIGRATIONS.length)
    throw bad("The export was made by a newer version of Gridbase: update this instance first");
  for (const t of json.tables) {
    if (!isProjectTable(t.name)) throw bad(`table ${t.name}: not a table a project holds`);
    if (!CREATE_TABLE.test(t.sql)) throw bad(`table ${t.name}: its sql is not a CREATE TABLE statement`);
    if (t.file && !entries.has(t.file)) throw bad(`table ${t.name}: ${t.file} is missing`);
    if (t.types && t.types.length !== t.columns.length) throw bad(`table ${t.name}: types do not match its columns`);
  }
  for (const x of json.extras) {
    if ("index" in x && !CREATE_INDEX.test(x.sql))
      throw bad(`index ${x.index}: its sql is not a CREATE INDEX statement`);
    if ("trigger" in x && !CREATE_TRIGGER.test(x.sql))
      throw bad(`trigger ${x.trigger}: its sql is not a CREATE TRIGGER statement`);
  }
  let attachments: AttachmentEntry[] = [];
  if (files.has("attachments.json")) {
    const list = attachmentEntry.array().safeParse(jsonOf(files, "attachments.json"));
    if (!list.success) throw bad(`attachments.json: ${issueText(list.error)}`);
    attachments = list.data;
  }
  return { json, attachments, lines: () => dumpOf(bytes, json) };
}

/** One CSV's text, unpacked only when its table's turn comes. */
function fileText(bytes: Uint8Array, name: string): string {
  const out = unzipSync(bytes, { filter: (f) => f.name === name })[name];
  if (!out) throw bad(`${name} is missing`);
  return new TextDecoder().decode(out);
}

function* dumpOf(bytes: Uint8Array, json: ProjectJson): Generator<string> {
  yield JSON.stringify({ ...json.dump, taken_at: new Date().toISOString() });
  let rows = 0;
  for (const t of json.tables) {
    yield JSON.stringify({ table: t.name, sql: t.sql, columns: t.columns, rows: t.rows ?? 0 });
    if (!t.file) continue;
    const affinities = t.columns.map((_, i) => affinityOf(t.types?.[i] ?? null));
    let line = 0;
    try {
      for (const record of csvRecords(fileText(bytes, t.file))) {
        line++;
        if (line === 1) {
          if (record.length !== t.columns.length)
            throw bad(
              `table ${t.name}: column count does not match (${t.file} has ${record.length}, project.json names ${t.columns.length})`,
            );
          continue;
        }
        if (record.length !== t.columns.length)
          throw bad(`table ${t.name}: line ${line} of ${t.file} has ${record.length} cells, not ${t.columns.length}`);
        rows++;
        yield JSON.stringify(record.map((cell, i) => cellValue(cell, affinities[i]!)));
      }
    } catch (err) {
      if (err instanceof CsvError) throw bad(`table ${t.name}: ${t.file} line ${line + 1}: ${err.message}`);
      throw err;
    }
    if (line === 0) throw bad(`table ${t.name}: ${t.file} has no header line`);
  }
  for (const x of json.extras) yield JSON.stringify(x);
  yield JSON.stringify({ end: true, tables: json.tables.length, rows });
}
