import { bad } from "../errors";
import { newId } from "../ids";
import { quoteIdent } from "../schema/names";
import { INDEXED_TABLES, JOURNALED_TABLES, PROJECT_MIGRATIONS, migrate } from "../store/migrations";
import type { ProjectStore } from "../store/store";
import type { Stored } from "../fields/types";
import { dropAllSearchIndexes, isSearchIndexObject } from "../rows/search-index-names";

/**
 * A project's whole state as text, and back (issue 35: snapshots, export, duplicate).
 *
 * The dump is NDJSON, one line each:
 * - first a header `{format, version, migration, project_id, taken_at}`;
 * - per table `{table, sql, columns, rows}` (its CREATE statement and column names), followed by
 *   its rows, each a JSON array of the stored values in column order;
 * - then `{index, sql}` and `{trigger, sql}` lines, `{sequence, seq}` lines (AUTOINCREMENT
 *   counters, so an id deleted before the snapshot is not handed out again after a restore);
 * - last `{end: true, tables, rows}`: a dump cut short is refused, never half loaded.
 *
 * Row lines are written by SQLite itself (`json_array`), a few thousand at a time, so a 100k-row
 * table costs a few dozen strings in JavaScript rather than an object per row; the loader hands
 * each line to SQLite unparsed as one bound value (`column1 ->> i`, the insert of db/rows/write.ts).
 * Everything is read in one synchronous pass: the Durable Object runs one call at a time, so
 * nothing can change in between and the copy is consistent.
 *
 * Not dumped: SQLite's and Cloudflare's own tables, and the room's bookkeeping (the snapshot list,
 * the id journal, the webhook delivery queue, the migration version, which the header carries, the
 * external connection and the usage log), nor the search indexes (db/rows/search-index.ts:
 * FTS5 tables and their triggers, made again by the first search after a load).
 */
export const DUMP_FORMAT = "gridbase-project";
export const DUMP_VERSION = 1;
const ROOM_TABLES = new Set([
  "_nc_snapshots",
  "_nc_snapshot_files",
  "_nc_id_journal",
  "_nc_hook_queue",
  // Automations' runs (issue 39): a copy or a restore must not run a queued run again.
  "_nc_automation_runs",
  "_nc_automation_batches",
  "_nc_migrations",
  // The external database's connection (realtime/external-source.ts; such projects have no
  // snapshots, and a copy must never carry credentials) and the sockets' usage log (room-socket.ts).
  "_nc_source",
  "_nc_usage",
]);
/** Rows per SQL read of a dump; each read is one string of this many lines. */
const READ_ROWS = 2_000;
/** A chunk of the dump is closed once it is this long, so the serialiser streams pieces of it. */
const CHUNK_CHARS = 1 << 20;
/** A row line longer than this is inserted with its values bound one by one (2 MB a value at most). */
const LONG_LINE = 1_000_000;
/** Bound values per statement on a Durable Object's SQLite: one JSON row each. */
const MAX_PARAMS = 100;

export const isProjectTable = (name: string) =>
  !name.startsWith("sqlite_") && !name.startsWith("_cf_") && !ROOM_TABLES.has(name);

export interface DumpHeader {
  format: typeof DUMP_FORMAT;
  version: number;
  migration: number;
  project_id: string | null;
  taken_at: string;
}

export interface Dump {
  /** The NDJSON text, in pieces of about a megabyte, each ending with a newline. */
  chunks: string[];
  tables: number;
  rows: number;
  /** Rows of the project's own tables (records and links), not of its meta tables. */
  dataRows: number;
}

interface MasterRow {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

function projectTables(store: ProjectStore): MasterRow[] {
  return (
    store.exec("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type = 'table' ORDER BY rowid") as never[]
  ).filter((t: MasterRow) => isProjectTable(t.name) && !isSearchIndexObject(t.name));
}

/** A consistent copy of the project: every table of ours with its rows, indexes and triggers. */
export function dumpProject(store: ProjectStore): Dump {
  const chunks: string[] = [];
  let open = "";
  const put = (line: string) => {
    open += line + "\n";
    if (open.length >= CHUNK_CHARS) {
      chunks.push(open);
      open = "";
    }
  };
  const migration = PROJECT_MIGRATIONS.length;
  const header: DumpHeader = {
    format: DUMP_FORMAT,
    version: DUMP_VERSION,
    migration,
    project_id: store.projectId ?? null,
    taken_at: new Date().toISOString(),
  };
  put(JSON.stringify(header));
  const tables = projectTables(store);
  const names = new Set(tables.map((t) => t.name));
  let total = 0;
  let dataRows = 0;
  for (const t of tables) {
    const columns = store.exec("SELECT name FROM pragma_table_info(?)", t.name).map((c) => String(c.name));
    const count = Number(store.exec(`SELECT count(*) AS n FROM ${quoteIdent(t.name)}`)[0]!.n);
    put(JSON.stringify({ table: t.name, sql: t.sql, columns, rows: count }));
    total += count;
    if (!t.name.startsWith("_nc_")) dataRows += count;
    if (!count || !columns.length) continue;
    const list = columns.map(exactValue).join(", ");
    const table = quoteIdent(t.name);
    const byRowid = !/without\s+rowid/i.test(t.sql ?? "");
    // One read: up to n rows after `from` (a rowid; an offset in a table without rowids) as one text.
    const read = (from: number, n: number) => {
      const [r] = byRowid
        ? store.exec(
            `SELECT group_concat(r, char(10)) AS text, max(k) AS last, count(*) AS n FROM
               (SELECT rowid AS k, json_array(${list}) AS r FROM ${table} WHERE rowid > ? ORDER BY rowid LIMIT ?)`,
            from,
            n,
          )
        : store.exec(
            `SELECT group_concat(r, char(10)) AS text, ? + count(*) AS last, count(*) AS n FROM
               (SELECT json_array(${list}) AS r FROM ${table} LIMIT ? OFFSET ?)`,
            from,
            n,
            from,
          );
      return { text: r?.text == null ? "" : String(r.text), last: Number(r?.last), n: Number(r?.n ?? 0) };
    };
    // A row whose JSON is past SQLite's 2 MB string limit: its values read as they are, written here.
    const bigRow = (from: number) => {
      const quoted = columns.map(quoteIdent).join(", ");
      const key = byRowid
        ? store.exec(`SELECT rowid AS k FROM ${table} WHERE rowid > ? ORDER BY rowid LIMIT 1`, from)[0]?.k
        : null;
      const [row] = byRowid
        ? store.exec(`SELECT ${quoted} FROM ${table} WHERE rowid = ?`, key ?? null)
        : store.exec(`SELECT ${quoted} FROM ${table} LIMIT 1 OFFSET ?`, from);
      if (!row) return { text: "", last: from, n: 0 };
      return { text: JSON.stringify(columns.map((c) => row[c] ?? null)), last: byRowid ? Number(key) : from + 1, n: 1 };
    };
    // Pages by rowid: each read starts where the last ended, whatever the table's size. A page
    // whose text would pass the string limit is read again in smaller pieces (wide rows).
    let from = byRowid ? -9007199254740991 : 0;
    let n = READ_ROWS;
    for (;;) {
      let page: { text: string; last: number; n: number };
      try {
        page = read(from, n);
      } catch (err) {
        if (!tooBig(err)) throw err;
        if (n > 1) {
          n = Math.max(1, Math.floor(n / 8));
          continue;
        }
        page = bigRow(from);
      }
      if (!page.n) break;
      put(page.text);
      from = page.last;
      if (page.n < n) break;
      n = Math.min(READ_ROWS, n * 2);
    }
  }
  const extras = store.exec(
    "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL ORDER BY rowid",
  ) as never[] as MasterRow[];
  // A search index's triggers stay out with it (it is rebuilt by the first search after a load).
  for (const x of extras)
    if (names.has(x.tbl_name) && !isSearchIndexObject(x.name)) put(JSON.stringify({ [x.type]: x.name, sql: x.sql }));
  if (store.exec("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").length) {
    for (const s of store.exec("SELECT name, seq FROM sqlite_sequence"))
      if (names.has(String(s.name))) put(JSON.stringify({ sequence: s.name, seq: s.seq }));
  }
  put(JSON.stringify({ end: true, tables: tables.length, rows: total }));
  if (open) chunks.push(open);
  return { chunks, tables: tables.length, rows: total, dataRows };
}

/**
 * A column's value for json_array: as stored, but a REAL written with 17 significant digits (JSON's
 * own rendering of a real keeps 15, and 0.1 + 0.2 would come back as 0.3). json() makes that text a
 * JSON number, which `->>` reads back as the same double.
 */
function exactValue(column: string): string {
  const c = quoteIdent(column);
  return `CASE WHEN typeof(${c}) = 'real' AND abs(${c}) < 1e308 THEN json(printf('%!.17g', ${c})) ELSE ${c} END`;
}

const tooBig = (err: unknown) => err instanceof Error && /SQLITE_TOOBIG|too big/i.test(err.message);

/** The lines of a dump held in pieces (chunks of text, as read from a stream), without joining them. */
export function* dumpLines(chunks: Iterable<string>): Generator<string> {
  let rest = "";
  for (const chunk of chunks) {
    let start = 0;
    for (let nl = chunk.indexOf("\n"); nl !== -1; nl = chunk.indexOf("\n", start)) {
      const line = rest + chunk.slice(start, nl);
      rest = "";
      start = nl + 1;
      if (line) yield line;
    }
    rest += chunk.slice(start);
  }
  if (rest) yield rest;
}

/**
 * Ids a route names (db/ids.ts: prefix and 14 of [0-9a-z]), each given a new one the first time
 * it is met, and the old project id replaced by the new: a copy never shares an id with its
 * source, so both can live in the Worker's id index. Applied to the whole text of every line
 * (meta rows, JSON options, CREATE statements, row values naming upload paths), so a reference
 * anywhere follows its id.
 */
export class IdRemap {
  readonly ids = new Map<string, string>();
  #from: string | null = null;
  constructor(readonly projectId: string) {}

  /** The project id the dump was taken of (its uploads' paths name it); null when the same. */
  get fromId(): string | null {
    return this.#from;
  }

  /** The dump's own project id, read from its header. */
  from(projectId: string | null) {
    this.#from = projectId && projectId !== this.projectId ? projectId : null;
  }

  apply(text: string): string {
    let out = text.replace(/(?<![0-9a-z])(md|cl|vw|fi|so|hk)_[0-9a-z]{14}(?![0-9a-z])/g, (id, prefix: string) => {
      let next = this.ids.get(id);
      if (!next) this.ids.set(id, (next = newId(`${prefix}_` as "md_")));
      return next;
    });
    if (this.#from && out.includes(this.#from)) out = out.split(this.#from).join(this.projectId);
    return out;
  }
}

/** Upload paths of this project a text names (`download/noco/<projectId>/...`, as cells hold them). */
export function namedUploads(text: string, projectId: string): string[] {
  const mine = `download/noco/${projectId}/`;
  if (!text.includes(mine)) return [];
  const escaped = mine.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.match(new RegExp(`${escaped}[^"\\s?#\\\\]+`, "g")) ?? [];
}

export interface Loaded {
  tables: number;
  rows: number;
  /** With a remap: each upload path the rows named (the source project's) and its new path. */
  uploads: Map<string, string>;
}

type Line =
  | (DumpHeader & { table?: never })
  | { table: string; sql: string; columns: string[]; rows: number }
  | { index: string; sql: string }
  | { trigger: string; sql: string }
  | { sequence: string; seq: number }
  | { end: true; tables: number; rows: number };

/**
 * Replaces the project's state with a dump's, in one transaction: all of it or nothing. The
 * current meta rows go through DELETE first so the id journal records their removal (the
 * Worker's index drops them), and the loaded ones are journaled as made. With `remap`, every id
 * and the project id are new (restore as a new project, import); `uploads` then lists the files
 * to copy to the new paths. A dump from outside (an import) must be loaded with a remap: its ids
 * then cannot name another project's tables in the Worker's index, and its statements are
 * checked (checkedStatement) either way.
 */
export function loadProject(store: ProjectStore, lines: Iterable<string>, remap?: IdRemap): Loaded {
  return store.transaction(() => {
    // Parents may be loaded after children (a table rebuilt by a migration comes later in sqlite_master).
    store.exec("PRAGMA defer_foreign_keys = ON");
    clearProject(store);
    const uploads = new Map<string, string>();
    let header: DumpHeader | null = null;
    let ended: { tables: number; rows: number } | null = null;
    let table: { name: string; columns: string[]; full: string } | null = null;
    let batch: string[] = [];
    let tables = 0;
    let rows = 0;
    const flush = () => {
      if (!table || !batch.length) return;
      store.exec(
        batch.length === MAX_PARAMS ? table.full : insertSql(table.name, table.columns, batch.length),
        ...batch,
      );
      batch = [];
    };
    for (const raw of lines) {
      if (ended) throw bad("The snapshot has data after its end");
      if (raw.startsWith("[")) {
        if (!table) throw bad("The snapshot has rows outside a table");
        if (remap?.fromId) {
          for (const p of namedUploads(raw, remap.fromId)) if (!uploads.has(p)) uploads.set(p, remap.apply(p));
        }
        const text = remap ? remap.apply(raw) : raw;
        rows++;
        if (text.length > LONG_LINE) {
          // Past what one bound value may hold: this row's values are bound one by one.
          flush();
          const values = JSON.parse(text) as Stored[];
          store.exec(
            `INSERT INTO ${quoteIdent(table.name)} (${table.columns.map(quoteIdent).join(", ")}) VALUES (${table.columns.map(() => "?").join(", ")})`,
            ...values,
          );
          continue;
        }
        batch.push(text);
        if (batch.length === MAX_PARAMS) flush();
        continue;
      }
      flush();
      let line: Line;
      try {
        line = JSON.parse(remap && header ? remap.apply(raw) : raw) as Line;
      } catch {
        throw bad("The snapshot is not readable");
      }
      if (!header) {
        header = checkHeader(line);
        remap?.from(header.project_id);
        continue;
      }
      if ("table" in line && line.table !== undefined) {
        if (!isProjectTable(line.table))
          throw bad(`The snapshot holds a table that is not the project's: ${line.table}`);
        store.exec(checkedStatement(line.sql, "table", line.table));
        tables++;
        table = line.columns.length
          ? { name: line.table, columns: line.columns, full: insertSql(line.table, line.columns, MAX_PARAMS) }
          : null;
      } else if ("index" in line || "trigger" in line) {
        table = null;
        store.exec(checkedStatement(line.sql, "index" in line ? "index" : "trigger"));
      } else if ("sequence" in line) {
        table = null;
        setSequence(store, line.sequence, line.seq);
      } else if ("end" in line) {
        ended = line;
      }
    }
    flush();
    if (!header) throw bad("The snapshot is empty");
    if (!ended || ended.tables !== tables || ended.rows !== rows) throw bad("The snapshot is incomplete");
    // A dump from an older version of the app gains the steps made since (append-only, migrations.ts).
    if (header.migration < PROJECT_MIGRATIONS.length) migrate(header.migration, (sql) => store.exec(sql));
    for (const t of INDEXED_TABLES) store.exec(`INSERT INTO _nc_id_journal (id, added) SELECT id, 1 FROM ${t}`);
    store.schemaCache.clear();
    return { tables, rows, uploads };
  });
}

/** The triggers a project has: those its migrations make (the id journal's). */
const KNOWN_TRIGGERS = new Set(
  PROJECT_MIGRATIONS.flat()
    .filter((sql) => /^CREATE TRIGGER\s/i.test(sql))
    .map((sql) => sql.trim()),
);

/** Text with its quoted strings and names blanked, to look for what lies outside them. */
const unquoted = (sql: string) => sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|`(?:[^`]|``)*`|\[[^\]]*\]/g, "x");

/**
 * A dump's statement, checked before it runs: a dump may come from outside (an import), and its
 * statements run in the project's SQLite. One CREATE TABLE of the named table, or one CREATE
 * INDEX (no other statement after a semicolon), or a trigger the migrations make. A trigger of
 * anyone's choosing could write the id journal, and so the Worker's index of other projects' ids.
 */
function checkedStatement(sql: unknown, kind: "table" | "index" | "trigger", name?: string): string {
  const text = typeof sql === "string" ? sql.trim() : "";
  const refuse = () => bad(`The snapshot holds a ${kind} statement that is not allowed`);
  if (kind === "trigger") {
    if (!KNOWN_TRIGGERS.has(text)) throw refuse();
    return text;
  }
  if (unquoted(text).includes(";")) throw refuse();
  if (kind === "index") {
    if (!/^CREATE\s+(UNIQUE\s+)?INDEX\s/i.test(text)) throw refuse();
    return text;
  }
  const made = /^CREATE\s+TABLE\s+("(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_]*)/i.exec(text);
  const named = made?.[1]?.startsWith('"') ? made[1].slice(1, -1).replace(/""/g, '"') : made?.[1];
  if (!named || named !== name) throw refuse();
  return text;
}

function checkHeader(line: Line): DumpHeader {
  const h = line as Partial<DumpHeader>;
  if (h.format !== DUMP_FORMAT || typeof h.migration !== "number") throw bad("Not a Gridbase project snapshot");
  if ((h.version ?? 0) > DUMP_VERSION || h.migration > PROJECT_MIGRATIONS.length)
    throw bad("The snapshot was made by a newer version of Gridbase");
  return h as DumpHeader;
}

/** The statement inserting `n` rows, each one bound JSON array (db/rows/write.ts). */
function insertSql(name: string, columns: string[], n: number): string {
  const picks = columns.map((_, i) => `column1 ->> ${i}`).join(", ");
  const values = Array.from({ length: n }, () => "(?)").join(", ");
  return `INSERT INTO ${quoteIdent(name)} (${columns.map(quoteIdent).join(", ")}) SELECT ${picks} FROM (VALUES ${values})`;
}

/** Meta rows deleted (journaled as removed), then every table of the project dropped. */
function clearProject(store: ProjectStore) {
  const present = new Set(projectTables(store).map((t) => t.name));
  for (const t of [...JOURNALED_TABLES].reverse()) if (present.has(t)) store.exec(`DELETE FROM ${t}`);
  dropAllSearchIndexes(store);
  for (const t of projectTables(store).reverse()) store.exec(`DROP TABLE ${quoteIdent(t.name)}`);
}

function setSequence(store: ProjectStore, name: string, seq: number) {
  if (!isProjectTable(name)) return;
  const updated = store.exec("UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = ? RETURNING seq", seq, name);
  if (!updated.length) store.exec("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)", name, seq);
}
