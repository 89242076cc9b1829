import { Hono } from "hono";
import { sha256Hex } from "../../../db/auth/bytes";
import { hashPassword, passwordProblem } from "../../../db/auth/password";
import { badRequest } from "../../lib/http-error";
import { sendBlind, type Mail } from "../../lib/mailer";
import { attemptKeys, limitAttempts } from "../../lib/rate-limit";
import { mailSiteUrl } from "../../lib/site-url";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { revokeAllOfUser } from "./refresh-tokens";
import { forgotBody, resetBody } from "./schemas";
import { findUserByEmail, newTokenVersion, nowIso } from "./users";
import { forgetUserAccess } from "../../lib/access-push";
import { logSecurity } from "../../lib/security-log";
import { readOidcPublic } from "../../lib/oidc-config";
import { toFlags } from "../../../db/acl/roles";

/**
 * Forgotten password: a one-hour, single-use token (a random UUID) is mailed as a link; only its
 * SHA-256 is stored, so reading the users table does not let anyone reset a password.
 */
const RESET_TTL_MS = 3600 * 1000;
const SOCIAL_ACCOUNT = "Email registered via social account";
const FORGOT_ANSWER = "Please check your email to reset the password";
/**
 * "Only SSO" (app store): passwords are not reset either, but for super admins (so no one is
 * locked out). Forgot-password answers this to every address, so it tells no one who is a super
 * admin; a super admin's link is still mailed.
 */
export const SSO_ONLY_RESET =
  "This instance signs in with single sign-on only: use the SSO button (a super admin's reset link is still sent by e-mail)";
const SSO_ONLY_RESET_LINK = "This instance signs in with single sign-on only: use the SSO button";

interface ResetTarget {
  id: string;
  roles: string;
  reset_expires_at: number | null;
  provider: string | null;
  password_hash: string | null;
}

/** The user a reset token belongs to, or the contract's 400 for an unknown or expired one. */
async function userOfResetToken(db: D1Database, token: string): Promise<ResetTarget & { hash: string }> {
  const hash = await sha256Hex(token);
  const row = await db
    .prepare("SELECT id, roles, reset_expires_at, provider, password_hash FROM users WHERE reset_token_hash = ?")
    .bind(hash)
    .first<ResetTarget>();
  if (!row) throw badRequest("Invalid reset url");
  if ((row.reset_expires_at ?? 0) < Date.now()) throw badRequest("Password reset url expired");
  return { ...row, hash };
}

/** Whether "only SSO" keeps this user from setting a password (everyone but super admins). */
async function ssoOnlyFor(db: D1Database, user: { roles: string }): Promise<boolean> {
  return !toFlags(user.roles).super && Boolean((await readOidcPublic(db))?.ssoOnly);
}

/** A reset link's user, refused while "only SSO" is on for them. */
async function resettableUser(db: D1Database, token: string) {
  const target = await userOfResetToken(db, token);
  if (await ssoOnlyFor(db, target)) throw badRequest(SSO_ONLY_RESET_LINK);
  return target;
}

/** Stores a new reset token of the user (replacing any older one) and gives its link. */
export async function issueResetLink(db: D1Database, site: string, userId: string) {
  const token = crypto.randomUUID();
  await db
    .prepare("UPDATE users SET reset_token_hash = ?, reset_expires_at = ?, updated_at = ? WHERE id = ?")
    .bind(await sha256Hex(token), Date.now() + RESET_TTL_MS, nowIso(), userId)
    .run();
  return { token, link: `${site}/auth/password/reset/${token}` };
}

/** The mail that carries a reset link; `intro` says why it was sent. */
export const resetMail = (
  to: string,
  link: string,
  intro = "Someone asked to reset the password of your account.",
): Mail => ({
  to,
  subject: "Reset your password",
  text: `${intro}\n\nTo choose a new password, open this link within one hour:\n${link}\n\nIf it was not you, ignore this e-mail; your password stays unchanged.`,
  link,
});

/** Accounts created through Google or GitHub have no password to reset (contract §2). */
export const isSocialOnly = (u: { provider: string | null; password_hash: string | null }) =>
  Boolean(u.provider) && !u.password_hash;

export const passwordReset = new Hono<AppEnv>()
  .post("/password/forgot", need("public"), body(forgotBody), async (c) => {
    const { email } = await jsonBody(c, forgotBody);
    if (!email) throw badRequest("Please enter your email address.");
    const site = mailSiteUrl(c);
    await limitAttempts(c, attemptKeys(c, "forgot", email));
    const user = await findUserByEmail(c.env.META, email);
    // One answer and the same work for every address: whether an e-mail is registered (or
    // social-only) is told neither by the answer nor by its time. Without an account the token is
    // stored for no one and no mail is sent (mailer.ts: sendBlind).
    const ssoOnly = Boolean((await readOidcPublic(c.env.META))?.ssoOnly);
    const allowed = user && !isSocialOnly(user) && !(ssoOnly && !toFlags(user.roles).super);
    const target = allowed ? user : null;
    const { link } = await issueResetLink(c.env.META, site, target?.id ?? "");
    await sendBlind(c, target && resetMail(target.email, link));
    if (ssoOnly) throw badRequest(SSO_ONLY_RESET);
    return c.json({ msg: FORGOT_ANSWER });
  })

  .post("/token/validate/:token", need("public"), async (c) => {
    await resettableUser(c.env.META, c.req.param("token"));
    return c.json({ msg: "Token has been validated successfully" });
  })

  .post("/password/reset/:token", need("public"), body(resetBody), async (c) => {
    const target = await resettableUser(c.env.META, c.req.param("token"));
    if (isSocialOnly(target)) throw badRequest(SOCIAL_ACCOUNT);
    const { password } = await jsonBody(c, resetBody);
    const problem = passwordProblem(password);
    if (problem) throw badRequest(problem);
    // Conditional on the token hash: of two racing resets with one link, only one succeeds.
    // Proving the mailbox also verifies the e-mail and settles a pending invite (contract §2 lets
    // an invited user finish this way); old JWTs stop working via token_version.
    const done = await c.env.META.prepare(
      `UPDATE users SET password_hash = ?, reset_token_hash = NULL, reset_expires_at = NULL, email_verified = 1,
         invite_token = NULL, invite_expires_at = NULL, token_version = ?, updated_at = ?
       WHERE id = ? AND reset_token_hash = ?`,
    )
      .bind(await hashPassword(password), newTokenVersion(), nowIso(), target.id, target.hash)
      .run();
    if (done.meta.changes !== 1) throw badRequest("Invalid reset url");
    await revokeAllOfUser(c.env.META, target.id);
    await forgetUserAccess(c.env, target.id);
    await logSecurity(c, { kind: "password.reset", user: { id: target.id } });
    return c.json({ msg: "Password has been reset successfully" });
  })

  // The mailed link: the web app's page asks for the new password.
  .get("/password/reset/:token", need("public"), (c) =>
    c.redirect(`/reset-password/${encodeURIComponent(c.req.param("token"))}`, 302),
  )

  // No verification e-mails are sent yet, so no verification token can be valid.
  .post("/email/validate/:token", need("public"), () => {
    throw badRequest("Invalid verification url");
  });
