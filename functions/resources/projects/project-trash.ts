import { Hono, type Context } from "hono";
import { toFlags } from "../../../db/acl/roles";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { currentUser } from "../../lib/session";
import { notFound } from "../../lib/http-error";
import { forgetProjectAccess } from "../../lib/access-push";
import { freeTitle } from "./create";
import { purgeProject } from "../../lib/project-transfer";
import type { ProjectRow } from "../../lib/projects";
import { tokenReaches } from "../../lib/token-limits";

/** Days a deleted project waits in the trash (TRASH_RETENTION_DAYS, default 30, the trash's one setting). */
export function retentionDays(env: object): number {
  const setting = (env as { TRASH_RETENTION_DAYS?: string }).TRASH_RETENTION_DAYS;
  const days = setting === undefined || setting === "" ? 30 : Number(setting);
  return Number.isFinite(days) && days >= 0 ? days : 30;
}

const OWNED_DELETED = `SELECT p.* FROM projects p
  WHERE p.deleted = 1 AND (?2 = 1 OR EXISTS
    (SELECT 1 FROM project_users pu WHERE pu.project_id = p.id AND pu.user_id = ?1 AND pu.roles = 'owner'))`;

/** A deleted project the caller owns (a super admin: any), else 404: others learn nothing of it. */
async function ownedDeleted(c: Context<AppEnv>): Promise<ProjectRow & { deleted_at: string | null }> {
  const user = (await currentUser(c))!;
  const found = await c.env.META.prepare(`${OWNED_DELETED} AND p.id = ?3`)
    .bind(user.id, toFlags(user.roles).super ? 1 : 0, c.req.param("projectId"))
    .first<ProjectRow & { deleted_at: string | null }>();
  if (!found) throw notFound("Project not found in the trash");
  return found;
}

/**
 * The project trash (issue 35): deleted projects (DELETE /projects/{id} only marks them) are
 * listed to their owners, restored, or purged for good (the room's storage, the files, the index
 * rows). Past the retention a project is purged when the trash is next read (no scheduled job:
 * the list is where an expired project would show). Mounted before the project routes: `/trash`
 * is not a project id, and a deleted project is not found by the project check.
 */
export const projectTrash = new Hono<AppEnv>()
  .get("/trash", need("projectTrashList"), async (c) => {
    const user = (await currentUser(c))!;
    const isSuper = toFlags(user.roles).super ? 1 : 0;
    const { results } = await c.env.META.prepare(`${OWNED_DELETED} ORDER BY p.deleted_at DESC`)
      .bind(user.id, isSuper)
      .all<ProjectRow & { deleted_at: string | null }>();
    const days = retentionDays(c.env);
    const cutoff = new Date(Date.now() - days * 86_400_000).toISOString();
    const expired = results.filter((p) => (p.deleted_at ?? p.updated_at) <= cutoff);
    for (const p of expired) await purgeProject(c.env, p.id);
    const list = results
      .filter((p) => !expired.includes(p) && tokenReaches(c, p.id))
      .map((p) => {
        const deletedAt = p.deleted_at ?? p.updated_at;
        return {
          id: p.id,
          title: p.title,
          color: p.color,
          deleted_at: deletedAt,
          purge_at: new Date(Date.parse(deletedAt) + days * 86_400_000).toISOString(),
        };
      });
    return c.json({ list });
  })
  .post("/:projectId/restore", need("projectRestore"), async (c) => {
    const project = await ownedDeleted(c);
    const user = (await currentUser(c))!;
    // Another project may have taken the title meanwhile: the restored one gets "title (2)".
    const title = await freeTitle(c.env.META, project.title, project.created_by ?? user.id);
    const ts = new Date().toISOString();
    // The shared link stays off: it was dropped on delete, and a restore does not publish anything.
    await c.env.META.prepare(
      "UPDATE projects SET deleted = 0, deleted_at = NULL, title = ?, updated_at = ? WHERE id = ?",
    )
      .bind(title, ts, project.id)
      .run();
    await forgetProjectAccess(c.env, project.id);
    return c.json({ id: project.id, title });
  })
  .delete("/:projectId/purge", need("projectPurge"), async (c) => {
    const project = await ownedDeleted(c);
    await purgeProject(c.env, project.id);
    return c.json(true);
  });
