import { Hono, type Context } from "hono";
import { forgetUserAccess } from "../../lib/access-push";
import { badRequest, unauthorized } from "../../lib/http-error";
import { body } from "../../lib/openapi";
import { assertUnderLimit, countAttempt, twoFactorFailureKeys } from "../../lib/rate-limit";
import { sessionUserOnly } from "../../lib/session";
import { browserMark } from "../../lib/signin-browser";
import { checkSecondFactor, disable, enable, readTicket, startSetup, twoFactorStatus } from "../../lib/two-factor";
import { jsonBody } from "../../lib/validate";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { revokeAllOfUser } from "./refresh-tokens";
import { twoFactorCodeBody, twoFactorVerifyBody } from "./schemas";
import { startSession } from "./start-session";
import { findUserByIdFull, rotateTokenVersion, type UserRow } from "./users";
import { logSecurity } from "../../lib/security-log";

const WRONG_CODE = "Wrong code: type the 6 digits your authenticator app shows now, or a recovery code";
const WRONG_APP_CODE = "Wrong code: type the 6 digits your authenticator app shows now";
const TICKET_GONE = "This sign-in has expired: sign in again with your password";

/**
 * Counts wrong codes like sign-in failures (per user and browser or address, and per address):
 * refused with 429 past the limit, and the owner's own browser keeps its own count.
 */
async function limited<T>(c: Context<AppEnv>, user: UserRow, attempt: () => Promise<T | null | false>, msg: string) {
  const keys = twoFactorFailureKeys(c, user.id, await browserMark(c, user.email));
  await assertUnderLimit(c, keys);
  const result = await attempt();
  if (result === null || result === false) {
    await countAttempt(c, keys);
    await logSecurity(c, { kind: "signin.second_factor_failure", user, detail: { path: new URL(c.req.url).pathname } });
    throw badRequest(msg);
  }
  return result;
}

/**
 * Turning two-factor sign-in on or off ends every other session (as a password change does):
 * a new token_version and no refresh tokens, then a fresh session for the tab that asked.
 */
async function restartSessions(c: Context<AppEnv>, userId: string): Promise<string> {
  const updated = await rotateTokenVersion(c.env.META, userId);
  if (!updated) throw unauthorized();
  await revokeAllOfUser(c.env.META, userId);
  await forgetUserAccess(c.env, userId);
  return startSession(c, updated);
}

/** The user a sign-in ticket was made for; 401 for an expired ticket or one of a session since ended. */
export async function ticketUser(c: Context<AppEnv>, ticket: string): Promise<UserRow> {
  const held = await readTicket(c.env, ticket);
  const user = held && (await findUserByIdFull(c.env.META, held.userId));
  // A ticket of a session since ended (password changed, signed out everywhere) is void.
  if (!held || !user || user.token_version !== held.tokenVersion) throw unauthorized(TICKET_GONE);
  return user;
}

export async function signedInUser(c: Context<AppEnv>): Promise<UserRow> {
  const session = await sessionUserOnly(c);
  const user = await findUserByIdFull(c.env.META, session.id);
  if (!user) throw unauthorized();
  return user;
}

/** What a session that must set up two-factor sign-in first may still call here. */
const SET_UP = { duringTwoFactorSetUp: true };

/** Two-factor sign-in with an authenticator app (issue 41): the contract's five calls and a status. */
export const twoFactor = new Hono<AppEnv>()
  .get("/2fa", need("signedIn", SET_UP), async (c) => {
    const user = await sessionUserOnly(c);
    return c.json(await twoFactorStatus(c.env.META, user.id));
  })

  .post("/2fa/setup", need("signedIn", SET_UP), async (c) => c.json(await startSetup(c.env, await signedInUser(c))))

  .post("/2fa/enable", need("signedIn", SET_UP), body(twoFactorCodeBody), async (c) => {
    const { code } = await jsonBody(c, twoFactorCodeBody);
    const user = await signedInUser(c);
    const recoveryCodes = await limited(c, user, () => enable(c.env, user.id, code), WRONG_APP_CODE);
    await logSecurity(c, { kind: "two_factor.enabled", user });
    return c.json({ recovery_codes: recoveryCodes, token: await restartSessions(c, user.id) });
  })

  .post("/2fa/disable", need("signedIn"), body(twoFactorCodeBody), async (c) => {
    const { code } = await jsonBody(c, twoFactorCodeBody);
    const user = await signedInUser(c);
    const status = await twoFactorStatus(c.env.META, user.id);
    if (!status.enabled) throw badRequest("Two-factor sign-in is not on");
    await limited(c, user, () => checkSecondFactor(c.env, user.id, code), WRONG_CODE);
    await disable(c.env.META, user.id);
    await logSecurity(c, { kind: "two_factor.disabled", user });
    return c.json({ msg: "Two-factor sign-in is off", token: await restartSessions(c, user.id) });
  })

  .post("/2fa/verify", need("public"), body(twoFactorVerifyBody), async (c) => {
    const { ticket, code } = await jsonBody(c, twoFactorVerifyBody);
    const user = await ticketUser(c, ticket);
    await limited(c, user, () => checkSecondFactor(c.env, user.id, code), WRONG_CODE);
    await logSecurity(c, { kind: "signin.success", user, detail: { method: "two_factor" } });
    return c.json({ token: await startSession(c, user) });
  });
