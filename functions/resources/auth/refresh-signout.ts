import { Hono, type Context } from "hono";
import { badRequest } from "../../lib/http-error";
import { findUserById, sessionUserOnly } from "../../lib/session";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import {
  clearRefreshCookie,
  issueRefreshToken,
  readRefreshCookie,
  revokeFamilyOfToken,
  rotateRefreshToken,
} from "./refresh-tokens";
import { sessionTokenFor } from "./start-session";
import { rotateTokenVersion } from "./users";
import { forgetUserAccess } from "../../lib/access-push";

/** Trades the refresh cookie for a new JWT and the next refresh token of the same family. */
async function refresh(c: Context<AppEnv>) {
  const presented = readRefreshCookie(c);
  if (!presented) throw badRequest("Missing refresh token");
  try {
    const { userId, familyId, next } = await rotateRefreshToken(c.env, presented);
    const user = await findUserById(c.env.META, userId);
    if (!user) throw badRequest("Invalid refresh token");
    await issueRefreshToken(c, user.id, familyId, next);
    return c.json({ token: await sessionTokenFor(c, user) });
  } catch (err) {
    // A dead cookie is of no further use to the browser.
    clearRefreshCookie(c);
    throw err;
  }
}

export const refreshSignout = new Hono<AppEnv>()
  .post("/token/refresh", need("public"), refresh)
  // The pre-v1 name, still called by older web clients (SPEC 7).
  .post("/refresh-token", need("public"), refresh)

  .post("/user/signout", need("signedIn", { duringTwoFactorSetUp: true }), async (c) => {
    const user = await sessionUserOnly(c);
    const presented = readRefreshCookie(c);
    if (presented) await revokeFamilyOfToken(c.env.META, presented, user.id);
    // Ends every JWT of the user, not just this one: a JWT cannot be recalled individually.
    await rotateTokenVersion(c.env.META, user.id);
    await forgetUserAccess(c.env, user.id);
    clearRefreshCookie(c);
    return c.json({ msg: "Signed out successfully" });
  });
