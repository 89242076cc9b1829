/**
 * Cloudflare Hyperdrive for PostgreSQL bases: a base whose connection says `hyperdrive: true` (or
 * a binding name) connects through the Worker's Hyperdrive binding of that name (default
 * HYPERDRIVE, wrangler.toml `[[hyperdrive]]`): pg is given the binding's connectionString, which
 * points at Hyperdrive's pooled, cached connection to the same database. The binding is looked up
 * where the Worker's env is at hand (the project object, the connection routes) and passed in.
 */
import { bad } from "../errors";
import type { SourceConfig } from "./config";

/** The connection string of the binding a config names; undefined when it names none. */
export function hyperdriveString(cfg: SourceConfig, bindings: object): string | undefined {
  if (!cfg.hyperdrive) return undefined;
  const b = (bindings as Record<string, unknown>)[cfg.hyperdrive] as { connectionString?: unknown } | undefined;
  if (!b || typeof b.connectionString !== "string")
    throw bad(
      `This Worker has no Hyperdrive binding named ${cfg.hyperdrive} (wrangler.toml [[hyperdrive]] binding = "${cfg.hyperdrive}")`,
    );
  return b.connectionString;
}
