/**
 * MySQL, MariaDB, TiDB and Vitess through `mysql2` (workerd needs `disableEval`: no code
 * generation for row parsers). DATETIME comes back as text (dateStrings) and is read as UTC
 * (dialect-values.ts). Statements with values run as server-side prepared statements.
 * MariaDB's JSON is LONGTEXT with a json_valid() check: such columns are reported as json.
 */
import mysql from "mysql2/promise";
import type { SourceConfig } from "./config";
import { serial } from "./serial";
import {
  inTransaction,
  sourceError,
  type Queryable,
  type Row,
  type SourceDriver,
  type SourceSchema,
  type SourceTable,
} from "./driver";

function sslOption(cfg: SourceConfig) {
  const { mode, ca, cert, key } = cfg.ssl;
  if (mode === "No" || mode === "Allowed" || mode === "Preferred") return undefined;
  if (mode === "Required") return { rejectUnauthorized: false };
  if (mode === "Required-CA") return { rejectUnauthorized: true, ca };
  return { rejectUnauthorized: true, ca, cert, key };
}

export async function openMysql(cfg: SourceConfig): Promise<SourceDriver> {
  const conn = await mysql.createConnection({
    ...cfg.params,
    host: cfg.host,
    port: cfg.port,
    user: cfg.user,
    password: cfg.password ?? "",
    database: cfg.database,
    ssl: sslOption(cfg),
    connectTimeout: 10_000,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    disableEval: true,
    multipleStatements: false,
  } as mysql.ConnectionOptions);
  conn.on("error", () => undefined);
  // Lists of linked records are built with GROUP_CONCAT (db/query/computed-sql.ts), which MySQL
  // cuts at 1 KB by default (MariaDB at 1 MB).
  await conn.query("SET SESSION group_concat_max_len = 16777216").catch(() => undefined);
  const line = serial();
  const run = async (sql: string, params?: readonly unknown[]) => {
    try {
      const [res] = params && params.length ? await conn.execute(sql, params as never[]) : await conn.query(sql);
      return res;
    } catch (err) {
      throw sourceError(err);
    }
  };
  const q: Queryable = {
    query: async (sql, params) => {
      const res = await run(sql, params);
      return Array.isArray(res) ? (res as Row[]) : [];
    },
    execute: async (sql, params) => {
      const res = (await run(sql, params)) as { affectedRows?: number; insertId?: number } | Row[];
      if (Array.isArray(res)) return { rows: res as Row[], affected: res.length };
      return { rows: [], affected: res.affectedRows ?? 0, insertId: res.insertId || undefined };
    },
  };
  return {
    dialect: "mysql",
    query: (sql, params) => line(() => q.query(sql, params)),
    execute: (sql, params) => line(() => q.execute(sql, params)),
    transaction: (fn) => line(() => inTransaction(run, "START TRANSACTION", q, fn)),
    version: () => line(async () => String((await q.query("SELECT VERSION() AS v"))[0]?.v ?? "")),
    estimate: (table) => line(() => estimateMysql(q, table)),
    introspect: () => line(() => introspectMysql(q)),
    close: () => conn.end().catch(() => undefined),
  };
}

/** The row estimate information_schema keeps for a table (InnoDB statistics). */
export async function estimateMysql(q: Queryable, table: string): Promise<number | null> {
  const r = await q.query(
    "SELECT TABLE_ROWS AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ?",
    [table],
  );
  const n = r[0]?.n;
  return n === null || n === undefined ? null : Number(n);
}

/** `enum('a','b''c')` → ["a", "b'c"]. */
export function enumValuesOf(columnType: string): string[] {
  const inner = /^(?:enum|set)\((.*)\)$/is.exec(columnType.trim())?.[1] ?? "";
  const out: string[] = [];
  const re = /'((?:[^']|'')*)'/g;
  for (let m = re.exec(inner); m; m = re.exec(inner)) out.push(m[1]!.replace(/''/g, "'").replace(/\\\\/g, "\\"));
  return out;
}

/** MariaDB reports defaults as SQL text ('abc', NULL); MySQL as the bare value. */
function defaultOf(raw: unknown): string | null {
  if (raw === null || raw === undefined || raw === "NULL") return null;
  const s = String(raw);
  const quoted = /^'(.*)'$/s.exec(s);
  return quoted ? quoted[1]!.replace(/''/g, "'") : s;
}

export async function introspectMysql(q: Queryable): Promise<SourceSchema> {
  const rels = await q.query(
    "SELECT TABLE_NAME AS name, TABLE_TYPE AS kind FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME",
  );
  const cols = await q.query(
    `SELECT TABLE_NAME AS t, COLUMN_NAME AS c, DATA_TYPE AS dt, COLUMN_TYPE AS ct, IS_NULLABLE AS nullable,
            COLUMN_DEFAULT AS def, EXTRA AS extra, CHARACTER_MAXIMUM_LENGTH AS len
     FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION`,
  );
  const keys = await q.query(
    `SELECT TABLE_NAME AS t, COLUMN_NAME AS c, CONSTRAINT_NAME AS name, ORDINAL_POSITION AS ord,
            REFERENCED_TABLE_NAME AS rt, REFERENCED_COLUMN_NAME AS rc
     FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = DATABASE()
     ORDER BY TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION`,
  );
  // MariaDB only (MySQL has a real JSON type): LONGTEXT columns checked with json_valid().
  const checks = await q
    .query(
      "SELECT TABLE_NAME AS t, CHECK_CLAUSE AS clause FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE()",
    )
    .catch(() => [] as Row[]);
  const jsonCols = new Set<string>();
  for (const ch of checks) {
    const m = /json_valid\(`([^`]+)`\)/i.exec(String(ch.clause));
    if (m) jsonCols.add(`${ch.t}\u0000${m[1]}`);
  }
  const tables = new Map<string, SourceTable>();
  for (const r of rels)
    tables.set(String(r.name), {
      name: String(r.name),
      view: String(r.kind).toUpperCase().includes("VIEW"),
      columns: [],
      foreignKeys: [],
    });
  const pkPos = new Map<string, number>();
  const fkWidth = new Map<string, number>();
  for (const k of keys) {
    if (k.name === "PRIMARY") pkPos.set(`${k.t}\u0000${k.c}`, Number(k.ord));
    if (k.rt) fkWidth.set(`${k.t}\u0000${k.name}`, (fkWidth.get(`${k.t}\u0000${k.name}`) ?? 0) + 1);
  }
  for (const c of cols) {
    const t = tables.get(String(c.t));
    if (!t) continue;
    const dt = String(c.dt).toLowerCase();
    const ct = String(c.ct);
    const json = jsonCols.has(`${c.t}\u0000${c.c}`);
    t.columns.push({
      name: String(c.c),
      dt: json ? "json" : dt,
      type: ct,
      nullable: c.nullable === "YES",
      default: defaultOf(c.def),
      ai: /auto_increment/i.test(String(c.extra ?? "")),
      pk: pkPos.get(`${c.t}\u0000${c.c}`) ?? 0,
      ...(dt === "enum" || dt === "set" ? { enumValues: enumValuesOf(ct) } : {}),
      maxLength: c.len === null || c.len === undefined ? null : Number(c.len),
    });
  }
  for (const k of keys) {
    if (!k.rt || fkWidth.get(`${k.t}\u0000${k.name}`) !== 1) continue;
    tables.get(String(k.t))?.foreignKeys.push({
      name: String(k.name),
      column: String(k.c),
      refTable: String(k.rt),
      refColumn: String(k.rc),
    });
  }
  return { tables: [...tables.values()] };
}
