import type { SourceConfig } from "./config";
import { SourceError, sourceError, type SourceDriver } from "./driver";

/**
 * Which library speaks to a source, picked from its config. Apart from driver.ts (the types and
 * helpers every driver imports), so that the drivers, imported here on first use, import nothing
 * that imports them.
 */

/** Neon (PostgreSQL over WebSocket): hosts under neon.tech, or the extra parameter driver=neon. */
export const usesNeon = (cfg: SourceConfig) =>
  cfg.client === "pg" && (cfg.params.driver === "neon" || /\.neon\.tech$/i.test(cfg.host ?? ""));

/** PlanetScale (MySQL over its HTTP API): hosts under psdb.cloud, or the extra parameter driver=planetscale. */
export const usesPlanetscale = (cfg: SourceConfig) =>
  (cfg.client === "mysql2" || cfg.client === "vitess") &&
  (cfg.params.driver === "planetscale" || /(^|\.)psdb\.cloud$/i.test(cfg.host ?? ""));

/** How to reach the source besides its config: a Hyperdrive binding's connection string (hyperdrive.ts). */
export interface Via {
  hyperdrive?: string;
}

export async function openDriver(cfg: SourceConfig, via: Via = {}): Promise<SourceDriver> {
  try {
    if (cfg.client === "pg") {
      if (via.hyperdrive) return await (await import("./pg")).openPg(cfg, via.hyperdrive);
      return usesNeon(cfg) ? await (await import("./neon")).openNeon(cfg) : await (await import("./pg")).openPg(cfg);
    }
    if (usesPlanetscale(cfg)) return await (await import("./planetscale")).openPlanetscale(cfg);
    if (cfg.client === "mysql2" || cfg.client === "vitess") return await (await import("./mysql")).openMysql(cfg);
    if (cfg.client === "sqlite3") return await (await import("./libsql")).openLibsql(cfg);
    if (cfg.client === "mssql") return await (await import("./mssql")).openMssql(cfg);
  } catch (err) {
    throw sourceError(err);
  }
  throw new SourceError(`${cfg.client} is not supported here`);
}
