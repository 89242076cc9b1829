import { Hono } from "hono";
import { readJson } from "../lib/validate";
import { need } from "../middleware/acl";
import type { AppEnv } from "../types";
import { checkConfig, connectableConfig, testConnection } from "./projects/external";

/**
 * Connection tools of the "Connect a database" form (contract 4.10): test a connection with the
 * database's own answer, and turn a pasted URL into the form's fields. Both apply the host rule.
 * Neither answer repeats the password.
 */
export const connection = new Hono<AppEnv>()
  .post("/db/meta/connection/test", need("projectCreate"), async (c) => {
    const body = (await readJson(c)) as Record<string, unknown>;
    const cfg = await connectableConfig(c, body);
    const version = await testConnection(cfg, c.env);
    return c.json({ code: 0, message: `Connected: ${version}`, data: { version } });
  })
  .post("/url_to_config", need("projectCreate"), async (c) => {
    const body = (await readJson(c)) as { url?: unknown };
    const cfg = checkConfig(c, { connection: typeof body.url === "string" ? body.url : "" });
    return c.json({
      client: cfg.client,
      connection: {
        host: cfg.host,
        port: cfg.port,
        user: cfg.user,
        database: cfg.database,
        ...(cfg.url ? { url: cfg.url } : {}),
        ssl: cfg.ssl.mode,
      },
      ...(cfg.schema ? { searchPath: [cfg.schema] } : {}),
      params: cfg.params,
    });
  });
