/**
 * Which database servers the driver suites can reach. Unreachable with CI unset (or not "true"):
 * the suite is skipped with a printed `skipping <name> driver tests: <reason>`. With CI=true the
 * missing server is an error. Each suite works in a scratch schema/database of its own.
 */
export const PG_URL = process.env.PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const MYSQL_URL = process.env.MYSQL_URL ?? "mysql://root@127.0.0.1:3306/test";
/** DRIVER_SCRATCH lets two checkouts run the driver suites at once without sharing tables. */
export const SCRATCH = process.env.DRIVER_SCRATCH ?? "gridbase_test";

/** Runs `open`; its value when the server answers, null (skip) when it does not. */
export async function reach<T>(name: string, open: () => Promise<T>): Promise<T | null> {
  try {
    return await open();
  } catch (err) {
    const reason = err instanceof Error ? err.message || err.name : String(err);
    if (process.env.CI === "true") throw new Error(`${name} driver tests need a server (CI=true): ${reason}`);
    console.log(`skipping ${name} driver tests: ${reason}`);
    return null;
  }
}

/** A statement runner over one connection in the scratch schema/database, and its closer. */
export interface Scratch {
  exec: (q: { sql: string; params: unknown[] }) => Promise<Record<string, unknown>[]>;
  close: () => Promise<void>;
}

/** PostgreSQL, in the scratch schema (created if missing; two suites may race to create it). */
export function pgScratch(): Promise<Scratch | null> {
  return reach("PostgreSQL", async () => {
    const { default: pg } = await import("pg");
    const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
    try {
      await c.connect();
      await c.query(`CREATE SCHEMA IF NOT EXISTS ${SCRATCH}`).catch((err: { code?: string }) => {
        if (err.code !== "23505") throw err;
      });
      await c.query(`SET search_path TO ${SCRATCH}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    return { exec: async (q) => (await c.query({ text: q.sql, values: q.params })).rows, close: () => c.end() };
  });
}

/**
 * MySQL/MariaDB, in the scratch database. Statements with values run as server-side prepared
 * statements (`execute`), so a `?` inside a quoted identifier is never taken for a placeholder;
 * DATETIME comes back as text (dateStrings), read as UTC.
 */
export function mysqlScratch(): Promise<Scratch | null> {
  return reach("MySQL", async () => {
    const { default: mysql } = await import("mysql2/promise");
    const c = await mysql.createConnection({
      uri: MYSQL_URL,
      dateStrings: true,
      supportBigNumbers: true,
      connectTimeout: 3000,
    });
    try {
      await c.query(`CREATE DATABASE IF NOT EXISTS ${SCRATCH} CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`);
      await c.query(`USE ${SCRATCH}`);
      // As the mysql adapter does (db/external/mysql.ts): list values are built with GROUP_CONCAT.
      await c.query("SET SESSION group_concat_max_len = 16777216");
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    const exec: Scratch["exec"] = async (q) => {
      const [rows] = q.params.length ? await c.execute(q.sql, q.params as never[]) : await c.query(q.sql);
      return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
    };
    return { exec, close: () => c.end() };
  });
}
