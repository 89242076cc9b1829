import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { sha256Hex } from "../../../db/auth/bytes";
import { randomHex } from "../../../db/ids";
import { badRequest } from "../../lib/http-error";
import type { AppEnv } from "../../types";

/**
 * Refresh tokens: 40 random bytes in an HttpOnly cookie, stored only as a SHA-256 digest. Each
 * sign-in starts a family; every refresh retires the presented token (rotated_at) and issues the
 * next one in the family. A retired token presented again means it was copied, so the whole
 * family is revoked and the thief and the victim both have to sign in again.
 */
export const REFRESH_COOKIE = "refresh_token";
const REFRESH_TTL_MS = 7 * 24 * 3600 * 1000;

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

/** Stores a new token of `familyId` (a new family when omitted) and sets it as the cookie. */
export async function issueRefreshToken(c: Context<AppEnv>, userId: string, familyId = randomHex(16)): Promise<void> {
  const token = randomHex(40);
  const now = Date.now();
  await c.env.META.prepare(
    "INSERT INTO refresh_tokens (token_hash, user_id, family_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?)",
  ).bind(await sha256Hex(token), userId, familyId, now + REFRESH_TTL_MS, now).run();
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/",
    secure: isHttps(c),
    expires: new Date(now + REFRESH_TTL_MS),
  });
}

async function revokeFamily(db: D1Database, familyId: string): Promise<void> {
  await db.prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL")
    .bind(Date.now(), familyId).run();
}

/**
 * Retires the presented token and returns its user and family for the next token. Throws 400
 * `Invalid refresh token` for an unknown, expired or revoked token and for a reused one (after
 * revoking its family). The retiring UPDATE is conditional, so two racing uses cannot both win.
 */
export async function rotateRefreshToken(db: D1Database, token: string): Promise<{ userId: string; familyId: string }> {
  const hash = await sha256Hex(token);
  const row = await db.prepare("SELECT * FROM refresh_tokens WHERE token_hash = ?").bind(hash).first<RefreshRow>();
  const now = Date.now();
  if (!row || row.revoked_at !== null || row.expires_at <= now) throw badRequest("Invalid refresh token");
  const reused =
    row.rotated_at !== null ||
    (await db
      .prepare("UPDATE refresh_tokens SET rotated_at = ? WHERE token_hash = ? AND rotated_at IS NULL AND revoked_at IS NULL")
      .bind(now, hash)
      .run()).meta.changes !== 1;
  if (reused) {
    await revokeFamily(db, row.family_id);
    throw badRequest("Invalid refresh token");
  }
  return { userId: row.user_id, familyId: row.family_id };
}

/** Sign-out: ends the family of the presented token, if it belongs to this user. */
export async function revokeFamilyOfToken(db: D1Database, token: string, userId: string): Promise<void> {
  await db.prepare(
    `UPDATE refresh_tokens SET revoked_at = ?1
     WHERE revoked_at IS NULL AND user_id = ?3
       AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = ?2 AND user_id = ?3)`,
  ).bind(Date.now(), await sha256Hex(token), userId).run();
}

/** Password change and reset: every session of the user ends. */
export async function revokeAllOfUser(db: D1Database, userId: string): Promise<void> {
  await db.prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL")
    .bind(Date.now(), userId).run();
}
