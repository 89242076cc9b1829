/**
 * Neon through `@neondatabase/serverless`: PostgreSQL over a WebSocket (no TCP needed), with the
 * same pg-compatible client, so everything else is the pg adapter. Chosen for hosts under
 * neon.tech, or with the extra parameter `driver=neon`.
 */
import { Client } from "@neondatabase/serverless";
import type { SourceConfig } from "./config";
import type { SourceDriver } from "./driver";
import { pgDriver, type PgLikeClient } from "./pg";

export async function openNeon(cfg: SourceConfig): Promise<SourceDriver> {
  const { driver: _driver, ...params } = cfg.params;
  void _driver;
  const client = new Client({
    ...params,
    host: cfg.host,
    port: cfg.port,
    user: cfg.user,
    password: cfg.password ?? "",
    database: cfg.database ?? cfg.user,
    ssl: cfg.ssl.mode !== "No",
  });
  return pgDriver(client as unknown as PgLikeClient, cfg.schema ?? "public");
}
