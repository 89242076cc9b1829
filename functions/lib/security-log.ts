import type { Context } from "hono";
import type { AppEnv } from "../types";
import { clientAddress } from "./rate-limit";
import { SECURITY_LOG_RETENTION_DAYS, type SecurityEventKind } from "../../db/auth/security-events";

/**
 * The security log in D1 (migration 0010): what happened to accounts and access, with who, from
 * where (the platform's address; none in local mode) and which browser. Kept
 * SECURITY_LOG_RETENTION_DAYS: each write also drops rows past it (an index range, nothing to scan). Details hold ids and names,
 * never a secret (no password, code, token or ticket).
 */
const USER_AGENT_MAX = 300;

export interface SecurityEvent {
  kind: SecurityEventKind;
  user?: { id: string; email?: string } | null;
  /** The e-mail tried, when there is no user (a failed sign-in). */
  email?: string;
  detail?: Record<string, unknown>;
}

export async function logSecurity(c: Context<AppEnv>, event: SecurityEvent): Promise<void> {
  const now = new Date();
  const cutoff = new Date(now.getTime() - SECURITY_LOG_RETENTION_DAYS * 86_400_000).toISOString();
  const db = c.env.META;
  await db.batch([
    db
      .prepare(
        // A user given by id alone gets the e-mail the account has now.
        `INSERT INTO security_events (at, kind, user_id, email, address, user_agent, detail)
         VALUES (?1, ?2, ?3, COALESCE(?4, (SELECT email FROM users WHERE id = ?3)), ?5, ?6, ?7)`,
      )
      .bind(
        now.toISOString(),
        event.kind,
        event.user?.id ?? null,
        event.user?.email ?? event.email ?? null,
        clientAddress(c),
        c.req.header("user-agent")?.slice(0, USER_AGENT_MAX) ?? null,
        event.detail ? JSON.stringify(event.detail) : null,
      ),
    db.prepare("DELETE FROM security_events WHERE at < ?").bind(cutoff),
  ]);
}

export interface SecurityEventRow {
  id: number;
  at: string;
  kind: SecurityEventKind;
  user_id: string | null;
  email: string | null;
  address: string | null;
  user_agent: string | null;
  detail: string | null;
}

export interface SecurityLogQuery {
  kind?: string;
  email?: string;
  limit: number;
  offset: number;
}

/** Newest first, optionally one kind and an e-mail containing the given text. */
export async function readSecurityLog(db: D1Database, q: SecurityLogQuery) {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.kind) {
    where.push("kind = ?");
    params.push(q.kind);
  }
  if (q.email) {
    where.push("lower(email) LIKE ?");
    params.push(`%${q.email.toLowerCase()}%`);
  }
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const [rows, total] = await db.batch<Record<string, unknown>>([
    db
      .prepare(`SELECT * FROM security_events ${clause} ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`)
      .bind(...params, q.limit, q.offset),
    db.prepare(`SELECT count(*) AS n FROM security_events ${clause}`).bind(...params),
  ]);
  const list = (rows!.results as unknown as SecurityEventRow[]).map((r) => ({
    ...r,
    detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null,
  }));
  return { list, total: Number(total!.results[0]?.n ?? 0) };
}
