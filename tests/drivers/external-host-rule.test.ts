/**
 * Issue #32 (N3, N11) through the real Worker bundle outside local mode (wrangler dev with
 * MODE=production: pg's TCP connections work there, unlike in the workerd test pool): every
 * written form of a private address, and names the resolver maps to private addresses, are
 * refused with `ipNotAllowed` for an external database and by the webhook test, and the trap (a
 * loopback listener at the port they name, tests/support/fake-dns.ts) hears no connection.
 */
import { createConnection } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeDns } from "../support/fake-dns";
import { freePort } from "../support/free-port";
import { N11_FORMS, N3_FORMS, urlHost } from "../support/refused-addresses";
import { signedIn, startWorker } from "../support/worker-server";

const PORT = Number(process.env.EXT_HOST_RULE_PORT ?? 8944);

/** Names of the fake resolver's zone, and what the Worker must say about each. */
const NAMES: Array<[string, string]> = [
  ["loopback.gridbase.test", "loopback.gridbase.test resolves to 127.0.0.1, which is not a public address"],
  ["v6-loopback.gridbase.test", "v6-loopback.gridbase.test resolves to ::1, which is not a public address"],
  ["mixed.gridbase.test", "mixed.gridbase.test resolves to ::1, which is not a public address"],
  ["metadata.gridbase.test", "metadata.gridbase.test resolves to 169.254.169.254, which is not a public address"],
  ["nat64.gridbase.test", "nat64.gridbase.test resolves to 64:ff9b:1::7f00:1, which is not a public address"],
  ["nowhere.gridbase.test", "nowhere.gridbase.test does not resolve to any address"],
];
const LITERALS: Array<[string, string]> = [...N3_FORMS, ...N11_FORMS].map((h) => [h, `${h} is not a public address`]);

let dns: Awaited<ReturnType<typeof startFakeDns>>;
let dnsUrl: string;
let trapPort: number;
let server: Awaited<ReturnType<typeof startWorker>>;
let api: Awaited<ReturnType<typeof signedIn>>;
const trap = async () => ((await (await fetch(`${dnsUrl}/trap`)).json()) as { connections: number }).connections;

beforeAll(async () => {
  const dnsPort = await freePort();
  trapPort = await freePort();
  dns = await startFakeDns(dnsPort, trapPort);
  dnsUrl = `http://127.0.0.1:${dnsPort}`;
  server = await startWorker(PORT, PORT + 1, [
    "MODE:production",
    `JWT_SECRET:${"j".repeat(40)}`,
    "CONNECTION_KEY:host-rule-test-connection-key",
    `DNS_RESOLVER_URL:${dnsUrl}/dns-query`,
  ]);
  api = await signedIn(server.base);
}, 240_000);

afterAll(() => {
  server?.stop();
  dns?.close();
});

describe("the address rule outside local mode, in the real Worker", () => {
  it("the trap hears a connection that is let through (the test can fail)", async () => {
    const before = await trap();
    await new Promise<void>((resolve) => {
      const socket = createConnection({ port: trapPort, host: "127.0.0.1" });
      socket.on("error", () => resolve());
      socket.on("close", () => resolve());
    });
    expect(await trap()).toBe(before + 1);
  });

  it("refuses every form for an external database, creating nothing and connecting nowhere", async () => {
    const before = await trap();
    for (const [host, reason] of [...LITERALS, ...NAMES]) {
      const config = {
        client: "pg",
        connection: { host, port: trapPort, user: "postgres", password: "pw", database: "postgres" },
      };
      const msg = `ipNotAllowed: ${reason}; connect to a public host`;
      const tested = await api("POST", "/api/v1/db/meta/connection/test", config);
      expect({ host, status: tested.status, body: tested.body }).toEqual({ host, status: 400, body: { msg } });
      const created = await api("POST", "/api/v1/db/meta/projects", {
        title: `H ${host}`,
        external: true,
        bases: [{ type: "pg", config }],
      });
      expect({ host, status: created.status, body: created.body }).toEqual({ host, status: 400, body: { msg } });
    }
    expect(await trap()).toBe(before);
    expect((await api("GET", "/api/v1/db/meta/projects")).body.list).toEqual([]);
  });

  it("refuses every form as a webhook target, and the hook test reaches nothing", async () => {
    const project = await api("POST", "/api/v1/db/meta/projects", { title: "Hooks" });
    const table = await api("POST", `/api/v1/db/meta/projects/${project.body.id}/tables`, {
      table_name: "Tasks",
      columns: [{ title: "Name", uidt: "SingleLineText" }],
    });
    expect(table.status).toBe(200);
    const before = await trap();
    // The URL parser writes IPv4 forms back dotted, so the reason names the host as parsed.
    for (const [host] of [...LITERALS, ...NAMES]) {
      const url = `http://${urlHost(host)}:${trapPort}/hook`;
      const res = await api("POST", `/api/v1/db/meta/tables/${table.body.id}/hooks/test`, {
        hook: {
          title: "t",
          event: "after",
          operation: "insert",
          notification: { type: "URL", payload: { method: "POST", path: url } },
        },
      });
      expect({ host, status: res.status }).toEqual({ host, status: 400 });
      expect(res.body.msg, host).toMatch(/^notification\.payload\.path: .*(is not a public address|resolve)/);
    }
    expect(await trap()).toBe(before);
  });
});
