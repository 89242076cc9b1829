import type { Context } from "hono";
import { signSessionToken } from "../../lib/jwt";
import type { AppEnv, SessionUser } from "../../types";
import { issueRefreshToken } from "./refresh-tokens";
import { markBrowser } from "../../lib/signin-browser";

/** The JWT for a user row as it is now (its current token_version). */
export function sessionTokenFor(c: Context<AppEnv>, user: SessionUser): Promise<string> {
  return signSessionToken(c.env, {
    id: user.id,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    roles: user.roles,
    token_version: user.token_version,
  });
}

/** Sign-up, sign-in, social sign-in and password change: a JWT plus a new refresh-token family. */
export async function startSession(c: Context<AppEnv>, user: SessionUser): Promise<string> {
  const token = await sessionTokenFor(c, user);
  await issueRefreshToken(c, user.id);
  // This browser proved the password: its own sign-in failures count apart from others'.
  await markBrowser(c, user.email);
  return token;
}
