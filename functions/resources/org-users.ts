import { pageInfo } from "../../db/page-info";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { toFlags } from "../../db/acl/roles";
import { badRequest, notFound } from "../lib/http-error";
import { findOrInvite, mailInvite, renewInvite } from "../lib/invites";
import { mailSiteUrl } from "../lib/site-url";
import { jsonBody } from "../lib/validate";
import { body } from "../lib/openapi";
import { need } from "../middleware/acl";
import type { AppEnv } from "../types";
import { issueResetLink } from "./auth/password-reset";
import { forgetUserAccess, projectsOfUser } from "../lib/access-push";
import { APP_SETTINGS, readAppSettings, saveAppSettings } from "../lib/app-settings";
import { disable as disableTwoFactor } from "../lib/two-factor";
import { deleteAllPasskeys } from "../lib/passkeys";
import { revokeAllOfUser } from "./auth/refresh-tokens";
import { rotateTokenVersion } from "./auth/users";
import { logSecurity } from "../lib/security-log";

const ORG_ROLES = ["org-level-creator", "org-level-viewer"] as const;
const roleSchema = z.enum(ORG_ROLES, { error: `roles: Invalid role, use ${ORG_ROLES.join(" or ")}` });
export const inviteBody = z.object({ email: z.email("email: Invalid email address").toLowerCase(), roles: roleSchema });
export const rolesBody = z.object({ roles: roleSchema });
export const twoFactorRequiredBody = z.object({
  required: z.boolean({ error: "required must be true or false" }),
});
export const appSettingsBody = z
  .object({
    invite_only_signup: z.boolean({ error: "invite_only_signup must be true or false" }).optional(),
    refuse_program_uploads: z.boolean({ error: "refuse_program_uploads must be true or false" }).optional(),
    require_two_factor: z.boolean({ error: "require_two_factor must be true or false" }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: `Give at least one setting: ${APP_SETTINGS.join(", ")}`,
  });

interface Target {
  id: string;
  email: string;
  roles: string;
}

async function target(c: Context<AppEnv>): Promise<Target> {
  const id = c.req.param("userId")!;
  const user = await c.env.META.prepare("SELECT id, email, roles FROM users WHERE id = ?").bind(id).first<Target>();
  if (!user) throw notFound(`User with id '${id}' doesn't exist`);
  return user;
}

/** A user as the list's SELECT names it: the answer's type, which the web reads (web/api/types.ts). */
interface OrgUserRow {
  id: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  email_verified: number;
  roles: string;
  created_at: string;
  updated_at: string;
  pending: number;
  two_factor_required: number;
  projectsCount: number;
}

/** Org users and settings (contract 3.2): the super admin's account area. */
export const orgUsers = new Hono<AppEnv>()
  .get("/users", need("orgUserList"), async (c) => {
    const limit = Math.min(Math.max(Number(c.req.query("limit")) || 25, 1), 1000);
    const offset = Math.max(Number(c.req.query("offset")) || 0, 0);
    const query = `%${(c.req.query("query") ?? "").toLowerCase()}%`;
    const [rows, total] = await c.env.META.batch<Record<string, unknown>>([
      c.env.META.prepare(
        `SELECT u.id, u.email, u.firstname, u.lastname, u.email_verified, u.roles, u.created_at, u.updated_at,
                u.invite_token IS NOT NULL AS pending, u.two_factor_required,
                EXISTS (SELECT 1 FROM user_two_factor t WHERE t.user_id = u.id AND t.enabled = 1) AS two_factor,
                (SELECT count(*) FROM project_users pu JOIN projects p ON p.id = pu.project_id
                  WHERE pu.user_id = u.id AND p.deleted = 0) AS projectsCount
         FROM users u WHERE lower(u.email) LIKE ? ORDER BY u.created_at LIMIT ? OFFSET ?`,
      ).bind(query, limit, offset),
      c.env.META.prepare("SELECT count(*) AS n FROM users WHERE lower(email) LIKE ?").bind(query),
    ]);
    const list = rows!.results.map((u) => ({
      ...(u as unknown as OrgUserRow),
      email_verified: Boolean(u.email_verified),
      pending: Boolean(u.pending),
      two_factor: Boolean(u.two_factor),
      two_factor_required: Boolean(u.two_factor_required),
    }));
    const totalRows = Number(total!.results[0]?.n ?? 0);
    return c.json({ list, pageInfo: pageInfo(totalRows, limit, offset) });
  })
  .post("/users", need("orgUserInvite"), body(inviteBody), async (c) => {
    const body = await jsonBody(c, inviteBody);
    const site = mailSiteUrl(c);
    const exists = await c.env.META.prepare("SELECT 1 FROM users WHERE email = ?").bind(body.email).first();
    if (exists) throw badRequest("User already exist");
    const user = await findOrInvite(c.env.META, body.email, body.roles);
    await mailInvite(c.env, site, user, "Gridbase", "/");
    return c.json({ msg: "The user has been invited successfully" });
  })
  .patch("/users/:userId", need("orgUserUpdate"), body(rolesBody), async (c) => {
    const { roles } = await jsonBody(c, rolesBody);
    const user = await target(c);
    if (toFlags(user.roles).super) throw badRequest("Cannot update super admin roles");
    await c.env.META.prepare("UPDATE users SET roles = ?, updated_at = ? WHERE id = ?")
      .bind(roles, new Date().toISOString(), user.id)
      .run();
    await forgetUserAccess(c.env, user.id);
    await logSecurity(c, { kind: "role.changed", user, detail: { from: user.roles, to: roles } });
    return c.json({ msg: "The user has been updated successfully" });
  })
  .delete("/users/:userId", need("orgUserDelete"), async (c) => {
    const user = await target(c);
    if (toFlags(user.roles).super) throw badRequest("Cannot delete super admin");
    // Projects must keep an owner: refuse while this user is the only one somewhere.
    const orphaned = await c.env.META.prepare(
      `SELECT p.title FROM project_users pu JOIN projects p ON p.id = pu.project_id
       WHERE pu.user_id = ? AND pu.roles = 'owner' AND p.deleted = 0
         AND NOT EXISTS (SELECT 1 FROM project_users o WHERE o.project_id = pu.project_id AND o.roles = 'owner' AND o.user_id != pu.user_id)`,
    )
      .bind(user.id)
      .all<{ title: string }>();
    if (orphaned.results.length) {
      throw badRequest(
        `${user.email} is the only owner of ${orphaned.results.map((p) => p.title).join(", ")}; make someone else owner first`,
      );
    }
    const projects = await projectsOfUser(c.env, user.id);
    await c.env.META.prepare("DELETE FROM users WHERE id = ?").bind(user.id).run();
    await forgetUserAccess(c.env, user.id, projects);
    return c.json({ msg: "The user has been deleted successfully" });
  })
  // A user who lost both the phone and the recovery codes: the super admin turns 2FA off (the
  // user sets it up again at the next sign-in when it is required), removes the user's passkeys
  // (the lost phone may hold one) and ends the user's sessions.
  .delete("/users/:userId/2fa", need("orgUserUpdate"), async (c) => {
    const user = await target(c);
    await disableTwoFactor(c.env.META, user.id);
    const passkeys = await deleteAllPasskeys(c.env.META, user.id);
    await rotateTokenVersion(c.env.META, user.id);
    await revokeAllOfUser(c.env.META, user.id);
    await forgetUserAccess(c.env, user.id);
    await logSecurity(c, {
      kind: "two_factor.reset",
      user,
      detail: { by: c.get("user")?.email ?? null, passkeys_removed: passkeys },
    });
    return c.json({ msg: "Two-factor sign-in of the user has been reset" });
  })
  // Two-factor sign-in required of this user alone (issue 41; `require_two_factor` is everyone).
  // The user's next session token (sign-in, or refresh within the token lifetime) carries the
  // requirement: until it is set up, that session reaches only the set-up (lib/two-factor-due.ts).
  .put("/users/:userId/2fa/required", need("orgUserUpdate"), body(twoFactorRequiredBody), async (c) => {
    const { required } = await jsonBody(c, twoFactorRequiredBody);
    const user = await target(c);
    await c.env.META.prepare("UPDATE users SET two_factor_required = ?, updated_at = ? WHERE id = ?")
      .bind(required ? 1 : 0, new Date().toISOString(), user.id)
      .run();
    await logSecurity(c, {
      kind: "two_factor.required",
      user,
      detail: { required, by: c.get("user")?.email ?? null },
    });
    return c.json({
      msg: required
        ? "Two-factor sign-in is now required of the user"
        : "Two-factor sign-in is no longer required of the user",
    });
  })
  .post("/users/:userId/resend-invite", need("orgUserResendInvite"), async (c) => {
    const user = await target(c);
    const site = mailSiteUrl(c);
    const token = await renewInvite(c.env.META, user.id);
    if (!token) throw badRequest("This user has already joined; there is no invitation to resend");
    await mailInvite(c.env, site, { id: user.id, email: user.email, inviteToken: token }, "Gridbase", "/");
    return c.json({ msg: "The invitation has been sent to the user" });
  })
  .post("/users/:userId/generate-reset-url", need("orgUserResetUrl"), async (c) => {
    const user = await target(c);
    const { token, link } = await issueResetLink(c.env.META, mailSiteUrl(c), user.id);
    return c.json({ reset_password_token: token, reset_password_url: link });
  })
  .get("/app-settings", need("appSettingsGet"), async (c) => c.json(await readAppSettings(c.env.META)))
  .post("/app-settings", need("appSettingsSet"), body(appSettingsBody), async (c) => {
    await saveAppSettings(c.env.META, await jsonBody(c, appSettingsBody));
    return c.json({ msg: "The app settings have been saved" });
  });
