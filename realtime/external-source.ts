import { DbError } from "../db/errors";
import { QueryError } from "../db/query";
import { parseSourceConfig, type SourceConfig } from "../db/external/config";
import { METADATA_TIMEOUT_MS, SourceError, withTimeout, type SourceDriver } from "../db/external/driver";
import { connectSource } from "../db/external/connect";
import { assertSourceReachable } from "../db/external/host-rule";
import { addressRule } from "../db/net/public-address";
import { connectionSecret, decryptJson } from "../db/external/secrets";
import { syncSchema, type DetectedChange } from "../db/external/schema-sync";
import type { ProjectStore } from "../db/store/store";
import type { Env } from "./env";
import type { RoomResult } from "./room-result";
import type { SourceRow } from "../db/external/source-requests";

export type { SourceRow };

/**
 * The external database of a project, held by its Durable Object: the encrypted connection in
 * the object's SQLite (`_nc_source`), one open driver per object (statements queue on it), the
 * schema sync with the SPEC 9 ten-second metadata time-out. Credentials are decrypted only here,
 * with the Worker secret CONNECTION_KEY, and never leave the object.
 */
export function sourceRow(store: ProjectStore): SourceRow | null {
  store.exec(
    "CREATE TABLE IF NOT EXISTS _nc_source (id TEXT PRIMARY KEY, client TEXT NOT NULL, config TEXT NOT NULL, inflection_table TEXT NOT NULL, inflection_column TEXT NOT NULL, created_at TEXT NOT NULL)",
  );
  return (store.exec("SELECT * FROM _nc_source LIMIT 1")[0] as unknown as SourceRow | undefined) ?? null;
}

export async function sourceConfig(env: Env, encrypted: string): Promise<SourceConfig> {
  const raw = await decryptJson<SourceConfig>(connectionSecret(env), encrypted);
  // Checked again: a key rotation, a changed host rule or a name now resolving elsewhere applies
  // to stored connections too.
  const cfg = parseSourceConfig(
    { client: raw.client, connection: raw, ...(raw.schema ? { searchPath: [raw.schema] } : {}) },
    env.MODE === "local",
  );
  await assertSourceReachable(cfg, addressRule(env));
  return cfg;
}

export async function openSource(env: Env, encrypted: string): Promise<SourceDriver> {
  const cfg = await sourceConfig(env, encrypted);
  return connectSource(cfg, env);
}

export async function introspectInto(
  store: ProjectStore,
  driver: SourceDriver,
  row: Pick<SourceRow, "inflection_table" | "inflection_column">,
  apply: boolean,
): Promise<DetectedChange[]> {
  const schema = await withTimeout(
    driver.introspect(),
    METADATA_TIMEOUT_MS,
    "Loading the database's tables took more than 10 seconds",
  );
  return syncSchema(
    store,
    schema,
    driver.dialect,
    { table: row.inflection_table, column: row.inflection_column },
    apply,
  );
}

/** Awaits fn; refusals (bad input, a database's message) become a RoomResult, others throw. */
export async function guardAsync<T>(fn: () => Promise<T>): Promise<RoomResult<T>> {
  try {
    return { ok: true, data: await fn() };
  } catch (err) {
    if (err instanceof DbError || err instanceof QueryError || err instanceof SourceError)
      return { ok: false, status: err.status, msg: err.message };
    throw err;
  }
}
