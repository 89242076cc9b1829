import { Zip, ZipDeflate } from "fflate";
import { dumpLines, type DumpHeader } from "./dump";
import { csvLine } from "./transfer-csv";
import {
  DEFINITION_ONLY,
  SCHEMA_TABLES,
  ZIP_FORMAT,
  ZIP_VERSION,
  entryName,
  type AttachmentEntry,
  type ExtraEntry,
  type TableEntry,
} from "./transfer-format";

/** The project's own row in the index (D1), as the export names it. */
export interface ExportedProject {
  id: string;
  title: string;
  description: string | null;
  color: string | null;
  meta: string | null;
}

export interface ExportInput {
  /** The dump's text pieces (db/project/dump.ts), read in one pass by the room. */
  chunks: string[];
  /** Declared column types per table, read in the same pass (transfer-csv.ts: affinity on load). */
  types: Map<string, Array<string | null>>;
  project: ExportedProject;
  attachments: AttachmentEntry[];
  /** Deflate level (1 fastest, 9 smallest). */
  level?: 1 | 6 | 9;
}

/** Rows per piece handed to the compressor: the zip grows piece by piece, not all at once. */
const PIECE_ROWS = 2_000;

type Row = Record<string, unknown>;

/**
 * The project .zip (transfer-format.ts), as pieces of bytes made one at a time when asked: the
 * dump is read twice (its table list and meta first, for project.json and the files' names; then
 * its rows, straight into the compressor), and no copy of the rows is made as objects or as a
 * whole text. Whoever streams the pieces out holds one piece at a time.
 */
export function* projectZip(input: ExportInput): Generator<Uint8Array> {
  const plan = planOf(input);
  const out: Uint8Array[] = [];
  const zip = new Zip((err, chunk) => {
    if (err) throw err;
    out.push(chunk);
  });
  const encoder = new TextEncoder();
  const level = input.level ?? 6;
  const whole = (name: string, text: string) => {
    const f = new ZipDeflate(name, { level });
    zip.add(f);
    f.push(encoder.encode(text), true);
  };
  whole("project.json", JSON.stringify(plan.json, null, 2));
  whole("attachments.json", JSON.stringify(input.attachments, null, 2));
  yield* out.splice(0);

  let file: ZipDeflate | null = null;
  let sanitise: ((row: unknown[]) => unknown[]) | null = null;
  let text = "";
  let count = 0;
  const flush = (final: boolean) => {
    if (file && (text || final)) file.push(encoder.encode(text), final);
    text = "";
    count = 0;
  };
  for (const line of dumpLines(input.chunks)) {
    if (line.startsWith("[")) {
      if (!file) continue;
      const row = JSON.parse(line) as unknown[];
      text += csvLine(sanitise ? sanitise(row) : row);
      if (++count === PIECE_ROWS) {
        flush(false);
        yield* out.splice(0);
      }
      continue;
    }
    const head = JSON.parse(line) as { table?: string };
    if (file) {
      flush(true);
      file = null;
      yield* out.splice(0);
    }
    const entry = head.table !== undefined ? plan.byName.get(head.table) : undefined;
    if (!entry?.file) continue;
    file = new ZipDeflate(entry.file, { level });
    zip.add(file);
    text = csvLine(plan.headers.get(entry.name) ?? entry.columns);
    sanitise = entry.name === "_nc_hooks" ? hookSanitiser(entry.columns) : null;
  }
  if (file) flush(true);
  zip.end();
  yield* out.splice(0);
}

interface Plan {
  json: Record<string, unknown>;
  byName: Map<string, TableEntry>;
  headers: Map<string, string[]>;
}

/** First pass: the tables, extras and meta rows, and from them project.json and each CSV's name and header. */
function planOf(input: ExportInput): Plan {
  let header: DumpHeader | null = null;
  const tables: TableEntry[] = [];
  const extras: ExtraEntry[] = [];
  const meta = new Map<string, Row[]>();
  let current: { name: string; columns: string[]; rows: Row[] | null } | null = null;
  for (const line of dumpLines(input.chunks)) {
    if (line.startsWith("[")) {
      if (current?.rows) current.rows.push(rowObject(current.columns, JSON.parse(line) as unknown[]));
      continue;
    }
    const x = JSON.parse(line) as Record<string, unknown>;
    if (!header) {
      header = x as unknown as DumpHeader;
      continue;
    }
    if (typeof x.table === "string") {
      const name = x.table;
      const columns = x.columns as string[];
      tables.push({ name, sql: x.sql as string, columns, types: input.types.get(name), rows: x.rows as number });
      current = { name, columns, rows: SCHEMA_TABLES.includes(name) ? [] : null };
      if (current.rows) meta.set(name, current.rows);
    } else if ("index" in x || "trigger" in x || "sequence" in x) {
      current = null;
      extras.push(x as ExtraEntry);
    }
  }
  if (!header) throw new Error("The dump is empty");

  const models = meta.get("_nc_models") ?? [];
  const fields = meta.get("_nc_columns") ?? [];
  const modelByTable = new Map(models.map((m) => [String(m.table_name), m]));
  const headers = new Map<string, string[]>();
  const used = new Set<string>();
  const unique = (base: string) => {
    let name = `${base}.csv`;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = `${base} (${i}).csv`;
    used.add(name.toLowerCase());
    return name;
  };
  for (const t of tables) {
    if (DEFINITION_ONLY.has(t.name)) {
      t.rows = 0;
      t.file = null;
      continue;
    }
    const model = modelByTable.get(t.name);
    if (model) {
      t.file = unique(`tables/${entryName(String(model.title))}`);
      const titles = new Map(
        fields.filter((f) => f.fk_model_id === model.id && f.column_name).map((f) => [f.column_name, String(f.title)]),
      );
      headers.set(
        t.name,
        t.columns.map((c) => titles.get(c) ?? c),
      );
    } else t.file = unique(`${t.name.startsWith("_nc_") ? "meta" : "data"}/${entryName(t.name)}`);
  }
  const json = {
    format: ZIP_FORMAT,
    version: ZIP_VERSION,
    exported_at: new Date().toISOString(),
    project: {
      title: input.project.title,
      description: input.project.description,
      color: input.project.color,
      meta: input.project.meta,
    },
    dump: header,
    attachments: {
      file: "attachments.json",
      count: input.attachments.length,
      note: "The files themselves are not in this zip: they stay in the file storage of the instance that made it.",
    },
    schema: readableSchema(meta),
    tables,
    extras,
  };
  return { json, byName: new Map(tables.map((t) => [t.name, t])), headers };
}

const rowObject = (columns: string[], values: unknown[]): Row =>
  Object.fromEntries(columns.map((c, i) => [c, values[i] ?? null]));

const parsed = (text: unknown): unknown => {
  if (typeof text !== "string") return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Tables with their fields, views with their settings, filters, sorts and hooks, as a person reads them. */
function readableSchema(meta: Map<string, Row[]>) {
  const rows = (name: string) => meta.get(name) ?? [];
  return {
    tables: rows("_nc_models").map((m) => ({
      id: m.id,
      title: m.title,
      table_name: m.table_name,
      mm: Boolean(m.mm),
      meta: parsed(m.meta),
      fields: rows("_nc_columns")
        .filter((c) => c.fk_model_id === m.id)
        .map((c) => ({
          id: c.id,
          title: c.title,
          column_name: c.column_name,
          uidt: c.uidt,
          pk: Boolean(c.pk),
          pv: Boolean(c.pv),
          system: Boolean(c.system),
          options: parsed(c.col_options),
          meta: parsed(c.meta),
        })),
    })),
    views: rows("_nc_views").map((v) => ({ ...v, meta: parsed(v.meta), sub_meta: parsed(v.sub_meta) })),
    filters: rows("_nc_filters"),
    sorts: rows("_nc_sorts"),
    hooks: rows("_nc_hooks").map((h) => ({ ...h, active: 0, notification: withoutSecrets(parsed(h.notification)) })),
  };
}

/**
 * A webhook's notification without what may be a secret: header values (tokens) and chat
 * targets' webhook addresses. The hook comes back with the header names and an empty value.
 */
export function withoutSecrets(notification: unknown): unknown {
  if (!notification || typeof notification !== "object") return notification;
  const n = notification as { payload?: Record<string, unknown> };
  if (!n.payload || typeof n.payload !== "object") return notification;
  const payload = { ...n.payload };
  if (Array.isArray(payload.headers))
    payload.headers = (payload.headers as Array<Record<string, unknown>>).map((h) => ({ ...h, value: "" }));
  if (Array.isArray(payload.channels))
    payload.channels = (payload.channels as unknown[]).map((c) =>
      c && typeof c === "object" ? { ...(c as Record<string, unknown>), webhook_url: "" } : c,
    );
  return { ...n, payload };
}

/**
 * A hook's row as exported: without its secrets, and switched off, since a hook without its
 * header values would call its target unauthenticated from the copy; its owner turns it back on
 * once the values are filled in again.
 */
function hookSanitiser(columns: string[]) {
  const at = columns.indexOf("notification");
  const active = columns.indexOf("active");
  return (row: unknown[]) => {
    const next = [...row];
    if (at >= 0) next[at] = JSON.stringify(withoutSecrets(parsed(row[at])));
    if (active >= 0) next[active] = 0;
    return next;
  };
}
