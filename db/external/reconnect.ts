/**
 * A new connection for a project's database (issue 42: a rotated password must not cost the
 * project). Rules:
 * - the engine stays: a different `client` is refused (the tables were read in its dialect);
 * - a URL text replaces the connection whole;
 * - an object changes only the keys it gives; the others keep their stored values, so a builder
 *   who only types a new password keeps host, port, database, SSL and extra parameters;
 * - stored secrets (password, libSQL token, client key) follow only to the same endpoint (host,
 *   port, user, URL): moving the connection elsewhere without giving them sends none of them there;
 * - the result is checked as a new connection is (config.ts, the host rule included).
 */
import { bad } from "../errors";
import { parseSourceConfig, type SourceConfig } from "./config";

type Raw = Record<string, unknown>;

/** The stored config as the connection object parseSourceConfig reads. */
function asConnection(cfg: SourceConfig): Raw {
  if (cfg.client === "sqlite3") return { url: cfg.url, authToken: cfg.authToken };
  return {
    host: cfg.host,
    port: cfg.port,
    user: cfg.user,
    password: cfg.password,
    database: cfg.database,
    ssl: cfg.ssl,
    params: cfg.params,
    ...(cfg.hyperdrive ? { hyperdrive: cfg.hyperdrive } : {}),
  };
}

const endpoint = (c: Raw) => JSON.stringify([c.host, c.port === undefined ? undefined : String(c.port), c.user, c.url]);

export function updatedConfig(stored: SourceConfig, raw: unknown, local: boolean): SourceConfig {
  const input = (typeof raw === "string" ? { connection: raw } : raw) as Raw | null;
  if (!input || typeof input !== "object" || Array.isArray(input)) throw bad("config must be an object");
  if (input.client !== undefined && input.client !== stored.client)
    throw bad(
      `A base's database engine cannot change (${stored.client} to ${String(input.client)}): create a new project for another engine`,
    );
  const searchPath = input.searchPath ?? (stored.schema ? [stored.schema] : undefined);
  if (typeof input.connection === "string")
    return parseSourceConfig({ client: stored.client, connection: input.connection, searchPath }, local);
  const given = (input.connection ?? {}) as Raw;
  if (typeof given !== "object" || Array.isArray(given)) throw bad("connection must be an object or a URL");
  const before = asConnection(stored);
  const defined = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  const merged: Raw = { ...before, ...defined };
  if (endpoint(merged) !== endpoint(before)) {
    // Moved elsewhere: only the secrets typed now go there.
    merged.password = defined.password;
    merged.authToken = defined.authToken;
    if (defined.ssl === undefined && stored.ssl.key) merged.ssl = { ...stored.ssl, key: undefined };
  }
  return parseSourceConfig({ client: stored.client, connection: merged, searchPath }, local);
}
