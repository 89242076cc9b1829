import { wholeList } from "../../db/page-info";
import { Hono, type Context } from "hono";
import { sha256Hex } from "../../db/auth/bytes";
import { newApiToken } from "../lib/api-tokens";
import { notFound, unauthorized } from "../lib/http-error";
import { currentUser, sessionUserOnly } from "../lib/session";
import { jsonBody } from "../lib/validate";
import { tokenBody, tokenLimitColumns } from "../lib/token-input";
import { body } from "../lib/openapi";
import { need } from "../middleware/acl";
import type { AppEnv } from "../types";
import { logSecurity } from "../lib/security-log";

/**
 * The caller's API tokens (contract 3.3), under a project (which only scopes the access check)
 * and under /api/v1/tokens. The token is returned once, when made; lists show its first characters.
 */
interface TokenRow {
  id: number;
  token_hint: string;
  description: string | null;
  fk_user_id: string;
  created_at: string;
  updated_at: string;
  first_used_at: string | null;
  last_used_at: string | null;
  scope: string;
  project_ids: string | null;
  expires_at: string | null;
}

const shown = (t: TokenRow) => ({
  id: t.id,
  first_used_at: t.first_used_at,
  last_used_at: t.last_used_at,
  token: `${t.token_hint}…`,
  description: t.description,
  fk_user_id: t.fk_user_id,
  enabled: true,
  // Its limits (issue 41): scope, the projects it is limited to (null: all) and its expiry.
  scope: t.scope,
  project_ids: t.project_ids ? (JSON.parse(t.project_ids) as string[]) : null,
  expires_at: t.expires_at,
  created_at: t.created_at,
  updated_at: t.updated_at,
});

/** The caller's own tokens need a caller: a shared-base visitor has none (401, not a crash). */
async function owner(c: Context<AppEnv>) {
  const user = await currentUser(c);
  if (!user) throw unauthorized();
  return user;
}

async function list(c: Context<AppEnv>) {
  const user = await owner(c);
  const { results } = await c.env.META.prepare("SELECT * FROM api_tokens WHERE fk_user_id = ? ORDER BY id")
    .bind(user.id)
    .all<TokenRow>();
  const items = results.map((t) => ({ ...shown(t), created_by: user.email }));
  return c.json(wholeList(items));
}

async function create(c: Context<AppEnv>) {
  const user = await sessionUserOnly(c);
  const input = await jsonBody(c, tokenBody);
  const { description } = input;
  const limits = await tokenLimitColumns(c, user, input);
  const token = newApiToken();
  const ts = new Date().toISOString();
  const row = await c.env.META.prepare(
    `INSERT INTO api_tokens (token_hash, token_hint, description, fk_user_id, created_at, updated_at, scope, project_ids, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
  )
    .bind(
      await sha256Hex(token),
      token.slice(0, 6),
      description ?? null,
      user.id,
      ts,
      ts,
      limits.scope,
      limits.project_ids,
      limits.expires_at,
    )
    .first<TokenRow>();
  await logSecurity(c, {
    kind: "token.created",
    user,
    detail: { token_id: row!.id, description: description ?? null, ...limits },
  });
  return c.json({ ...shown(row!), token });
}

/**
 * Deletes one of the caller's tokens (a session only, like making one), named by its id (what lists show, and safe to log) or, as
 * the contract has it, by the token itself; an id is all digits, a token never is.
 */
async function remove(c: Context<AppEnv>) {
  // Only a signed-in session manages tokens: one leaked token must not revoke its siblings.
  const user = await sessionUserOnly(c);
  const key = c.req.param("token")!;
  const stmt = /^\d{1,15}$/.test(key)
    ? c.env.META.prepare("DELETE FROM api_tokens WHERE id = ? AND fk_user_id = ?").bind(Number(key), user.id)
    : c.env.META.prepare("DELETE FROM api_tokens WHERE token_hash = ? AND fk_user_id = ?").bind(
        await sha256Hex(key),
        user.id,
      );
  const res = await stmt.run();
  if (!res.meta.changes) throw notFound("Token not found");
  await logSecurity(c, {
    kind: "token.deleted",
    user,
    detail: /^\d{1,15}$/.test(key) ? { token_id: Number(key) } : {},
  });
  return c.json(res.meta.changes);
}

export const apiTokens = new Hono<AppEnv>()
  .get("/db/meta/projects/:projectId/api-tokens", need("apiTokenList"), list)
  .post("/db/meta/projects/:projectId/api-tokens", need("apiTokenCreate"), body(tokenBody), create)
  .delete("/db/meta/projects/:projectId/api-tokens/:token", need("apiTokenDelete"), remove)
  .get("/tokens", need("signedIn"), list)
  .post("/tokens", need("signedIn"), body(tokenBody), create)
  .delete("/tokens/:token", need("signedIn"), remove);
