import type { Context } from "hono";
import { z } from "zod";
import { parseSourceConfig, type SourceConfig } from "../../../db/external/config";
import { connectSource } from "../../../db/external/connect";
import { assertSourceReachable } from "../../../db/external/host-rule";
import { addressRule } from "../../../db/net/public-address";
import { connectionSecret, encryptJson } from "../../../db/external/secrets";
import { badRequest } from "../../lib/http-error";
import type { ProjectRow } from "../../lib/projects";
import { projectRoom, unwrap } from "../../lib/room";
import type { AppEnv } from "../../types";

/**
 * External databases (issue 20, contract 4.1): a project whose one base is the builder's own
 * PostgreSQL, MySQL/MariaDB/TiDB/Vitess or libSQL database. The connection is checked here (host
 * rule, then a real connection), encrypted with CONNECTION_KEY and handed to the project's object,
 * which reads the schema; D1 keeps only what the API may show about the base (no password, no
 * certificates, no token).
 */
export const baseInput = z.object({
  type: z.string().optional(),
  alias: z.string().max(100).nullish(),
  config: z.unknown(),
  inflection_column: z.enum(["camelize", "none"]).optional(),
  inflection_table: z.enum(["camelize", "none"]).optional(),
});
export type BaseInput = z.infer<typeof baseInput>;

/** What D1 keeps and the API may show about an external base. */
export interface SourceSummary {
  id: string;
  type: string;
  alias: string | null;
  inflection_column: string;
  inflection_table: string;
  /** Connection details for owners and creators: never the password, token or certificates. */
  connection: {
    host?: string;
    port?: number;
    user?: string;
    database?: string;
    url?: string;
    ssl: string;
    hyperdrive?: string;
  };
  searchPath?: string[];
  created_at: string;
}

const isLocal = (c: Context<AppEnv>) => c.env.MODE === "local";

export function checkConfig(c: Context<AppEnv>, raw: unknown, type?: string): SourceConfig {
  return parseSourceConfig(raw, isLocal(c), type);
}

/** A checked config about to be connected to: its host resolved under the address rule too. */
export async function connectableConfig(c: Context<AppEnv>, raw: unknown, type?: string): Promise<SourceConfig> {
  const cfg = checkConfig(c, raw, type);
  await assertSourceReachable(cfg, addressRule(c.env));
  return cfg;
}

/** Opens the database once and asks its version: the database's own answer either way. */
export async function testConnection(cfg: SourceConfig, env: AppEnv["Bindings"]): Promise<string> {
  const driver = await connectSource(cfg, env);
  try {
    return await driver.version();
  } finally {
    await driver.close();
  }
}

function summary(id: string, cfg: SourceConfig, input: BaseInput, ts: string): SourceSummary {
  const url = cfg.url ? new URL(cfg.url) : null;
  if (url) url.password = "";
  return {
    id,
    type: cfg.client,
    alias: input.alias ?? null,
    inflection_column: input.inflection_column ?? "camelize",
    inflection_table: input.inflection_table ?? "camelize",
    connection: {
      host: cfg.host,
      port: cfg.port,
      user: cfg.user,
      database: cfg.database,
      url: url?.toString(),
      ssl: cfg.ssl.mode,
      ...(cfg.hyperdrive ? { hyperdrive: cfg.hyperdrive } : {}),
    },
    ...(cfg.schema ? { searchPath: [cfg.schema] } : {}),
    created_at: ts,
  };
}

/** Connects the project's object to the database; answers the base summary. */
export async function attachExternal(c: Context<AppEnv>, projectId: string, input: BaseInput, ts: string) {
  const cfg = await connectableConfig(c, input.config, input.type);
  const baseId = `ds_${projectId.slice(2)}`;
  const encrypted = await encryptJson(connectionSecret(c.env), cfg);
  await unwrap(
    projectRoom(c.env, projectId).external({
      op: "attachSource",
      projectId,
      input: {
        id: baseId,
        client: cfg.client,
        config: encrypted,
        inflection_table: input.inflection_table ?? "camelize",
        inflection_column: input.inflection_column ?? "camelize",
      },
    }),
  );
  return { source: summary(baseId, cfg, input, ts) };
}

/**
 * A base's new alias or connection (issue 42): the project's object opens the new connection and
 * keeps it only when the database answers; D1 then keeps what the API may show of it.
 */
export async function reconnectExternal(c: Context<AppEnv>, input: { alias?: string | null; config?: unknown }) {
  const project = c.get("project");
  const source = sourceOf(project);
  if (!source) throw badRequest("This project's base is its own: it has no connection to change");
  const cfg =
    input.config === undefined
      ? null
      : await unwrap(projectRoom(c.env, project.id).external({ op: "reconnectSource", config: input.config }));
  const ts = new Date().toISOString();
  const alias = input.alias !== undefined ? input.alias : source.alias;
  const next: SourceSummary = cfg
    ? {
        ...summary(source.id, cfg, { alias, config: null }, source.created_at),
        inflection_column: source.inflection_column,
        inflection_table: source.inflection_table,
      }
    : { ...source, alias };
  await c.env.META.prepare("UPDATE projects SET source = ?, updated_at = ? WHERE id = ?")
    .bind(JSON.stringify(next), ts, project.id)
    .run();
  return externalBase({ ...project, source: JSON.stringify(next), updated_at: ts }, next, true);
}

export function sourceOf(project: ProjectRow): SourceSummary | null {
  return project.source ? (JSON.parse(project.source) as SourceSummary) : null;
}

/** The base of an external project as contract 1.10 shows it; `config` only for builders. */
export function externalBase(project: ProjectRow, source: SourceSummary, builder: boolean) {
  return {
    id: source.id,
    project_id: project.id,
    alias: source.alias,
    meta: null,
    is_meta: false,
    type: source.type,
    inflection_column: source.inflection_column,
    inflection_table: source.inflection_table,
    enabled: true,
    order: 1,
    ...(builder
      ? {
          config: {
            client: source.type,
            connection: source.connection,
            ...(source.searchPath ? { searchPath: source.searchPath } : {}),
          },
        }
      : {}),
    created_at: source.created_at,
    updated_at: project.updated_at,
  };
}

export function requireOneBase(bases: unknown): BaseInput {
  if (!Array.isArray(bases) || bases.length !== 1)
    throw badRequest("An external project needs exactly one base: bases: [{type, config: {client, connection}}]");
  const parsed = baseInput.safeParse(bases[0]);
  if (!parsed.success) throw badRequest(`bases[0]: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  return parsed.data;
}
