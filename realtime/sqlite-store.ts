import { drizzle } from "drizzle-orm/durable-sqlite";
import type { Stored } from "../db/fields/types";
import { migrate } from "../db/store/migrations";
import { metaSchema } from "../db/store/schema";
import { laterJobs } from "../db/store/later-jobs";
import { joinedTransactions, type MetaDb, type ProjectStore, type SqlRow } from "../db/store/store";

/** The project's SQLite (Durable Object storage) as the store db/ works on; migrates on first use. */
export function openProjectStore(storage: DurableObjectStorage, projectId?: () => string | undefined): ProjectStore {
  const sql = storage.sql;
  sql.exec("CREATE TABLE IF NOT EXISTS _nc_migrations (version INTEGER NOT NULL)");
  const applied = (sql.exec("SELECT max(version) AS v FROM _nc_migrations").one().v as number | null) ?? 0;
  storage.transactionSync(() => {
    const version = migrate(applied, (statement) => sql.exec(statement));
    if (version !== applied) sql.exec("INSERT INTO _nc_migrations (version) VALUES (?)", version);
  });
  return {
    meta: drizzle(storage, { schema: metaSchema }) as unknown as MetaDb,
    exec: (query: string, ...params: Stored[]) => sql.exec(query, ...params).toArray() as SqlRow[],
    transaction: joinedTransactions((fn) => storage.transactionSync(fn)),
    later: laterJobs(),
    schemaCache: new Map(),
    get projectId() {
      return projectId?.();
    },
  };
}
