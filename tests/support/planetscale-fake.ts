/**
 * A loopback stand-in for PlanetScale's HTTP API, enough for `@planetscale/database`: POST
 * /psdb.v1alpha1.Database/Execute with `{query, session}` and basic auth; the SQL runs on the
 * machine's real MariaDB, one connection per session (so a transaction's BEGIN … COMMIT stays on
 * one connection as on PlanetScale). Answers have PlanetScale's shape: `{session, result: {fields,
 * rows: [{lengths, values}], rowsAffected, insertId}}` with values as base64 of the UTF-8 bytes,
 * or `{session, error: {message, code}}`. It checks the wire protocol and the adapter, not
 * PlanetScale itself (Vitess's SQL differences are not reproduced).
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { FieldPacket, Connection } from "mysql2/promise";
import { MYSQL_URL } from "../drivers/servers";

/** mysql2 column type codes → the Vitess type names the driver's cast reads. */
const TYPES: Record<number, string> = {
  1: "INT8",
  2: "INT16",
  3: "INT32",
  4: "FLOAT32",
  5: "FLOAT64",
  7: "TIMESTAMP",
  8: "INT64",
  9: "INT24",
  10: "DATE",
  11: "TIME",
  12: "DATETIME",
  13: "YEAR",
  15: "VARCHAR",
  16: "BIT",
  245: "JSON",
  246: "DECIMAL",
  247: "ENUM",
  248: "SET",
  252: "TEXT",
  253: "VARCHAR",
  254: "CHAR",
};

const bytesOf = (v: unknown): Buffer =>
  Buffer.isBuffer(v) ? v : Buffer.from(typeof v === "object" ? JSON.stringify(v) : String(v), "utf8");

async function body(req: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of req) text += String(chunk);
  return text;
}

export interface FakePlanetscale {
  port: number;
  /** Statements received, in order (what the driver wrote, values included). */
  statements: string[];
  close: () => Promise<void>;
}

/** Listens on a free loopback port (the answer's `port`). */
export async function startFakePlanetscale(database: string, user: string, password: string): Promise<FakePlanetscale> {
  const { default: mysql } = await import("mysql2/promise");
  const sessions = new Map<string, Connection>();
  const statements: string[] = [];
  let next = 0;
  const server: Server = createServer(async (req, res) => {
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (req.method !== "POST" || req.url !== "/psdb.v1alpha1.Database/Execute")
      return reply(404, { code: "not_found", message: "not found" });
    const auth = Buffer.from(String(req.headers.authorization ?? "").replace(/^Basic /, ""), "base64").toString();
    if (auth !== `${user}:${password}`)
      return reply(401, { error: { code: "unauthenticated", message: "invalid password or service token" } });
    const { query, session } = JSON.parse(await body(req)) as { query: string; session: string | null };
    statements.push(query);
    let token = session ?? "";
    let conn = sessions.get(token);
    if (!conn) {
      conn = await mysql.createConnection({
        uri: MYSQL_URL,
        database,
        dateStrings: true,
        supportBigNumbers: true,
        bigNumberStrings: true,
      });
      token = `s${++next}`;
      sessions.set(token, conn);
    }
    try {
      const [out, fields] = await conn.query({ sql: query, rowsAsArray: true });
      if (!Array.isArray(out)) {
        const h = out as { affectedRows: number; insertId: number };
        return reply(200, {
          session: token,
          result: { rowsAffected: String(h.affectedRows), insertId: String(h.insertId ?? 0) },
          timing: 0,
        });
      }
      const f = (fields ?? []) as FieldPacket[];
      const rows = (out as unknown[][]).map((r) => {
        const parts = r.map((v) => (v === null ? null : bytesOf(v)));
        return {
          lengths: parts.map((p) => String(p === null ? -1 : p.length)),
          values: Buffer.concat(parts.filter((p): p is Buffer => p !== null)).toString("base64"),
        };
      });
      const result = {
        fields: f.map((x) => ({
          name: x.name,
          type: TYPES[x.columnType ?? 253] ?? "VARCHAR",
          charset: x.characterSet,
        })),
        rows,
        rowsAffected: "0",
        insertId: "0",
      };
      return reply(200, { session: token, result, timing: 0 });
    } catch (err) {
      return reply(200, { session: token, error: { message: (err as Error).message, code: "UNKNOWN" } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    statements,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      for (const c of sessions.values()) await c.end().catch(() => undefined);
    },
  };
}
