import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import type { Stored } from "../fields/types";
import type { metaSchema } from "./schema";
import type { Reader } from "../access/reader";

export type MetaDb = BaseSQLiteDatabase<"sync", unknown, typeof metaSchema>;

export type SqlRow = Record<string, Stored>;

/**
 * What the schema engine and the row engine need from a project's SQLite: typed meta queries,
 * raw statements for user tables (values always bound, never in the text), and transactions.
 * The project Durable Object provides it over `ctx.storage`.
 */
export interface ProjectStore {
  meta: MetaDb;
  exec(sql: string, ...params: Stored[]): SqlRow[];
  /** All or nothing; a call inside another joins it (joinedTransactions). */
  transaction<T>(fn: () => T): T;
  /** Memo of derived schema (table refs); whoever changes the schema clears it. */
  schemaCache: Map<string, unknown>;
  /**
   * Who the current data call reads for (db/access): set by the project room around each gated
   * call, null or absent for full access. Table refs narrow themselves to it.
   */
  reader?: Reader | null;
  /** The project's id (the room's name): its own uploads are named `download/noco/<projectId>/...`. */
  projectId?: string;
  /**
   * Runs `fn` a moment after the current request (the room: LATER_MS), once: work a read wants
   * done but need not wait for. One job per `slot`: a new job replaces a pending other one (a sort
   * changed again before its index was built), the same job keeps its time. Absent: do it now.
   */
  later?(slot: string, job: string, fn: () => void): void;
}

/**
 * A store's `transaction` over the storage's own (`ctx.storage.transactionSync`): only the outermost
 * call opens one; a call inside it runs in it. A single-row update nests three (the room's write,
 * the row API, the row writer), and each nested one was a SAVEPOINT and a RELEASE run by SQLite
 * (issue 14). A nested call can no longer undo only its own part, so its failure fails the whole:
 * should a caller catch it and carry on, the outermost throws that error at its end and nothing is
 * written (no caller does today: every catch around a write rethrows, or sits outside the
 * outermost transaction, as the room's guard does).
 */
export function joinedTransactions(run: <T>(fn: () => T) => T): <T>(fn: () => T) => T {
  let open = false;
  let failed: { error: unknown } | null = null;
  return <T>(fn: () => T): T => {
    if (open) {
      try {
        return fn();
      } catch (error) {
        failed ??= { error };
        throw error;
      }
    }
    open = true;
    failed = null;
    try {
      return run(() => {
        const result = fn();
        if (failed) throw failed.error;
        return result;
      });
    } finally {
      open = false;
      failed = null;
    }
  };
}
