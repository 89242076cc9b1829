import type { Context } from "hono";
import { signSessionToken } from "../../lib/jwt";
import type { AppEnv, SessionUser } from "../../types";
import { issueRefreshToken } from "./refresh-tokens";
import { markBrowser } from "../../lib/signin-browser";
import { signinTicket, twoFactorDue, twoFactorOn } from "../../lib/two-factor";
import { logSecurity } from "../../lib/security-log";
import { hasPasskey } from "../../lib/passkeys";

/**
 * The JWT for a user row as it is now (its current token_version), marked when the user must set
 * up two-factor sign-in first. Every session token is made here (sign-in, refresh), so a
 * requirement set later reaches a running session at its next refresh.
 */
export async function sessionTokenFor(c: Context<AppEnv>, user: SessionUser): Promise<string> {
  const due = await twoFactorDue(c.env.META, user.id);
  return signSessionToken(c.env, {
    id: user.id,
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    roles: user.roles,
    token_version: user.token_version,
    ...(due ? { two_factor_due: true as const } : {}),
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

/**
 * The answer to a proven password (or social account): a session, or for a user with two-factor
 * sign-in on, a ticket that `/2fa/verify` turns into one with a code (contract of issue 41).
 */
export async function finishSignin(
  c: Context<AppEnv>,
  user: SessionUser,
  method: string,
): Promise<{ token: string } | { "2fa_required": true; ticket: string; passkey: boolean }> {
  if (await twoFactorOn(c.env.META, user.id)) {
    // `passkey` tells the second step it may offer one instead of a code.
    return {
      "2fa_required": true,
      ticket: await signinTicket(c.env, user),
      passkey: await hasPasskey(c.env.META, user.id),
    };
  }
  await logSecurity(c, { kind: "signin.success", user, detail: { method } });
  return { token: await startSession(c, user) };
}
