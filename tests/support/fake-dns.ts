import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createTcpServer, type Server as TcpServer } from "node:net";

/**
 * Outside local mode the Worker resolves user-given names through DNS over HTTPS
 * (db/net/doh.ts): this is the loopback resolver the Worker tests point DNS_RESOLVER_URL at,
 * speaking the JSON API (`/dns-query?name=&type=A|AAAA`). Its zone: the names of FAKE_ZONE, any
 * other `example.com` / `example.org` name at a public address, and NXDOMAIN for the rest.
 *
 * With it, a trap: a TCP listener on the loopback addresses (127.0.0.1 and, where the machine has
 * it, ::1) that counts connections and closes them at once. `GET /trap` on the resolver answers
 * `{connections}`; a refused address must leave that count unchanged.
 */
export const FAKE_ZONE: Record<string, { A?: string[]; AAAA?: string[] }> = {
  "loopback.gridbase.test": { A: ["127.0.0.1"] },
  "v6-loopback.gridbase.test": { AAAA: ["::1"] },
  "mixed.gridbase.test": { A: ["93.184.215.14"], AAAA: ["::1"] },
  "metadata.gridbase.test": { A: ["169.254.169.254"] },
  "nat64.gridbase.test": { AAAA: ["64:ff9b:1::7f00:1"] },
};
const PUBLIC = { A: ["93.184.215.14"], AAAA: ["2606:2800:21f:cb07:6820:80da:af6b:8b2c"] };
const TYPES = { A: 1, AAAA: 28 } as const;

export async function startFakeDns(port: number, trapPort: number): Promise<{ close(): void }> {
  let connections = 0;
  const traps: TcpServer[] = [];
  for (const host of ["127.0.0.1", "::1"]) {
    const trap = createTcpServer((socket) => {
      connections++;
      socket.destroy();
    });
    const listening = await new Promise<boolean>((resolve) => {
      trap.once("error", () => resolve(false));
      trap.listen(trapPort, host, () => resolve(true));
    });
    if (listening) traps.push(trap);
    else if (host === "127.0.0.1") throw new Error(`The trap could not listen on 127.0.0.1:${trapPort}`);
  }
  const server: Server = createHttpServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const json = (value: unknown) => {
      res.writeHead(200, { "content-type": "application/dns-json" });
      res.end(JSON.stringify(value));
    };
    if (url.pathname === "/trap") return json({ connections });
    if (url.pathname !== "/dns-query") return void res.writeHead(404).end();
    const name = (url.searchParams.get("name") ?? "").toLowerCase().replace(/\.$/, "");
    const type = url.searchParams.get("type") as keyof typeof TYPES;
    const records = FAKE_ZONE[name] ?? (/(^|\.)example\.(com|org)$/.test(name) ? PUBLIC : null);
    if (!records) return json({ Status: 3, Question: [{ name, type: TYPES[type] }] });
    const Answer = (records[type] ?? []).map((data) => ({ name, type: TYPES[type], TTL: 60, data }));
    json({ Status: 0, Question: [{ name, type: TYPES[type] }], Answer });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    close() {
      server.closeAllConnections();
      server.close();
      for (const trap of traps) trap.close();
    },
  };
}
