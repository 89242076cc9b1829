/**
 * The Neon adapter (@neondatabase/serverless, PostgreSQL over WebSocket) against the machine's
 * PostgreSQL through a small loopback WebSocket-to-TCP proxy (TOOLCHAIN.md): Neon's own service
 * is not reachable here, so this checks the adapter and the wire protocol, not Neon itself.
 */
import { createConnection } from "node:net";
import { neonConfig } from "@neondatabase/serverless";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { parseSourceConfig } from "../../db/external/config";
import { openDriver, usesNeon } from "../../db/external/open-driver";
import { pgSample } from "../support/external-sample";

const PROXY_PORT = Number(process.env.NEON_PROXY_PORT ?? 8875);
const sample = await pgSample();

describe.skipIf(!sample)("Neon adapter over a WebSocket proxy", () => {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: PROXY_PORT });
  wss.on("connection", (ws, req) => {
    const address = new URL(req.url ?? "/", "http://x").searchParams.get("address") ?? "";
    const [host, port] = address.split(":");
    const tcp = createConnection({ host, port: Number(port) });
    tcp.on("data", (d) => ws.send(d));
    ws.on("message", (m) => tcp.write(m as Buffer));
    ws.on("close", () => tcp.destroy());
    tcp.on("close", () => ws.close());
    tcp.on("error", () => ws.close());
  });
  neonConfig.webSocketConstructor = WebSocket;
  neonConfig.wsProxy = (host, port) => `127.0.0.1:${PROXY_PORT}/v1?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;

  afterAll(async () => {
    wss.close();
    await sample!.drop();
  });

  it("is chosen for neon.tech hosts and for driver=neon", () => {
    expect(
      usesNeon(
        parseSourceConfig({ client: "pg", connection: { host: "ep-x.eu-central-1.aws.neon.tech", user: "u" } }, false),
      ),
    ).toBe(true);
    expect(
      usesNeon(parseSourceConfig({ client: "pg", connection: { host: "db.example.com", user: "u" } }, false)),
    ).toBe(false);
  });

  it("introspects and writes in a transaction like the pg adapter", async () => {
    const conn = sample!.config.connection as Record<string, unknown>;
    const cfg = parseSourceConfig(
      { ...sample!.config, connection: { ...conn, params: [{ key: "driver", value: "neon" }] } },
      true,
    );
    const driver = await openDriver(cfg);
    try {
      const schema = await driver.introspect();
      expect(schema.tables.map((t) => t.name)).toContain("customer_tags");
      await driver.transaction(async (tx) => {
        await tx.execute("INSERT INTO tags (label) VALUES ($1)", ["neon"]);
      });
      expect(await sample!.query("SELECT label FROM tags WHERE label = 'neon'")).toEqual([{ label: "neon" }]);
    } finally {
      await driver.close();
    }
  });
});
