/**
 * A project's store (db/store ProjectStore) in Node, for unit tests that drive the row and schema
 * engines without a Worker: what realtime/sqlite-store.ts opens in the Durable Object (the same
 * migrations, drizzle's durable-sqlite driver) over an in-memory SQLite from `libsql` (the native,
 * synchronous binding @libsql/client brings along) standing in for `ctx.storage`.
 */
import { drizzle } from "drizzle-orm/durable-sqlite";
import Database from "libsql";
import type { Stored } from "../../db/fields/types";
import { migrate } from "../../db/store/migrations";
import { metaSchema } from "../../db/store/schema";
import { joinedTransactions, type MetaDb, type ProjectStore, type SqlRow } from "../../db/store/store";

type Value = string | number | bigint | null | ArrayBuffer | Uint8Array;

/** What `storage.sql.exec` answers: rows as objects, as arrays (`raw`), one by one, or the first. */
function cursor(rows: Record<string, unknown>[], raw: unknown[][]) {
  let at = 0;
  return {
    toArray: () => rows,
    one: () => {
      if (rows.length !== 1) throw new Error(`Expected exactly one result, got ${rows.length}`);
      return rows[0]!;
    },
    raw: () => ({ toArray: () => raw }),
    next: () => (at < rows.length ? { done: false, value: rows[at++] } : { done: true, value: undefined }),
    [Symbol.iterator]() {
      return rows[Symbol.iterator]();
    },
  };
}

/** The part of DurableObjectStorage the store uses: `sql.exec` and `transactionSync`. */
function memoryStorage() {
  const db = new Database(":memory:");
  const exec = (query: string, ...params: Value[]) => {
    let stmt;
    try {
      stmt = db.prepare(query);
    } catch (err) {
      // Several statements in one text (a migration step): run as a script.
      if (params.length) throw err;
      db.exec(query);
      return cursor([], []);
    }
    if (!stmt.reader) {
      stmt.run(...params);
      return cursor([], []);
    }
    const rows = stmt.all(...params) as Record<string, unknown>[];
    const raw = db
      .prepare(query)
      .raw(true)
      .all(...params) as unknown[][];
    return cursor(rows, raw);
  };
  return {
    sql: { exec },
    transactionSync: <T>(fn: () => T): T => db.transaction(fn)(),
  };
}

/** A new, migrated, empty project store (as realtime/sqlite-store.ts openProjectStore). */
export function nodeProjectStore(): ProjectStore {
  const storage = memoryStorage();
  storage.transactionSync(() => migrate(0, (statement) => storage.sql.exec(statement)));
  return {
    meta: drizzle(storage as unknown as Parameters<typeof drizzle>[0], { schema: metaSchema }) as unknown as MetaDb,
    exec: (query: string, ...params: Stored[]) => storage.sql.exec(query, ...(params as Value[])).toArray() as SqlRow[],
    transaction: joinedTransactions((fn) => storage.transactionSync(fn)),
    schemaCache: new Map(),
  };
}
