/**
 * Driver adapters (DESIGN.md): one shape over pg (Neon), mysql2 (PlanetScale's HTTP API), libSQL and tedious (SQL Server) so the rest of the core never
 * knows which library speaks to the source. Drivers are imported on first use (dynamic import):
 * the Worker bundle carries them, but nothing loads them until an external project is opened.
 * A database's refusal (wrong password, unknown database, constraint) is a SourceError: the API
 * answers 400 with the database's own message.
 */
import type { Dialect } from "../fields/types";

export type Row = Record<string, unknown>;

export interface Queryable {
  query(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** A write: rows it returned (RETURNING) and how many rows it changed. */
  execute(sql: string, params?: readonly unknown[]): Promise<{ rows: Row[]; affected: number; insertId?: number }>;
}

export interface SourceDriver extends Queryable {
  readonly dialect: Dialect;
  /**
   * The schema statements must name the source's tables in (`[schema].[table]`, db/query/sql.ts
   * tableIdent): set by SQL Server when the connection names a schema other than the login's
   * default, since T-SQL has no per-session default schema. Absent on every other source
   * (PostgreSQL sets search_path, MySQL's schema is the database): names stay bare.
   */
  readonly dbSchema?: string;
  /** The tables, views, columns, keys and foreign keys the connection sees. */
  introspect(): Promise<SourceSchema>;
  /** The database's row estimate (statistics), null when it has none. */
  estimate(table: string): Promise<number | null>;
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** A one-line answer from the server (its version), for "Test connection". */
  version(): Promise<string>;
  close(): Promise<void>;
}

/** What a statement on the source is written for: its dialect, and the schema its tables are named in. */
export type SqlTarget = Pick<SourceDriver, "dialect" | "dbSchema">;

export interface SourceColumn {
  name: string;
  /** The data type as the database names it (lower case, without length), e.g. varchar, int4, enum. */
  dt: string;
  /** The full type text, e.g. varchar(40), enum('a','b'), tinyint(1). */
  type: string;
  nullable: boolean;
  default: string | null;
  ai: boolean;
  /** Position in the primary key, 1-based; 0 when not part of it. */
  pk: number;
  enumValues?: string[];
  maxLength?: number | null;
}

export interface SourceForeignKey {
  name: string;
  column: string;
  refTable: string;
  refColumn: string;
}

export interface SourceTable {
  name: string;
  view: boolean;
  columns: SourceColumn[];
  foreignKeys: SourceForeignKey[];
}

export interface SourceSchema {
  tables: SourceTable[];
}

/** A refusal by the source database; its message is the database's own. */
export class SourceError extends Error {
  readonly status = 400;
  constructor(
    message: string,
    readonly code?: string,
    /** The server's error number (MySQL's errno, SQL Server's number), when the driver gives one. */
    readonly number?: number,
  ) {
    super(message);
    this.name = "SourceError";
  }
}

/** Any driver failure as a SourceError with the database's message (and its code when it has one). */
export function sourceError(err: unknown): SourceError {
  if (err instanceof SourceError) return err;
  const e = err as {
    message?: string;
    code?: string;
    errno?: number;
    number?: number;
    constraint?: string;
    detail?: string;
  };
  let msg = e?.message || String(err);
  if (e?.detail) msg += ` (${e.detail})`;
  if (e?.constraint && !msg.includes(e.constraint)) msg += ` [constraint ${e.constraint}]`;
  if (/AggregateError/.test(msg) || !msg.trim()) msg = "The database server could not be reached";
  const number = typeof e?.errno === "number" ? e.errno : typeof e?.number === "number" ? e.number : undefined;
  return new SourceError(msg, e?.code ?? (e?.errno ? String(e.errno) : undefined), number);
}

/** Rejects with `message` once `ms` pass (the SPEC 9 metadata time-out). */
export function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SourceError(message, "TIMEOUT")), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

export const METADATA_TIMEOUT_MS = 10_000;

/**
 * Runs fn on one connection between `begin` and COMMIT (pg and mysql differ only in that word);
 * any failure rolls back and is rethrown, so bulk writes are all or nothing.
 */
export async function inTransaction<T>(
  run: (sql: string) => Promise<unknown>,
  begin: string,
  q: Queryable,
  fn: (q: Queryable) => Promise<T>,
): Promise<T> {
  await run(begin);
  try {
    const out = await fn(q);
    await run("COMMIT");
    return out;
  } catch (err) {
    await run("ROLLBACK").catch(() => undefined);
    throw err;
  }
}
