/**
 * PostgreSQL through `pg` (TCP; in workerd over cloudflare:sockets, which pg picks itself; a
 * Hyperdrive binding's connection string works the same: openPg's connectionString). One client per project object,
 * statements serialised on it; search_path is set to the chosen schema after connecting.
 */
import pg from "pg";
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

function sslOption(cfg: SourceConfig): pg.ClientConfig["ssl"] {
  const { mode, ca, cert, key } = cfg.ssl;
  if (mode === "No" || mode === "Allowed" || mode === "Preferred") return false;
  if (mode === "Required") return { rejectUnauthorized: false };
  if (mode === "Required-CA") return { rejectUnauthorized: true, ca, checkServerIdentity: () => undefined };
  return { rejectUnauthorized: true, ca, cert, key };
}

const quote = (name: string) => `"${name.split('"').join('""')}"`;

/** `connectionString`: a Hyperdrive binding's (hyperdrive.ts), used instead of host/user/password. */
export async function openPg(cfg: SourceConfig, connectionString?: string): Promise<SourceDriver> {
  const { driver: _driver, ...params } = cfg.params;
  void _driver;
  if (connectionString)
    return pgDriver(new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 }), cfg.schema ?? "public");
  const client = new pg.Client({
    ...params,
    host: cfg.host,
    port: cfg.port,
    user: cfg.user,
    password: cfg.password ?? "",
    database: cfg.database ?? cfg.user,
    ssl: sslOption(cfg),
    connectionTimeoutMillis: 10_000,
    // Bigints and numerics as text (no precision lost); dialect-values maps them.
  });
  return pgDriver(client, cfg.schema ?? "public");
}

/** What pg.Client and Neon's Client share (Neon's is a pg-compatible client over WebSocket). */
export interface PgLikeClient {
  connect(): Promise<unknown>;
  query(q: { text: string; values: unknown[] } | string): Promise<{ rows: unknown[]; rowCount: number | null }>;
  end(): Promise<unknown>;
  on(event: "error", fn: () => void): unknown;
}

/** A connected driver over a pg-compatible client, in `schema`. */
export async function pgDriver(client: PgLikeClient, schema: string): Promise<SourceDriver> {
  client.on("error", () => undefined);
  await client.connect();
  try {
    await client.query(`SET search_path TO ${quote(schema)}`);
  } catch (err) {
    await client.end().catch(() => undefined);
    throw err;
  }
  const line = serial();
  const run = async (sql: string, params?: readonly unknown[]) => {
    try {
      return await client.query({ text: sql, values: params ? [...params] : [] });
    } catch (err) {
      throw sourceError(err);
    }
  };
  const q: Queryable = {
    query: async (sql, params) => (await run(sql, params)).rows as Row[],
    execute: async (sql, params) => {
      const r = await run(sql, params);
      return { rows: r.rows as Row[], affected: r.rowCount ?? 0 };
    },
  };
  return {
    dialect: "pg",
    query: (sql, params) => line(() => q.query(sql, params)),
    execute: (sql, params) => line(() => q.execute(sql, params)),
    transaction: (fn) => line(() => inTransaction(run, "BEGIN", q, fn)),
    version: () => line(async () => String((await q.query("SELECT version() AS v"))[0]?.v ?? "")),
    estimate: (table) =>
      line(async () => {
        const r = await q.query(
          "SELECT c.reltuples::bigint AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relname = $2",
          [schema, table],
        );
        const n = Number(r[0]?.n ?? -1);
        return n >= 0 ? n : null;
      }),
    introspect: () => line(() => introspectPg(q, schema)),
    close: async () => {
      await client.end().catch(() => undefined);
    },
  };
}

async function introspectPg(q: Queryable, schema: string): Promise<SourceSchema> {
  const rels = await q.query(
    `SELECT c.relname AS name, c.relkind AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm') ORDER BY c.relname`,
    [schema],
  );
  const cols = await q.query(
    `SELECT c.table_name, c.column_name, c.data_type, c.udt_name, c.is_nullable, c.column_default, c.is_identity,
            c.character_maximum_length, c.numeric_precision, c.numeric_scale, format_type(a.atttypid, a.atttypmod) AS full_type,
            t.typtype, t.oid::text AS type_oid
     FROM information_schema.columns c
     JOIN pg_namespace n ON n.nspname = c.table_schema
     JOIN pg_class cl ON cl.relnamespace = n.oid AND cl.relname = c.table_name
     JOIN pg_attribute a ON a.attrelid = cl.oid AND a.attname = c.column_name
     JOIN pg_type t ON t.oid = a.atttypid
     WHERE c.table_schema = $1 ORDER BY c.table_name, c.ordinal_position`,
    [schema],
  );
  const enums = await q.query(
    // By type oid: two schemas may each have an enum of the same name with other labels.
    `SELECT e.enumtypid::text AS type_oid, e.enumlabel AS label FROM pg_enum e ORDER BY e.enumtypid, e.enumsortorder`,
  );
  const pks = await q.query(
    `SELECT cl.relname AS table_name, a.attname AS column_name, k.ord AS ord
     FROM pg_constraint con JOIN pg_class cl ON cl.oid = con.conrelid JOIN pg_namespace n ON n.oid = cl.relnamespace
     CROSS JOIN LATERAL unnest(con.conkey) WITH ORDINALITY AS k(attnum, ord)
     JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
     WHERE con.contype = 'p' AND n.nspname = $1`,
    [schema],
  );
  const fks = await q.query(
    `SELECT con.conname AS name, cl.relname AS table_name, a.attname AS column_name, rcl.relname AS ref_table,
            ra.attname AS ref_column, array_length(con.conkey, 1) AS width
     FROM pg_constraint con JOIN pg_class cl ON cl.oid = con.conrelid JOIN pg_namespace n ON n.oid = cl.relnamespace
     JOIN pg_class rcl ON rcl.oid = con.confrelid JOIN pg_namespace rn ON rn.oid = rcl.relnamespace
     CROSS JOIN LATERAL unnest(con.conkey, con.confkey) WITH ORDINALITY AS k(attnum, refnum, ord)
     JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
     JOIN pg_attribute ra ON ra.attrelid = con.confrelid AND ra.attnum = k.refnum
     WHERE con.contype = 'f' AND n.nspname = $1 AND rn.nspname = $1 ORDER BY con.conname, k.ord`,
    [schema],
  );
  const enumValues = new Map<string, string[]>();
  for (const e of enums)
    enumValues.set(String(e.type_oid), [...(enumValues.get(String(e.type_oid)) ?? []), String(e.label)]);
  const tables = new Map<string, SourceTable>();
  for (const r of rels)
    tables.set(String(r.name), {
      name: String(r.name),
      view: r.kind === "v" || r.kind === "m",
      columns: [],
      foreignKeys: [],
    });
  const pkPos = new Map(pks.map((p) => [`${p.table_name}\u0000${p.column_name}`, Number(p.ord)]));
  for (const c of cols) {
    const t = tables.get(String(c.table_name));
    if (!t) continue;
    const isEnum = c.typtype === "e";
    const def = c.column_default === null ? null : String(c.column_default);
    t.columns.push({
      name: String(c.column_name),
      dt: isEnum
        ? "enum"
        : String(
            c.data_type === "ARRAY" ? "array" : c.data_type === "USER-DEFINED" ? c.udt_name : c.data_type,
          ).toLowerCase(),
      type: String(c.full_type),
      nullable: c.is_nullable === "YES",
      default: def,
      ai: c.is_identity === "YES" || (def !== null && /^nextval\(/i.test(def)),
      pk: pkPos.get(`${c.table_name}\u0000${c.column_name}`) ?? 0,
      ...(isEnum ? { enumValues: enumValues.get(String(c.type_oid)) ?? [] } : {}),
      maxLength: c.character_maximum_length === null ? null : Number(c.character_maximum_length),
    });
  }
  for (const f of fks) {
    // Composite foreign keys have no single-column link form; they stay plain columns.
    if (Number(f.width) !== 1) continue;
    tables.get(String(f.table_name))?.foreignKeys.push({
      name: String(f.name),
      column: String(f.column_name),
      refTable: String(f.ref_table),
      refColumn: String(f.ref_column),
    });
  }
  return { tables: [...tables.values()] };
}
