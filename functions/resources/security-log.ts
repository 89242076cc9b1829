import { Hono, type Context } from "hono";
import { csvCell } from "../../db/rows/csv";
import { pageInfo } from "../../db/page-info";
import { badRequest } from "../lib/http-error";
import { SECURITY_EVENT_KINDS, SECURITY_LOG_RETENTION_DAYS } from "../../db/auth/security-events";
import { readSecurityLog } from "../lib/security-log";
import { need } from "../middleware/acl";
import type { AppEnv } from "../types";

const CSV_MAX_ROWS = 100_000;
const COLUMNS = ["at", "kind", "email", "user_id", "address", "user_agent", "detail"] as const;

function filters(c: Context<AppEnv>) {
  const kind = c.req.query("kind") || undefined;
  if (kind && !(SECURITY_EVENT_KINDS as readonly string[]).includes(kind)) {
    throw badRequest(`kind: use one of ${SECURITY_EVENT_KINDS.join(", ")}`);
  }
  const email = (c.req.query("email") ?? "").slice(0, 254) || undefined;
  return { kind, email };
}

/**
 * The security log (issue 41), the super admin's only: newest first, filtered by kind and e-mail,
 * kept SECURITY_LOG_RETENTION_DAYS; `/csv` exports what the filters select (at most CSV_MAX_ROWS rows).
 */
export const securityLog = new Hono<AppEnv>()
  .get("/security-log", need("securityLog"), async (c) => {
    const limit = Math.min(Math.max(Number(c.req.query("limit")) || 50, 1), 500);
    const offset = Math.max(Number(c.req.query("offset")) || 0, 0);
    const { list, total } = await readSecurityLog(c.env.META, { ...filters(c), limit, offset });
    return c.json({ list, pageInfo: pageInfo(total, limit, offset), retention_days: SECURITY_LOG_RETENTION_DAYS });
  })
  .get("/security-log/csv", need("securityLog"), async (c) => {
    const { list } = await readSecurityLog(c.env.META, { ...filters(c), limit: CSV_MAX_ROWS, offset: 0 });
    const lines = [
      COLUMNS.join(","),
      ...list.map((r) =>
        COLUMNS.map((col) =>
          csvCell(col === "detail" ? (r.detail ? JSON.stringify(r.detail) : "") : String(r[col] ?? "")),
        ).join(","),
      ),
    ];
    return new Response(`${lines.join("\r\n")}\r\n`, {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": 'attachment; filename="security-log.csv"',
      },
    });
  });
