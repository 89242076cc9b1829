/**
 * SQL Server through the real Worker bundle (wrangler dev; tedious, like pg and mysql2, does not
 * load in the workerd test pool). No SQL Server can run here, so this checks only what a machine
 * without one can: the driver loads in workerd, opens a TCP connection and sends TDS's PRELOGIN
 * packet (type 0x12); a closed port and a server that hangs up answer 400 with tedious's own
 * message; nothing is created and the password is in no answer. Login, TLS, queries and results
 * are NOT verified (README).
 */
import { createServer, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port";
import { signedIn, startWorker, type Answer } from "../support/worker-server";

const PORT = Number(process.env.EXT_MSSQL_PORT ?? 8866);
const SECRET = "mssql-Pass-never-shown";

let server: Awaited<ReturnType<typeof startWorker>>;
let api: Awaited<ReturnType<typeof signedIn>>;
const answers: Answer[] = [];
const call = async (method: string, path: string, body?: unknown) => {
  const a = await api(method, path, body);
  answers.push(a);
  return a;
};

const mssql = (port: number) => ({
  client: "mssql",
  connection: { host: "127.0.0.1", port, user: "sa", password: SECRET, database: "shop" },
});

beforeAll(async () => {
  server = await startWorker(PORT, PORT + 1);
  api = await signedIn(server.base);
}, 240_000);

afterAll(() => {
  server?.stop();
  for (const a of answers) expect(a.text).not.toContain(SECRET);
});

describe("SQL Server connections (tedious in workerd)", () => {
  it("answers a closed port with the driver's message and creates nothing", async () => {
    const port = await freePort();
    const tested = await call("POST", "/api/v1/db/meta/connection/test", mssql(port));
    expect(tested.status).toBe(400);
    expect(tested.body.msg).toMatch(new RegExp(`Failed to connect to 127\\.0\\.0\\.1:${port}`));
    const created = await call("POST", "/api/v1/db/meta/projects", {
      title: "SQL Server shop",
      external: true,
      bases: [{ type: "mssql", config: mssql(port) }],
    });
    expect(created.status).toBe(400);
    expect(created.body.msg).toMatch(/Failed to connect/);
    const list = await call("GET", "/api/v1/db/meta/projects");
    expect(list.body.list.map((p: { title: string }) => p.title)).not.toContain("SQL Server shop");
  }, 60_000);

  it("sends TDS PRELOGIN to the server and reports its hang-up as a 400", async () => {
    // A loopback stand-in that reads the first packet and closes: no SQL Server, only the wire's first step.
    const first: Buffer[] = [];
    const sockets: Socket[] = [];
    const fake = createServer((s) => {
      sockets.push(s);
      s.once("data", (chunk) => {
        first.push(chunk);
        s.destroy();
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    const { port } = fake.address() as { port: number };
    try {
      const tested = await call("POST", "/api/v1/db/meta/connection/test", mssql(port));
      expect(tested.status).toBe(400);
      expect(tested.body.msg).toMatch(/Connection lost|socket|closed|Failed to connect/i);
      expect(first.length).toBe(1);
      // TDS packet header: type 0x12 (PRELOGIN), status 0x01 (end of message), then its length.
      expect(first[0]![0]).toBe(0x12);
      expect(first[0]![1]).toBe(0x01);
      expect(first[0]!.readUInt16BE(2)).toBe(first[0]!.length);
    } finally {
      for (const s of sockets) s.destroy();
      fake.close();
    }
  }, 60_000);
});
