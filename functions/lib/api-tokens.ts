import type { Context } from "hono";
import { sha256Hex } from "../../db/auth/bytes";
import { limitsOfRow } from "../../db/acl/token-scope";
import type { AppEnv, SessionUser } from "../types";
import { primaryDb } from "./d1-session";
import { unauthorized } from "./http-error";
import { logSecurity } from "./security-log";

/** How often a token's last use is written: once a minute at most per token and isolate. */
const USE_WRITE_MS = 60_000;
const USE_MEMO_MAX = 5000;
const lastWritten = new Map<number, number>();

interface TokenOwner extends SessionUser {
  token_id: number;
  first_used_at: string | null;
  scope: string | null;
  project_ids: string | null;
  expires_at: string | null;
}

/** The owner of an `xc-token` API token, or null for an unknown one. */
async function ownerOfApiToken(db: D1Database, token: string): Promise<TokenOwner | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return db
    .prepare(
      `SELECT u.id, u.email, u.firstname, u.lastname, u.roles, u.token_version, t.id AS token_id, t.first_used_at,
              t.scope, t.project_ids, t.expires_at
       FROM api_tokens t JOIN users u ON u.id = t.fk_user_id WHERE t.token_hash = ?`,
    )
    .bind(await sha256Hex(token))
    .first<TokenOwner>();
}

/**
 * Writes when a token was first and last used (the token list shows both; the first use goes to
 * the security log). At most one write a minute per token in this isolate, so a script's calls do
 * not each cost a D1 write.
 */
async function noteUse(c: Context<AppEnv>, owner: TokenOwner): Promise<void> {
  const now = Date.now();
  if (now - (lastWritten.get(owner.token_id) ?? 0) < USE_WRITE_MS) return;
  if (lastWritten.size >= USE_MEMO_MAX) lastWritten.delete(lastWritten.keys().next().value!);
  lastWritten.set(owner.token_id, now);
  const at = new Date(now).toISOString();
  const first = await c.env.META.prepare(
    "UPDATE api_tokens SET first_used_at = COALESCE(first_used_at, ?1), last_used_at = ?1 WHERE id = ?2 RETURNING first_used_at",
  )
    .bind(at, owner.token_id)
    .first<{ first_used_at: string }>();
  if (!owner.first_used_at && first?.first_used_at === at) {
    await logSecurity(c, {
      kind: "token.first_use",
      user: { id: owner.id, email: owner.email },
      detail: { token_id: owner.token_id },
    });
  }
}

/**
 * The user an `xc-token` acts as (its owner), noting the token's use; null for an unknown token.
 * Its limits (scope, projects) go on the request for the permission check (middleware/acl.ts);
 * an expired token is a 401 that says so, so a script's author knows to make a new one.
 */
export async function apiTokenUser(c: Context<AppEnv>, token: string): Promise<SessionUser | null> {
  const owner = await ownerOfApiToken(primaryDb(c.env.META), token);
  if (!owner) return null;
  if (owner.expires_at && Date.parse(owner.expires_at) <= Date.now()) {
    throw unauthorized(`This API token expired at ${owner.expires_at}`);
  }
  await noteUse(c, owner);
  c.set("tokenLimits", limitsOfRow(owner));
  const { id, email, firstname, lastname, roles, token_version } = owner;
  return { id, email, firstname, lastname, roles, token_version };
}

/** 40 characters of [A-Za-z0-9_-] (contract 3.3), from 30 random bytes. */
export function newApiToken(): string {
  const bytes = new Uint8Array(30);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
}
