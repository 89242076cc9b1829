/**
 * PlanetScale through `@planetscale/database`: MySQL over PlanetScale's HTTP API
 * (POST /psdb.v1alpha1.Database/Execute, basic auth with the password as a service token), so it
 * needs no TCP. Chosen for hosts under psdb.cloud, or with the extra parameter
 * `driver=planetscale`. Rules:
 * - the API takes SQL text only: the driver writes the bound values into the statement with its
 *   own escaping (sanitization.js); our SQL still carries `?` placeholders and never values;
 * - LIMIT/OFFSET values, which the compiler binds as text for mysql2's prepared statements, are
 *   written as bare integers (a quoted LIMIT is a syntax error in text SQL);
 * - each transaction runs on its own session (the driver's Connection.transaction);
 * - https on 443, except a loopback host (allowed only in local mode by the host rule): http on
 *   the given port, so the tests' stand-in server works.
 */
import { connect, DatabaseError, type Connection, type Field } from "@planetscale/database";
import type { SourceConfig } from "./config";
import { serial } from "./serial";
import { sourceError, type Queryable, type Row, type SourceDriver } from "./driver";
import { estimateMysql, introspectMysql } from "./mysql";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[?::1\]?)$/i;

/** The HTTP endpoint of a config's host. */
export function planetscaleUrl(cfg: SourceConfig): string {
  const host = cfg.host ?? "";
  // PlanetScale answers on 443 only; the port field (a MySQL one by default) counts on loopback.
  return LOOPBACK.test(host) ? `http://${host}${cfg.port ? `:${cfg.port}` : ""}` : `https://${host}`;
}

/** LIMIT/OFFSET text values as integers (see the header); other values unchanged. */
export function pagingAsNumbers(sql: string, params: readonly unknown[]): unknown[] {
  const before = sql.split("?");
  return params.map((v, i) =>
    typeof v === "string" && /^\d+$/.test(v) && /\b(LIMIT|OFFSET)\s*$/i.test(before[i] ?? "") ? Number(v) : v,
  );
}

/** Like mysql2 with dateStrings/bigNumberStrings: dates, decimals and 64-bit integers stay text. */
function cast(field: Field, value: string | null): unknown {
  if (value === null || value === undefined) return null;
  if (["INT8", "INT16", "INT24", "INT32", "UINT8", "UINT16", "UINT24", "UINT32", "YEAR"].includes(field.type))
    return parseInt(value, 10);
  if (field.type === "FLOAT32" || field.type === "FLOAT64") return parseFloat(value);
  if (field.type === "JSON")
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(value, (c) => c.charCodeAt(0))));
  if (["INT64", "UINT64", "DECIMAL", "DATETIME", "DATE", "TIMESTAMP", "TIME"].includes(field.type)) return value;
  // Text arrives as the bytes of its UTF-8 (one char per byte).
  return new TextDecoder().decode(Uint8Array.from(value, (c) => c.charCodeAt(0)));
}

function queryable(conn: Pick<Connection, "execute">): Queryable {
  const run = async (sql: string, params?: readonly unknown[]) => {
    try {
      return await conn.execute(sql, params && params.length ? pagingAsNumbers(sql, params) : null, {
        as: "object",
        cast,
      });
    } catch (err) {
      throw sourceError(
        err instanceof DatabaseError ? { message: err.body?.message ?? err.message, code: err.body?.code } : err,
      );
    }
  };
  return {
    query: async (sql, params) => (await run(sql, params)).rows as unknown as Row[],
    execute: async (sql, params) => {
      const r = await run(sql, params);
      const id = Number(r.insertId);
      return { rows: r.rows as unknown as Row[], affected: r.rowsAffected, insertId: id > 0 ? id : undefined };
    },
  };
}

export async function openPlanetscale(cfg: SourceConfig): Promise<SourceDriver> {
  const auth = { username: cfg.user ?? "", password: cfg.password ?? "" };
  const fetcher = { fetch: (input: string, init?: RequestInit) => fetch(input, init) };
  // The driver's `url` option replaces username/password by the URL's own: on loopback (http)
  // they travel in it; PlanetScale itself is addressed by host (https), credentials untouched.
  const conn = LOOPBACK.test(cfg.host ?? "")
    ? (() => {
        const u = new URL(planetscaleUrl(cfg));
        u.username = auth.username;
        u.password = auth.password;
        return connect({ url: u.toString(), ...fetcher });
      })()
    : connect({ host: cfg.host ?? "", ...auth, ...fetcher });
  // connect() only builds the client: ask once so a wrong token or host is refused now.
  const q = queryable(conn);
  await q.query("SELECT 1 AS ok");
  const line = serial();
  return {
    dialect: "mysql",
    query: (sql, params) => line(() => q.query(sql, params)),
    execute: (sql, params) => line(() => q.execute(sql, params)),
    transaction: (fn) => line(() => conn.transaction((tx) => fn(queryable(tx)))),
    version: () => line(async () => String((await q.query("SELECT VERSION() AS v"))[0]?.v ?? "")),
    estimate: (table) => line(() => estimateMysql(q, table)),
    introspect: () => line(() => introspectMysql(q)),
    // HTTP: nothing stays open.
    close: async () => undefined,
  };
}
