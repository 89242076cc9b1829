import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { sha256Hex } from "../../../db/auth/bytes";
import { randomHex } from "../../../db/ids";
import { badRequest } from "../../lib/http-error";
import type { Env } from "../../../realtime/env";
import { secretKey } from "../../lib/jwt";
import type { AppEnv } from "../../types";
import { clientAddress } from "../../lib/rate-limit";

/**
 * Refresh tokens: 40 random bytes in an HttpOnly cookie, stored only as a SHA-256 digest. Each
 * sign-in starts a family; every refresh retires the presented token (rotated_at) and issues the
 * next one in the family. A retired token presented again means it was copied, so the whole
 * family is revoked and the thief and the victim both have to sign in again, except within a
 * short grace window after its rotation: two tabs refreshing at once present the same cookie, and
 * the later one gets the same next token the first got. That next token is an HMAC of the
 * presented one under the Worker's secret, so it is computed again rather than stored in clear.
 */
export const REFRESH_COOKIE = "refresh_token";
const REFRESH_TTL_MS = 7 * 24 * 3600 * 1000;
export const REFRESH_GRACE_MS = 10_000;

interface RefreshRow {
  token_hash: string;
  user_id: string;
  family_id: string;
  expires_at: number;
  rotated_at: number | null;
  revoked_at: number | null;
}

const isHttps = (c: Context<AppEnv>) => new URL(c.req.url).protocol === "https:";

export function readRefreshCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, REFRESH_COOKIE) || undefined;
}

export function clearRefreshCookie(c: Context<AppEnv>): void {
  deleteCookie(c, REFRESH_COOKIE, { path: "/", httpOnly: true, sameSite: "Lax", secure: isHttps(c) });
}

/**
 * Stores a token of `familyId` (a new family when omitted; a random token unless given) and sets
 * it as the cookie. Storing is idempotent, as a grace-window refresh may store the same successor.
 */
export async function issueRefreshToken(
  c: Context<AppEnv>,
  userId: string,
  familyId = randomHex(16),
  token = randomHex(40),
): Promise<void> {
  const now = Date.now();
  const db = c.env.META;
  await db.batch([
    db
      .prepare(
        "INSERT OR IGNORE INTO refresh_tokens (token_hash, user_id, family_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?)",
      )
      .bind(await sha256Hex(token), userId, familyId, now + REFRESH_TTL_MS, now),
    // The family is the signed-in device the sessions page lists; a refresh says it was seen.
    db
      .prepare(
        `INSERT INTO sign_in_sessions (family_id, user_id, created_at, last_seen_at, address, user_agent)
         VALUES (?1, ?2, ?3, ?3, ?4, ?5)
         ON CONFLICT(family_id) DO UPDATE SET last_seen_at = excluded.last_seen_at, address = excluded.address,
           user_agent = excluded.user_agent`,
      )
      .bind(familyId, userId, now, clientAddress(c), c.req.header("user-agent")?.slice(0, 300) ?? null),
  ]);
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: isHttps(c),
    expires: new Date(now + REFRESH_TTL_MS),
  });
}

async function revokeFamily(db: D1Database, familyId: string): Promise<void> {
  await db
    .prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL")
    .bind(Date.now(), familyId)
    .run();
}

/** The token that follows `token` in its family: 40 bytes of HMAC-SHA512 under the Worker's secret. */
async function successorOf(env: Env, token: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", secretKey(env), { name: "HMAC", hash: "SHA-512" }, false, ["sign"]);
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`refresh-successor:${token}`)),
  );
  return [...mac.slice(0, 40)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Retires the presented token and returns its user, family and the next token. Throws 400
 * `Invalid refresh token` for an unknown, expired or revoked token and for a reused one (after
 * revoking its family). The retiring UPDATE is conditional, so two racing uses cannot both win;
 * the loser, within REFRESH_GRACE_MS of the rotation, gets the winner's next token.
 */
export async function rotateRefreshToken(
  env: Env,
  token: string,
): Promise<{ userId: string; familyId: string; next: string }> {
  const db = env.META;
  const hash = await sha256Hex(token);
  const read = () => db.prepare("SELECT * FROM refresh_tokens WHERE token_hash = ?").bind(hash).first<RefreshRow>();
  const row = await read();
  const now = Date.now();
  if (!row || row.revoked_at !== null || row.expires_at <= now) throw badRequest("Invalid refresh token");
  const next = await successorOf(env, token);
  const won =
    row.rotated_at === null &&
    (
      await db
        .prepare(
          "UPDATE refresh_tokens SET rotated_at = ? WHERE token_hash = ? AND rotated_at IS NULL AND revoked_at IS NULL",
        )
        .bind(now, hash)
        .run()
    ).meta.changes === 1;
  if (won) return { userId: row.user_id, familyId: row.family_id, next };
  // Rotated already: a concurrent refresh (same answer) or a copied token (the family ends).
  const rotatedAt = row.rotated_at ?? (await read())?.rotated_at ?? null;
  if (rotatedAt !== null && now - rotatedAt <= REFRESH_GRACE_MS) {
    const following = await db
      .prepare("SELECT rotated_at, revoked_at FROM refresh_tokens WHERE token_hash = ?")
      .bind(await sha256Hex(next))
      .first<Pick<RefreshRow, "rotated_at" | "revoked_at">>();
    if (!following || (following.rotated_at === null && following.revoked_at === null)) {
      return { userId: row.user_id, familyId: row.family_id, next };
    }
  }
  await revokeFamily(db, row.family_id);
  throw badRequest("Invalid refresh token");
}

/** Sign-out: ends the family of the presented token, if it belongs to this user. */
export async function revokeFamilyOfToken(db: D1Database, token: string, userId: string): Promise<void> {
  await db
    .prepare(
      `UPDATE refresh_tokens SET revoked_at = ?1
     WHERE revoked_at IS NULL AND user_id = ?3
       AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = ?2 AND user_id = ?3)`,
    )
    .bind(Date.now(), await sha256Hex(token), userId)
    .run();
}

/** Password change and reset: every session of the user ends. */
export async function revokeAllOfUser(db: D1Database, userId: string): Promise<void> {
  await db
    .prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL")
    .bind(Date.now(), userId)
    .run();
}

/** The family (signed-in device) of a refresh token of the user, or null. */
export async function familyOfToken(db: D1Database, token: string | undefined, userId: string): Promise<string | null> {
  if (!token) return null;
  const row = await db
    .prepare("SELECT family_id FROM refresh_tokens WHERE token_hash = ? AND user_id = ?")
    .bind(await sha256Hex(token), userId)
    .first<{ family_id: string }>();
  return row?.family_id ?? null;
}

/**
 * Ends families of the user: one (`only`), or every one but `keep` (the caller's own); answers
 * how many tokens were revoked (0: none of the user's was open).
 */
export async function revokeFamilies(
  db: D1Database,
  userId: string,
  which: { only: string } | { keep: string | null },
): Promise<number> {
  const [test, family] = "only" in which ? ["family_id = ?", which.only] : ["family_id IS NOT ?", which.keep];
  const res = await db
    .prepare(`UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND ${test}`)
    .bind(Date.now(), userId, family)
    .run();
  return res.meta.changes;
}
