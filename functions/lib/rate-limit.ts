import type { Context } from "hono";
import type { AppEnv } from "../types";
import { HttpError } from "./http-error";

const WINDOW_MS = 60_000;
const DEFAULT_PER_MINUTE = 10;

/**
 * Attempt counters per key in fixed one-minute windows (table rate_limits, one reused row per key).
 * Rules:
 * - sign-in counts failures only, so a script signing in often is never refused; the lock-out
 *   key is the e-mail and the address together, so a stranger's wrong guesses at someone's
 *   e-mail do not lock the owner out, and the address alone limits guessing across e-mails; a
 *   browser that signed in as the e-mail before (lib/signin-browser.ts) has a lock-out key of its
 *   own instead of the address, which is how the owner stays out of the lock in local mode;
 * - password change counts wrong current passwords per user; sign-up and forgot-password count
 *   every attempt (each makes an account or sends mail);
 * - the address is the one the platform sets (CF-Connecting-IP on Cloudflare). Locally wrangler
 *   passes a client-sent header through, so local mode has no address: every caller is on
 *   loopback, and limits keyed by address alone do not apply there.
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

/** The caller's address as the platform reports it, or null in local mode (not trustworthy there). */
export function clientAddress(c: Context<AppEnv>): string | null {
  if (c.env.MODE === "local") return null;
  return c.req.header("CF-Connecting-IP")?.trim() || "unknown";
}

const currentWindow = () => Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
const tooMany = () => new HttpError(429, "Too many attempts, please try again in a minute");

/** Counts one attempt under every key (one batch) and returns the counts so far. */
export async function countAttempt(c: Context<AppEnv>, keys: string[]): Promise<number[]> {
  if (!keys.length) return [];
  const stmt = c.env.META.prepare(COUNT_ATTEMPT);
  const results = await c.env.META.batch<{ count: number }>(keys.map((key) => stmt.bind(key, currentWindow())));
  return results.map((r) => r.results[0]?.count ?? 0);
}

/** Throws 429 when any key already holds the limit in this window; counts nothing. */
export async function assertUnderLimit(c: Context<AppEnv>, keys: string[]): Promise<void> {
  if (!keys.length) return;
  const { results } = await c.env.META.prepare(
    `SELECT max(count) AS n FROM rate_limits WHERE window_start = ? AND key IN (${keys.map(() => "?").join(", ")})`,
  )
    .bind(currentWindow(), ...keys)
    .all<{ n: number | null }>();
  if ((results[0]?.n ?? 0) >= attemptsPerMinute(c.env.RATE_LIMIT_PER_MINUTE)) throw tooMany();
}

/** Counts an attempt under every key and throws 429 when any is over the limit. */
export async function limitAttempts(c: Context<AppEnv>, keys: string[]): Promise<void> {
  const counts = await countAttempt(c, keys);
  if (counts.some((n) => n > attemptsPerMinute(c.env.RATE_LIMIT_PER_MINUTE))) throw tooMany();
}

/** The keys an e-mail-based action is limited by: the account, and the caller's address when known. */
export function attemptKeys(c: Context<AppEnv>, action: string, email: string): string[] {
  const address = clientAddress(c);
  return [`${action}:email:${email}`, ...(address ? [`${action}:ip:${address}`] : [])];
}

/**
 * Sign-in failures: the e-mail together with the caller's browser mark (`browser`, when it holds
 * one for this e-mail) or else its address (lock-out), and the address alone.
 */
export function signinFailureKeys(c: Context<AppEnv>, email: string, browser: string | null = null): string[] {
  const address = clientAddress(c);
  const who = browser ? `browser:${browser}` : (address ?? "local");
  return [`signin:fail:${email}|${who}`, ...signinAddressKeys(c)];
}

/** Sign-in failures of the address alone (guessing across accounts); none in local mode. */
export function signinAddressKeys(c: Context<AppEnv>): string[] {
  const address = clientAddress(c);
  return address ? [`signin:fail-ip:${address}`] : [];
}

/**
 * Wrong second-factor codes: as sign-in failures, per user with the browser mark or address
 * (a stranger holding the password cannot lock the owner out) and per address.
 */
export function twoFactorFailureKeys(c: Context<AppEnv>, userId: string, browser: string | null = null): string[] {
  const address = clientAddress(c);
  const who = browser ? `browser:${browser}` : (address ?? "local");
  return [`2fa:fail:${userId}|${who}`, ...(address ? [`2fa:fail-ip:${address}`] : [])];
}

/**
 * Runs `attempt` unless a key already holds the limit (429); a refused attempt (400) counts under
 * every key, as a wrong password does. For attempts that refuse by throwing (passkey answers).
 */
export async function countingRefusals<T>(c: Context<AppEnv>, keys: string[], attempt: () => Promise<T>): Promise<T> {
  await assertUnderLimit(c, keys);
  try {
    return await attempt();
  } catch (e) {
    if (e instanceof HttpError && e.status === 400) await countAttempt(c, keys);
    throw e;
  }
}

/** Sign-ups per address; none in local mode, where there is no address to tell callers apart. */
export function signupKeys(c: Context<AppEnv>): string[] {
  const address = clientAddress(c);
  return address ? [`signup:ip:${address}`] : [];
}

/**
 * Public calls that store something for the caller (a passkey challenge) per address; none in
 * local mode, as for sign-ups.
 */
export function addressKeys(c: Context<AppEnv>, action: string): string[] {
  const address = clientAddress(c);
  return address ? [`${action}:ip:${address}`] : [];
}

/** Wrong current passwords per user on password change. */
export const passwordChangeKeys = (userId: string) => [`password-change:user:${userId}`];

/** Seconds until the current window ends: every 429 says it (Retry-After), so clients know when to try again. */
export const retryAfterSeconds = () => Math.max(1, Math.ceil((currentWindow() + WINDOW_MS - Date.now()) / 1000));
