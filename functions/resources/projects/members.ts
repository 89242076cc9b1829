import { pageInfo } from "../../../db/page-info";
import { Hono, type Context } from "hono";
import { z } from "zod";
import { isProjectRole, PROJECT_ROLES, projectRank, rankOf, type ProjectRole } from "../../../db/acl/roles";
import { badRequest, forbidden, notFound } from "../../lib/http-error";
import { findOrInvite, mailInvite, renewInvite } from "../../lib/invites";
import { mailSiteUrl } from "../../lib/site-url";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { SIGNUP_ROLES } from "../auth/users";
import { forgetProjectAccess } from "../../lib/access-push";
import { logSecurity } from "../../lib/security-log";

type Ctx = Context<AppEnv>;
const EMAIL = z.email();

export const inviteBody = z.object({
  email: z.string({ error: "email: Required" }).max(5000),
  roles: z.string({ error: "roles: Required" }),
});
export const updateBody = z.object({
  roles: z.string({ error: "roles: Required" }),
  email: z.string().optional(),
  project_id: z.string().optional(),
});

function checkRole(role: string): ProjectRole {
  if (!isProjectRole(role)) throw badRequest(`Invalid role '${role}', use one of ${PROJECT_ROLES.join(", ")}`);
  return role;
}

/** Rule users expect: nobody grants, changes or removes a role above their own. */
function assertRank(c: Ctx, role: ProjectRole, verb: string) {
  if (rankOf(role) > projectRank(c.get("roles"))) throw forbidden(`Insufficient privilege to ${verb} ${role}`);
}

async function memberRole(c: Ctx, userId: string): Promise<ProjectRole> {
  const row = await c.env.META.prepare("SELECT roles FROM project_users WHERE project_id = ? AND user_id = ?")
    .bind(c.get("project").id, userId)
    .first<{ roles: ProjectRole }>();
  if (!row) throw notFound(`User with id '${userId}' is not a member of this project`);
  return row.roles;
}

/** The last owner may not leave or be demoted: a project always has someone who can manage it. */
async function assertNotLastOwner(c: Ctx, userId: string) {
  const owners = await c.env.META.prepare("SELECT user_id FROM project_users WHERE project_id = ? AND roles = 'owner'")
    .bind(c.get("project").id)
    .all<{ user_id: string }>();
  if (owners.results.length === 1 && owners.results[0]!.user_id === userId) {
    throw badRequest("The last owner cannot be removed or demoted; make another member owner first");
  }
}

/** A member as the list's SELECT names it: the answer's type, which the web reads (web/api/types.ts). */
interface MemberRow {
  id: string;
  email: string;
  firstname: string | null;
  lastname: string | null;
  main_roles: string | null;
  pending: number;
  project_id: string;
  /** The project role. */
  roles: string | null;
  created_at: string;
}

/** Project members (contract 3.1). Lists members only; upstream listed every user of the instance. */
export const members = new Hono<AppEnv>()
  .get("/:projectId/users", need("projectUserList"), async (c) => {
    const limit = Math.min(Math.max(Number(c.req.query("limit")) || 25, 1), 1000);
    const offset = Math.max(Number(c.req.query("offset")) || 0, 0);
    const query = `%${(c.req.query("query") ?? "").toLowerCase()}%`;
    const pid = c.get("project").id;
    const [rows, total] = await c.env.META.batch<Record<string, unknown>>([
      c.env.META.prepare(
        `SELECT u.id, u.email, u.firstname, u.lastname, u.roles AS main_roles, u.invite_token IS NOT NULL AS pending,
                pu.project_id, pu.roles, pu.created_at
         FROM project_users pu JOIN users u ON u.id = pu.user_id
         WHERE pu.project_id = ? AND lower(u.email) LIKE ? ORDER BY pu.created_at, u.email LIMIT ? OFFSET ?`,
      ).bind(pid, query, limit, offset),
      c.env.META.prepare(
        "SELECT count(*) AS n FROM project_users pu JOIN users u ON u.id = pu.user_id WHERE pu.project_id = ? AND lower(u.email) LIKE ?",
      ).bind(pid, query),
    ]);
    const list = rows!.results.map((r) => ({ ...(r as unknown as MemberRow), pending: Boolean(r.pending) }));
    const totalRows = Number(total!.results[0]?.n ?? 0);
    return c.json({ users: { list, pageInfo: pageInfo(totalRows, limit, offset) } });
  })
  .post("/:projectId/users", need("userInvite"), body(inviteBody), async (c) => {
    const body = await jsonBody(c, inviteBody);
    const site = mailSiteUrl(c);
    const role = checkRole(body.roles);
    assertRank(c, role, "invite as");
    const emails = [
      ...new Set(
        body.email
          .split(",")
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    const invalid = emails.filter((e) => !EMAIL.safeParse(e).success);
    if (emails.length === 0 || invalid.length)
      throw badRequest(`Invalid email address${invalid.length ? ` : ${invalid.join(", ")}` : ""}`);
    const project = c.get("project");
    const errors: Array<{ email: string; error: string }> = [];
    for (const email of emails) {
      const user = await findOrInvite(c.env.META, email, SIGNUP_ROLES);
      const ts = new Date().toISOString();
      const added = await c.env.META.prepare(
        "INSERT OR IGNORE INTO project_users (project_id, user_id, roles, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
      )
        .bind(project.id, user.id, role, ts, ts)
        .run();
      if (!added.meta.changes) {
        errors.push({
          email,
          error: `${email} with role ${await memberRole(c, user.id)} already exists in this project`,
        });
        continue;
      }
      await mailInvite(c.env, site, user, `the project "${project.title}"`, `/nc/${project.id}`);
    }
    if (emails.length === 1 && errors.length === 1) throw badRequest(errors[0]!.error);
    if (emails.length === 1) return c.json({ msg: "The user has been invited successfully" });
    return c.json({
      msg: "The users have been invited",
      emails: emails.filter((e) => !errors.some((x) => x.email === e)),
      error: errors,
    });
  })
  .patch("/:projectId/users/:userId", need("projectUserUpdate"), body(updateBody), async (c) => {
    const body = await jsonBody(c, updateBody);
    const role = checkRole(body.roles);
    const userId = c.req.param("userId");
    const current = await memberRole(c, userId);
    assertRank(c, current, "change the role of");
    assertRank(c, role, "grant");
    if (current === "owner" && role !== "owner") await assertNotLastOwner(c, userId);
    await c.env.META.prepare("UPDATE project_users SET roles = ?, updated_at = ? WHERE project_id = ? AND user_id = ?")
      .bind(role, new Date().toISOString(), c.get("project").id, userId)
      .run();
    await forgetProjectAccess(c.env, c.get("project").id, userId);
    await logSecurity(c, {
      kind: "member.changed",
      user: { id: userId },
      detail: { project_id: c.get("project").id, from: current, to: role, by: c.get("user")?.email ?? null },
    });
    return c.json({ msg: "User has been updated successfully" });
  })
  .delete("/:projectId/users/:userId", need("projectUserDelete"), async (c) => {
    const userId = c.req.param("userId");
    const current = await memberRole(c, userId);
    assertRank(c, current, "remove");
    if (current === "owner") await assertNotLastOwner(c, userId);
    await c.env.META.prepare("DELETE FROM project_users WHERE project_id = ? AND user_id = ?")
      .bind(c.get("project").id, userId)
      .run();
    await forgetProjectAccess(c.env, c.get("project").id, userId);
    await logSecurity(c, {
      kind: "member.changed",
      user: { id: userId },
      detail: { project_id: c.get("project").id, from: current, to: null, by: c.get("user")?.email ?? null },
    });
    return c.json({ msg: "The user has been deleted successfully" });
  })
  .post("/:projectId/users/:userId/resend-invite", need("projectUserResendInvite"), async (c) => {
    const userId = c.req.param("userId");
    await memberRole(c, userId);
    const site = mailSiteUrl(c);
    const token = await renewInvite(c.env.META, userId);
    if (!token) throw badRequest("This user has already joined; there is no invitation to resend");
    const user = await c.env.META.prepare("SELECT email FROM users WHERE id = ?")
      .bind(userId)
      .first<{ email: string }>();
    const project = c.get("project");
    await mailInvite(
      c.env,
      site,
      { id: userId, email: user!.email, inviteToken: token },
      `the project "${project.title}"`,
      `/nc/${project.id}`,
    );
    return c.json({ msg: "The invitation has been sent to the user" });
  });
