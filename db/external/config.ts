/**
 * A connection as the API receives it (NocoDB's `config: {client, connection, searchPath}`, or a
 * pasted URL) to one checked shape. Rules:
 * - client is one of pg, mysql2, vitess, sqlite3 (libSQL / Turso / sqld URL), mssql (SQL Server
 *   through tedious: not verified against a real server, README);
 * - connection may be a URL text (postgres://, postgresql://, mysql://, mariadb://, libsql://,
 *   http(s)://, ws(s)://) or an object {host, port, user, password, database, ssl, ...extra};
 * - extra parameters (SPEC 5): keys may not be empty (parameterKeyCannotBeEmpty) nor repeat
 *   (duplicateParameterKeysAreNotAllowed); values are text;
 * - SSL modes (SPEC 4): No, Allowed, Preferred, Required, Required-CA, Required-Identity, with
 *   ca/cert/key text for the last two;
 * - the host rule (host-rule.ts) applies to the host and to a libSQL URL's host.
 */
import { bad } from "../errors";
import { assertHostAllowed } from "./host-rule";

export const CLIENTS = ["pg", "mysql2", "vitess", "sqlite3", "mssql"] as const;
export type Client = (typeof CLIENTS)[number];
export const SSL_MODES = ["No", "Allowed", "Preferred", "Required", "Required-CA", "Required-Identity"] as const;
export type SslMode = (typeof SSL_MODES)[number];

export interface SourceConfig {
  client: Client;
  host?: string;
  port?: number;
  user?: string;
  password?: string;
  database?: string;
  /**
   * The schema the tables are read from: PostgreSQL's (default public, SPEC 9; its search_path) and
   * SQL Server's (default: the login's default schema; db/external/mssql.ts). MySQL's is the database.
   */
  schema?: string;
  /** libSQL: the server URL (http(s)/ws(s)/libsql) and its token. */
  url?: string;
  authToken?: string;
  ssl: { mode: SslMode; ca?: string; cert?: string; key?: string };
  params: Record<string, string>;
  /** PostgreSQL through Cloudflare Hyperdrive: the Worker binding's name (hyperdrive.ts). */
  hyperdrive?: string;
}

const DEFAULT_PORT: Partial<Record<Client, number>> = { pg: 5432, mysql2: 3306, vitess: 15306, mssql: 1433 };
const KNOWN = new Set([
  "host",
  "port",
  "user",
  "username",
  "password",
  "database",
  "db",
  "ssl",
  "filename",
  "url",
  "authToken",
  "searchPath",
  "schema",
  "params",
  "hyperdrive",
]);

const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined);

function clientOfUrl(protocol: string): Client {
  if (protocol === "postgres:" || protocol === "postgresql:") return "pg";
  if (protocol === "mysql:" || protocol === "mariadb:" || protocol === "mysql2:") return "mysql2";
  if (["libsql:", "http:", "https:", "ws:", "wss:", "sqlite:"].includes(protocol)) return "sqlite3";
  if (protocol === "mssql:" || protocol === "sqlserver:") return "mssql";
  throw bad(`Unknown connection URL scheme ${protocol.replace(":", "")}`);
}

function sslOf(raw: unknown, fromUrl?: string | null): SourceConfig["ssl"] {
  if (fromUrl) {
    const map: Record<string, SslMode> = {
      disable: "No",
      allow: "Allowed",
      prefer: "Preferred",
      require: "Required",
      "verify-ca": "Required-CA",
      "verify-full": "Required-Identity",
    };
    return { mode: map[fromUrl] ?? "Required" };
  }
  if (raw === undefined || raw === null || raw === false || raw === "") return { mode: "No" };
  if (raw === true) return { mode: "Required" };
  if (typeof raw === "string") {
    if (!(SSL_MODES as readonly string[]).includes(raw)) throw bad(`SSL mode must be one of ${SSL_MODES.join(", ")}`);
    return { mode: raw as SslMode };
  }
  if (typeof raw === "object") {
    const o = raw as Record<string, unknown>;
    const mode = str(o.mode) ?? (o.ca || o.cert ? "Required-CA" : "Required");
    if (!(SSL_MODES as readonly string[]).includes(mode)) throw bad(`SSL mode must be one of ${SSL_MODES.join(", ")}`);
    return { mode: mode as SslMode, ca: str(o.ca), cert: str(o.cert), key: str(o.key) };
  }
  throw bad("ssl must be a mode name or an object");
}

/** Extra parameters: an object or a list of {key, value}; SPEC 5 messages for empty and repeated keys. */
export function checkParams(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  const list = Array.isArray(raw)
    ? raw.map((p) => ({
        key: str((p as { key?: unknown }).key) ?? "",
        value: str((p as { value?: unknown }).value) ?? "",
      }))
    : Object.entries(raw as Record<string, unknown>).map(([key, value]) => ({ key, value: str(value) ?? "" }));
  const out: Record<string, string> = {};
  for (const { key, value } of list) {
    if (!key.trim()) throw bad("parameterKeyCannotBeEmpty: a parameter key cannot be empty");
    if (Object.hasOwn(out, key)) throw bad(`duplicateParameterKeysAreNotAllowed: the parameter ${key} is given twice`);
    out[key] = value;
  }
  return out;
}

function fromUrl(text: string, clientHint?: Client): Partial<SourceConfig> & { client: Client } {
  let u: URL;
  try {
    u = new URL(text.trim());
  } catch {
    throw bad("The connection URL is not a valid URL");
  }
  const client =
    clientHint && clientHint !== "sqlite3" && clientOfUrl(u.protocol) !== "sqlite3"
      ? clientHint
      : clientOfUrl(u.protocol);
  if (client === "sqlite3") {
    const authToken = u.searchParams.get("authToken") ?? undefined;
    u.searchParams.delete("authToken");
    return { client, url: u.toString().replace(/^sqlite:/, "http:"), authToken, host: u.hostname };
  }
  const params: Record<string, string> = {};
  u.searchParams.forEach((v, k) => {
    if (k !== "sslmode" && k !== "schema" && k !== "search_path") params[k] = v;
  });
  return {
    client,
    host: decodeURIComponent(u.hostname).replace(/^\[|\]$/g, ""),
    port: u.port ? Number(u.port) : undefined,
    user: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: u.pathname.length > 1 ? decodeURIComponent(u.pathname.slice(1)) : undefined,
    schema: u.searchParams.get("schema") ?? u.searchParams.get("search_path") ?? undefined,
    ssl: sslOf(undefined, u.searchParams.get("sslmode") ?? (u.searchParams.get("ssl") === "true" ? "require" : null)),
    params,
  };
}

/** `hyperdrive: true` (the binding HYPERDRIVE) or a binding name; PostgreSQL only. */
function hyperdriveOf(client: Client, raw: unknown): { hyperdrive?: string } {
  if (raw === undefined || raw === null || raw === false || raw === "") return {};
  const name = raw === true ? "HYPERDRIVE" : str(raw);
  if (!name || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
    throw bad("hyperdrive must be true or the name of a Hyperdrive binding (letters, digits and _)");
  if (client !== "pg") throw bad("hyperdrive: only PostgreSQL connections can go through Hyperdrive");
  return { hyperdrive: name };
}

/** `{client, connection, searchPath}` or a URL text to a checked SourceConfig. `local`: MODE=local. */
export function parseSourceConfig(raw: unknown, local: boolean, typeHint?: string): SourceConfig {
  const input = (typeof raw === "string" ? { connection: raw } : (raw ?? {})) as Record<string, unknown>;
  if (typeof input !== "object" || Array.isArray(input)) throw bad("config must be an object");
  const hint = str(input.client) ?? typeHint;
  if (hint !== undefined && !(CLIENTS as readonly string[]).includes(hint))
    throw bad(`client must be one of ${CLIENTS.join(", ")}`);
  const conn = input.connection;
  let cfg: SourceConfig;
  if (typeof conn === "string") {
    const u = fromUrl(conn, hint as Client | undefined);
    cfg = { ssl: { mode: "No" }, params: {}, ...u, ...(u.params ? {} : {}) } as SourceConfig;
  } else {
    if (!hint) throw bad("client is required (pg, mysql2, vitess, sqlite3 or mssql)");
    const o = (conn ?? {}) as Record<string, unknown>;
    if (typeof o !== "object" || Array.isArray(o)) throw bad("connection must be an object or a URL");
    const client = hint as Client;
    if (client === "sqlite3") {
      const url = str(o.url) ?? str(o.filename) ?? "";
      if (!/^(libsql|https?|wss?):\/\//i.test(url)) {
        throw bad(
          "SQLite: give a libSQL URL (libsql://, https://, http:// or ws://, e.g. Turso or sqld); a file on disk cannot be reached from the edge",
        );
      }
      cfg = {
        ...fromUrl(url),
        client,
        authToken: str(o.authToken) ?? str(o.token),
        ssl: { mode: "No" },
        params: {},
      } as SourceConfig;
    } else {
      const extra = Object.fromEntries(Object.entries(o).filter(([k]) => !KNOWN.has(k)));
      const port = o.port === undefined || o.port === "" ? DEFAULT_PORT[client] : Number(o.port);
      if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535))
        throw bad("port must be a whole number from 1 to 65535");
      cfg = {
        client,
        host: str(o.host)?.trim(),
        port,
        user: str(o.user) ?? str(o.username),
        password: str(o.password),
        database: str(o.database) ?? str(o.db),
        ssl: sslOf(o.ssl),
        params: { ...checkParams(extra), ...checkParams(o.params) },
        ...hyperdriveOf(client, o.hyperdrive),
      };
    }
  }
  if (input.params !== undefined) cfg.params = { ...cfg.params, ...checkParams(input.params) };
  const searchPath = input.searchPath;
  const firstPath = Array.isArray(searchPath) ? str(searchPath[0]) : str(searchPath);
  if (firstPath) cfg.schema = firstPath;
  if (cfg.client === "pg") cfg.schema ??= "public";
  cfg.port ??= DEFAULT_PORT[cfg.client];
  if (cfg.client !== "sqlite3") {
    if (!cfg.host) throw bad("host is required");
    if (!cfg.user) throw bad("user is required");
    if (!cfg.database && cfg.client !== "pg") throw bad("database is required");
  }
  assertHostAllowed(cfg.host, local);
  return cfg;
}
