import type { Context } from "hono";
import type { AppEnv, SessionUser } from "../types";
import { apiTokenUser } from "./api-tokens";
import { primaryDb } from "./d1-session";
import { forbidden, unauthorized } from "./http-error";
import { verifySessionToken } from "./jwt";

const USER_COLUMNS = "id, email, firstname, lastname, roles, token_version";

export async function findUserById(db: D1Database, id: string): Promise<SessionUser | null> {
  return db.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`).bind(id).first<SessionUser>();
}

/**
 * The signed-in user of this request, or null. A session token is accepted only while the user
 * exists and its token_version matches: sign-out and password change rotate it. Without one, an
 * `xc-token` API token acts as its owner.
 */
export async function currentUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  const known = c.get("user");
  if (known !== undefined) return known;
  let user: SessionUser | null = null;
  const token = c.req.header("xc-auth");
  if (token) {
    const claims = await verifySessionToken(c.env, token);
    if (claims) {
      const row = await findUserById(primaryDb(c.env.META), claims.id);
      if (row && row.token_version === claims.token_version) {
        user = row;
        if (claims.two_factor_due) c.set("twoFactorDue", true);
      }
    }
  }
  // An API token is used only when there is no valid session (contract 1.3).
  const apiToken = c.req.header("xc-token");
  if (!user && apiToken) {
    user = await apiTokenUser(c, apiToken);
    if (user) c.set("isApiToken", true);
  }
  c.set("user", user);
  return user;
}

/**
 * The signed-in user of a real session, for what an API token must never do: mint tokens (a
 * child would outlive its revoked parent), change the password (and so obtain a session) or sign
 * the user out everywhere. A shared-base visitor has no user and gets 401.
 */
export async function sessionUserOnly(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await currentUser(c);
  if (!user) throw unauthorized();
  if (c.get("isApiToken")) throw forbidden("Not allowed with API token");
  return user;
}
