import type { Context } from "hono";
import type { AppEnv, SessionUser } from "../types";
import { userOfApiToken } from "./api-tokens";
import { primaryDb } from "./d1-session";
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
      if (row && row.token_version === claims.token_version) user = row;
    }
  }
  // An API token is used only when there is no valid session (contract 1.3).
  const apiToken = c.req.header("xc-token");
  if (!user && apiToken) {
    user = await userOfApiToken(primaryDb(c.env.META), apiToken);
    if (user) c.set("isApiToken", true);
  }
  c.set("user", user);
  return user;
}
