/**
 * The "Connect a database" form's state and the request it becomes (SPEC 3, 4, 5, 9). Presets set
 * the engine and its defaults; a pasted URL fills the fields; extra parameters are checked as
 * typed (empty and repeated keys). Which engines can be reached is the server's to say.
 */
import { parseSourceConfig, SSL_MODES, type Client, type SslMode } from "../../../../db/external/config";

export interface Preset {
  id: string;
  label: string;
  client: Client;
  host: string;
  port: string;
  user: string;
  database: string;
}

/** SPEC 9 connection presets. */
export const PRESETS: readonly Preset[] = [
  { id: "pg", label: "PostgreSQL", client: "pg", host: "localhost", port: "5432", user: "postgres", database: "_test" },
  {
    id: "mysql",
    label: "MySQL / MariaDB",
    client: "mysql2",
    host: "localhost",
    port: "3306",
    user: "root",
    database: "",
  },
  { id: "vitess", label: "Vitess", client: "vitess", host: "localhost", port: "15306", user: "", database: "" },
  // PlanetScale: its hosts (psdb.cloud) go through @planetscale/database, over HTTPS (driver.ts).
  {
    id: "planetscale",
    label: "PlanetScale",
    client: "mysql2",
    host: "aws.connect.psdb.cloud",
    port: "443",
    user: "",
    database: "",
  },
  { id: "tidb", label: "TiDB", client: "mysql2", host: "localhost", port: "4000", user: "root", database: "" },
  {
    id: "yugabyte",
    label: "YugabyteDB",
    client: "pg",
    host: "localhost",
    port: "5432",
    user: "postgres",
    database: "",
  },
  { id: "citus", label: "CitusDB", client: "pg", host: "localhost", port: "5432", user: "postgres", database: "" },
  {
    id: "cockroach",
    label: "CockroachDB",
    client: "pg",
    host: "localhost",
    port: "5432",
    user: "postgres",
    database: "",
  },
  {
    id: "greenplum",
    label: "Greenplum",
    client: "pg",
    host: "localhost",
    port: "5432",
    user: "postgres",
    database: "",
  },
  { id: "sqlite", label: "SQLite / libSQL", client: "sqlite3", host: "", port: "", user: "", database: "" },
  { id: "mssql", label: "MSSQL", client: "mssql", host: "localhost", port: "1433", user: "sa", database: "" },
];

export { SSL_MODES, type SslMode };

export interface Param {
  key: string;
  value: string;
}

export interface ConnectionState {
  preset: string;
  client: Client;
  host: string;
  port: string;
  user: string;
  password: string;
  database: string;
  searchPath: string;
  url: string;
  authToken: string;
  ssl: SslMode;
  ca: string;
  cert: string;
  key: string;
  params: Param[];
}

export function fromPreset(id: string, prev?: ConnectionState): ConnectionState {
  const p = PRESETS.find((x) => x.id === id) ?? PRESETS[0]!;
  return {
    preset: p.id,
    client: p.client,
    host: p.host,
    port: p.port,
    user: p.user,
    password: "",
    database: p.database,
    // SQL Server: empty reads the login's default schema (db/external/mssql.ts).
    searchPath: p.client === "pg" ? "public" : "",
    url: "",
    authToken: "",
    ssl: prev?.ssl ?? "No",
    ca: "",
    cert: "",
    key: "",
    params: prev?.params ?? [],
  };
}

/** The locale key of the first problem with the extra parameters, or null. */
export function paramsProblem(
  params: readonly Param[],
): "msg.error.parameterKeyCannotBeEmpty" | "msg.error.duplicateParameterKeysAreNotAllowed" | null {
  if (params.some((p) => p.key.trim() === "")) return "msg.error.parameterKeyCannotBeEmpty";
  const keys = params.map((p) => p.key.trim());
  if (new Set(keys).size !== keys.length) return "msg.error.duplicateParameterKeysAreNotAllowed";
  return null;
}

/** A pasted URL into the fields; null when it is not a connection URL. */
export function fromUrl(text: string, prev: ConnectionState): ConnectionState | null {
  try {
    const cfg = parseSourceConfig(text, true);
    const preset = PRESETS.find((p) => p.client === cfg.client)!;
    if (cfg.client === "sqlite3")
      return { ...fromPreset(preset.id, prev), url: cfg.url ?? "", authToken: cfg.authToken ?? "" };
    return {
      ...fromPreset(preset.id, prev),
      host: cfg.host ?? "",
      port: cfg.port ? String(cfg.port) : "",
      user: cfg.user ?? "",
      password: cfg.password ?? "",
      database: cfg.database ?? "",
      searchPath: cfg.schema ?? (cfg.client === "pg" ? "public" : ""),
      ssl: cfg.ssl.mode,
      params: Object.entries(cfg.params).map(([key, value]) => ({ key, value })),
    };
  } catch {
    return null;
  }
}

/** Clients whose tables are read from a named schema (MySQL's is the database, SQLite has none). */
export const hasSchema = (client: Client) => client === "pg" || client === "mssql";

/** The API's base config: `{client, connection, searchPath}`. */
export function toConfig(s: ConnectionState) {
  if (s.client === "sqlite3")
    return { client: s.client, connection: { url: s.url.trim(), ...(s.authToken ? { authToken: s.authToken } : {}) } };
  const ssl =
    s.ssl === "No"
      ? undefined
      : {
          mode: s.ssl,
          ...(s.ca ? { ca: s.ca } : {}),
          ...(s.cert ? { cert: s.cert } : {}),
          ...(s.key ? { key: s.key } : {}),
        };
  return {
    client: s.client,
    connection: {
      host: s.host.trim(),
      port: s.port ? Number(s.port) : undefined,
      user: s.user,
      password: s.password,
      database: s.database,
      ...(ssl ? { ssl } : {}),
      params: s.params.map((p) => ({ key: p.key.trim(), value: p.value })),
    },
    ...(hasSchema(s.client) && s.searchPath.trim() ? { searchPath: [s.searchPath.trim()] } : {}),
  };
}
