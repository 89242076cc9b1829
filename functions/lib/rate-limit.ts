import type { Context } from "hono";
import type { AppEnv } from "../types";
import { HttpError } from "./http-error";

const WINDOW_MS = 60_000;
const DEFAULT_PER_MINUTE = 10;

/**
 * Counts one attempt for a key in the current fixed one-minute window and returns the count so far.
 * A single upsert does it atomically: the row is started, incremented, or reset when its window
 * has passed. Rows are one per key and are reused, so the table does not grow per attempt.
 */
const COUNT_ATTEMPT = `
  INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
  ON CONFLICT(key) DO UPDATE SET
    count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
    window_start = excluded.window_start
  RETURNING count`;

export function attemptsPerMinute(value: string | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_PER_MINUTE;
}

/** The caller's address as Cloudflare reports it; every request without one shares "unknown". */
export function clientAddress(c: Context<AppEnv>): string {
  return c.req.header("CF-Connecting-IP")?.trim() || "unknown";
}

/** Counts an attempt under every key (one batch) and throws 429 when any is over the limit. */
export async function limitAttempts(c: Context<AppEnv>, keys: string[]): Promise<void> {
  const windowStart = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
  const stmt = c.env.META.prepare(COUNT_ATTEMPT);
  const results = await c.env.META.batch<{ count: number }>(keys.map((key) => stmt.bind(key, windowStart)));
  const limit = attemptsPerMinute(c.env.RATE_LIMIT_PER_MINUTE);
  if (results.some((r) => (r.results[0]?.count ?? 0) > limit)) {
    throw new HttpError(429, "Too many attempts, please try again in a minute");
  }
}

/** The two keys an e-mail-based action is limited by: the account and the caller's address. */
export function attemptKeys(c: Context<AppEnv>, action: string, email: string): string[] {
  return [`${action}:email:${email}`, `${action}:ip:${clientAddress(c)}`];
}
