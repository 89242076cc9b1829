import { Hono, type Context } from "hono";
import { hashPassword, passwordProblem, verifyPassword } from "../../../db/auth/password";
import { badRequest, unauthorized } from "../../lib/http-error";
import { assertUnderLimit, countAttempt, passwordChangeKeys } from "../../lib/rate-limit";
import { sessionUserOnly } from "../../lib/session";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { revokeAllOfUser } from "./refresh-tokens";
import { changeBody } from "./schemas";
import { startSession } from "./start-session";
import { findUserByIdFull, newTokenVersion, nowIso, type UserRow } from "./users";
import { forgetUserAccess } from "../../lib/access-push";
import { logSecurity } from "../../lib/security-log";

/**
 * Changing the password ends every session of the user (token_version and refresh tokens), then
 * starts a fresh one for the caller so the tab that changed it stays signed in.
 */
async function changePassword(c: Context<AppEnv>) {
  const session = await sessionUserOnly(c);
  const { currentPassword, newPassword } = await jsonBody(c, changeBody);
  if (!currentPassword || !newPassword) throw badRequest("Missing new/old password");
  const limitKeys = passwordChangeKeys(session.id);
  await assertUnderLimit(c, limitKeys);
  const user = await findUserByIdFull(c.env.META, session.id);
  if (!user || !(await verifyPassword(currentPassword, user.password_hash))) {
    await countAttempt(c, limitKeys);
    throw badRequest("Current password is wrong");
  }
  const problem = passwordProblem(newPassword);
  if (problem) throw badRequest(problem);
  const updated = await c.env.META.prepare(
    "UPDATE users SET password_hash = ?, token_version = ?, updated_at = ? WHERE id = ? RETURNING *",
  )
    .bind(await hashPassword(newPassword), newTokenVersion(), nowIso(), user.id)
    .first<UserRow>();
  if (!updated) throw unauthorized();
  await revokeAllOfUser(c.env.META, user.id);
  await forgetUserAccess(c.env, user.id);
  await logSecurity(c, { kind: "password.changed", user });
  const token = await startSession(c, updated);
  return c.json({ msg: "Password has been updated successfully", token });
}

export const passwordChange = new Hono<AppEnv>()
  .post("/password/change", need("signedIn"), body(changeBody), changePassword)
  .post("/user/password/change", need("signedIn"), body(changeBody), changePassword);
