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
  transaction<T>(fn: () => T): T;
  /** Memo of derived schema (table refs); whoever changes the schema clears it. */
  schemaCache: Map<string, unknown>;
  /**
   * Who the current data call reads for (db/access): set by the project room around each gated
   * call, null or absent for full access. Table refs narrow themselves to it.
   */
  reader?: Reader | null;
}
