import { Hono } from "hono";
import { decoyPasswordHash, hashPassword, passwordProblem, verifyPassword } from "../../../db/auth/password";
import { effectiveRoles, toFlags, type RoleFlags } from "../../../db/acl/roles";
import { badRequest } from "../../lib/http-error";
import { sendBlind, type Mail } from "../../lib/mailer";
import { findProjectWithRole, findSharedProject } from "../../lib/projects";
import { assertUnderLimit, countAttempt, limitAttempts, signinFailureKeys, signupKeys } from "../../lib/rate-limit";
import { currentUser } from "../../lib/session";
import { browserMark } from "../../lib/signin-browser";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { signinBody, signupBody } from "./schemas";
import { finishSignin, startSession } from "./start-session";
import { createUser, findUserByEmail, findUserByIdFull, hasAnyUser, isInviteOnly, nowIso, type UserRow } from "./users";
import { logSecurity } from "../../lib/security-log";
import { readOidcPublic } from "../../lib/oidc-config";

/** Password sign-in (and sign-up) while the app store's SSO has "only SSO" on; super admins may still use a password. */
export const SSO_ONLY = "This instance signs in with single sign-on only: use the SSO button";

export const NOT_ALLOWED_TO_SIGNUP = "Not allowed to signup, contact super admin.";
/** The answer to a sign-up with an address that has an account: told by mail, not by the answer. */
export const SIGNUP_CHECK_EMAIL = "Please check your email to continue";

/**
 * What the holder of an address learns when someone signs up with it: the account exists, and
 * how to get in. No link: nothing here needs one, and a sign-up should not start a reset.
 */
const accountExistsMail = (to: string): Mail => ({
  to,
  subject: "You already have an account",
  text: 'Someone tried to create an account with this e-mail address, which already has one.\n\nSign in with it, or choose "Forgot password" on the sign-in page to set a new password.\n\nIf it was not you, ignore this e-mail; nothing was changed.',
});

/**
 * Completes an invited user (pre-created by an admin with an invite token): sets the password and
 * names, clears the invite. The UPDATE re-checks the token so an invite is used once.
 */
async function completeInvite(
  db: D1Database,
  token: string,
  email: string,
  passwordHash: string,
  names: { firstname?: string | null; lastname?: string | null },
): Promise<UserRow> {
  const invited = await db.prepare("SELECT * FROM users WHERE invite_token = ?").bind(token).first<UserRow>();
  if (!invited || invited.email !== email) throw badRequest("Invalid invite url");
  if ((invited.invite_expires_at ?? 0) < Date.now()) {
    throw badRequest("Expired invite url, Please contact super admin to get a new invite url");
  }
  const done = await db
    .prepare(
      `UPDATE users SET password_hash = ?, firstname = COALESCE(?, firstname), lastname = COALESCE(?, lastname),
         invite_token = NULL, invite_expires_at = NULL, email_verified = 1, updated_at = ?
       WHERE id = ? AND invite_token = ? RETURNING *`,
    )
    .bind(passwordHash, names.firstname ?? null, names.lastname ?? null, nowIso(), invited.id, token)
    .first<UserRow>();
  if (!done) throw badRequest("Invalid invite url");
  return done;
}

/** Roles in a project: org roles merged with the membership; a non-member holds only `user` (no access). */
async function rolesIn(db: D1Database, user: UserRow, projectId: string | undefined): Promise<RoleFlags> {
  if (!projectId) return toFlags(user.roles);
  const role = (await findProjectWithRole(db, projectId, user.id))?.role ?? null;
  if (!role && !toFlags(user.roles).super) return { user: true };
  return effectiveRoles(user.roles, role);
}

async function sharedBaseMe(db: D1Database, sharedBaseId: string | undefined) {
  const shared = sharedBaseId ? await findSharedProject(db, sharedBaseId) : null;
  if (!shared?.shared_role) return { roles: { guest: true } };
  return { roles: toFlags(shared.shared_role), isAuthorized: true, isPublicBase: true };
}

export const signupSignin = new Hono<AppEnv>()
  .post("/user/signup", need("public"), body(signupBody), async (c) => {
    const body = await jsonBody(c, signupBody);
    await limitAttempts(c, signupKeys(c));
    const problem = passwordProblem(body.password);
    if (problem) throw badRequest(problem);
    const passwordHash = await hashPassword(body.password);
    let user: UserRow | null;
    if (body.token) {
      user = await completeInvite(c.env.META, body.token, body.email, passwordHash, body);
    } else {
      // The very first account is always allowed: it is the super admin who can invite others.
      if ((await isInviteOnly(c.env)) && (await hasAnyUser(c.env.META))) throw badRequest(NOT_ALLOWED_TO_SIGNUP);
      if ((await readOidcPublic(c.env.META))?.ssoOnly && (await hasAnyUser(c.env.META))) throw badRequest(SSO_ONLY);
      user = await createUser(c.env.META, { ...body, passwordHash });
      if (!user) {
        // The address has an account: its holder is told by mail, the caller only to check mail
        // (as forgot-password answers), after the same hashing and one more write as a new account.
        await sendBlind(c, accountExistsMail(body.email));
        return c.json({ msg: SIGNUP_CHECK_EMAIL });
      }
    }
    return c.json({ token: await startSession(c, user) });
  })

  .post("/user/signin", need("public"), body(signinBody), async (c) => {
    const body = await jsonBody(c, signinBody);
    const failureKeys = signinFailureKeys(c, body.email, await browserMark(c, body.email));
    await assertUnderLimit(c, failureKeys);
    const user = await findUserByEmail(c.env.META, body.email);
    // Same work and same answer whether the account is missing or the password wrong.
    const ok = await verifyPassword(body.password, user?.password_hash ?? (await decoyPasswordHash()));
    if (!user || !user.password_hash || !ok) {
      await countAttempt(c, failureKeys);
      await logSecurity(c, { kind: "signin.failure", user, email: body.email, detail: { method: "password" } });
      throw badRequest("Invalid credentials");
    }
    // Checked after the password, so the answer tells no one without it who is a super admin.
    if (!toFlags(user.roles).super && (await readOidcPublic(c.env.META))?.ssoOnly) {
      await logSecurity(c, { kind: "signin.failure", user, detail: { method: "password", reason: "sso_only" } });
      throw badRequest(SSO_ONLY);
    }
    return c.json(await finishSignin(c, user, "password"));
  })

  // Public: the web app asks it to learn whether it is signed in and, with `project_id`, its roles
  // there (SPEC 4). `xc-preview` never applies here; a shared-base visitor gets the shared role.
  .get("/user/me", need("public"), async (c) => {
    const session = await currentUser(c);
    const user = session && (await findUserByIdFull(c.env.META, session.id));
    const sharedId = c.req.header("xc-shared-base-id");
    if (!user) return c.json(await sharedBaseMe(c.env.META, sharedId));
    // With only a shared-base header, the roles asked about are those in the shared project.
    const projectId =
      c.req.query("project_id") ?? (sharedId ? (await findSharedProject(c.env.META, sharedId))?.id : undefined);
    const roles = await rolesIn(c.env.META, user, projectId);
    // A signed-in non-member following a shared-base link visits with the shared role.
    if (roles.user && sharedId) return c.json(await sharedBaseMe(c.env.META, sharedId));
    return c.json({
      id: user.id,
      email: user.email,
      email_verified: user.email_verified === 1,
      firstname: user.firstname,
      lastname: user.lastname,
      provider: user.provider,
      roles,
      isAuthorized: true,
      token_version: user.token_version,
    });
  });
