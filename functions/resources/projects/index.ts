import { wholeList } from "../../../db/page-info";
import { Hono, type Context } from "hono";
import { projectRoom, unwrap } from "../../lib/room";
import { newId } from "../../../db/ids";
import { toFlags } from "../../../db/acl/roles";
import { badRequest } from "../../lib/http-error";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { currentUser } from "../../lib/session";
import type { ProjectRow } from "../../lib/projects";
import { insertProject } from "./create";
import { createProjectSchema, updateBaseSchema, updateProjectSchema } from "./schemas";
import { projectBase, projectJson } from "./shape";
import { attachExternal, reconnectExternal, requireOneBase, type SourceSummary } from "./external";
import { notFound } from "../../lib/http-error";
import { members } from "./members";
import { sharedBase } from "./shared-base";
import { forgetProjectAccess } from "../../lib/access-push";
import { tokenReaches } from "../../lib/token-limits";

const now = () => new Date().toISOString();

async function assertTitleFree(db: D1Database, title: string, ownerId: string, exceptId?: string) {
  const clash = await db
    .prepare("SELECT id FROM projects WHERE title = ? AND created_by = ? AND deleted = 0 AND id != ?")
    .bind(title, ownerId, exceptId ?? "")
    .first();
  if (clash) throw badRequest("Project title already in use");
}

const isBuilder = (c: Context<AppEnv>) => {
  const roles = c.get("roles");
  return Boolean(roles.owner || roles.creator || roles.super);
};

function baseOf(c: Context<AppEnv>) {
  const base = projectBase(c.get("project"), isBuilder(c));
  if (c.req.param("baseId") !== base.id) throw notFound("Base not found");
  return base;
}

/** meta-diff (contract 4.1): what the database changed outside the app, per table. */
async function diff(c: Context<AppEnv>) {
  if (c.req.param("baseId")) baseOf(c);
  const changes = await unwrap(projectRoom(c.env, c.get("project").id).external({ op: "metaDiff" }));
  const baseId = projectBase(c.get("project")).id;
  return changes.map((ch) => ({ ...ch, base_id: baseId }));
}

async function sync(c: Context<AppEnv>) {
  if (c.req.param("baseId")) baseOf(c);
  const project = c.get("project");
  if (!project.source) return { msg: "The project has no external database to sync" };
  await unwrap(projectRoom(c.env, project.id).external({ op: "metaSync" }));
  return { msg: "The meta has been synchronized with the database" };
}

export async function listProjects(c: Context<AppEnv>) {
  const user = (await currentUser(c))!;
  const query = `%${(c.req.query("query") ?? "").toLowerCase()}%`;
  const isSuper = Boolean(toFlags(user.roles).super);
  const { results } = await c.env.META.prepare(
    `SELECT p.*, pu.roles AS member_roles FROM projects p
       LEFT JOIN project_users pu ON pu.project_id = p.id AND pu.user_id = ?1
       WHERE p.deleted = 0 AND lower(p.title) LIKE ?2 AND (pu.user_id IS NOT NULL OR ?3 = 1)
       ORDER BY p.sort_order, p.created_at DESC`,
  )
    .bind(user.id, query, isSuper ? 1 : 0)
    .all<ProjectRow & { member_roles: string | null }>();
  // A super admin sees every project (contract 4.1), each with the role really held: none outside memberships.
  // A token limited to some projects lists only those (issue 41).
  const list = results
    .filter((p) => tokenReaches(c, p.id))
    .map((p) => projectJson(p, { roles: p.member_roles ?? null }));
  return c.json(wholeList(list));
}

export async function createProject(c: Context<AppEnv>) {
  const body = await jsonBody(c, createProjectSchema);
  const external = body.external ? requireOneBase(body.bases) : null;
  const user = (await currentUser(c))!;
  await assertTitleFree(c.env.META, body.title, user.id);
  const ts = now();
  const id = newId("p_");
  // The database is connected and read first: a refusal (400, the database's message) creates nothing.
  let attached: { source: SourceSummary } | null = null;
  if (external) attached = await attachExternal(c, id, external, ts);
  // Project and its owner membership land together or not at all.
  const project = await insertProject(
    c.env.META,
    {
      id,
      title: body.title,
      description: body.description ?? null,
      color: body.color ?? null,
      meta: body.meta ?? "{}",
      source: attached ? JSON.stringify(attached.source) : null,
    },
    user.id,
    ts,
  );
  // The ids the room read from the database are indexed now that the project row exists.
  if (attached) await unwrap(projectRoom(c.env, project.id).pendingIds());
  return c.json(projectJson(project, { roles: "owner", withBases: true, showShare: true }));
}

export function readProject(c: Context<AppEnv>) {
  const roles = c.get("roles");
  return c.json(
    projectJson(c.get("project"), {
      withBases: true,
      showShare: Boolean(roles.owner || roles.creator || roles.super),
    }),
  );
}

export async function updateProject(c: Context<AppEnv>) {
  const body = await jsonBody(c, updateProjectSchema);
  const project = c.get("project");
  if (body.title !== undefined && body.title !== project.title) {
    await assertTitleFree(c.env.META, body.title, project.created_by ?? "", project.id);
  }
  const next = {
    title: body.title ?? project.title,
    description: body.description !== undefined ? body.description : project.description,
    color: body.color !== undefined ? body.color : project.color,
    meta: body.meta ?? project.meta,
    status: body.status !== undefined ? body.status : project.status,
  };
  const res = await c.env.META.prepare(
    "UPDATE projects SET title = ?, description = ?, color = ?, meta = ?, status = ?, updated_at = ? WHERE id = ?",
  )
    .bind(next.title, next.description, next.color, next.meta, next.status, now(), project.id)
    .run();
  return c.json(res.meta.changes);
}

export async function deleteProject(c: Context<AppEnv>) {
  // Soft delete (contract): the project disappears from every list and its shared link dies; it
  // waits in the project trash (project-trash.ts) from `deleted_at` until restored or purged.
  const ts = now();
  await c.env.META.prepare(
    "UPDATE projects SET deleted = 1, deleted_at = ?, shared_uuid = NULL, updated_at = ? WHERE id = ?",
  )
    .bind(ts, ts, c.get("project").id)
    .run();
  await forgetProjectAccess(c.env, c.get("project").id);
  return c.json(true);
}

/** Projects (contract 4.1): the index in D1; each project's data lives in its Durable Object. */
export const projects = new Hono<AppEnv>()
  .get("/", need("projectList"), listProjects)
  .post("/", need("projectCreate"), body(createProjectSchema), createProject)
  .get("/:projectId", need("projectGet"), readProject)
  .patch("/:projectId", need("projectUpdate"), body(updateProjectSchema), updateProject)
  .delete("/:projectId", need("projectDelete"), deleteProject)
  .get("/:projectId/info", need("projectInfoGet"), (c) =>
    c.json({
      Node: "workerd",
      Arch: "edge",
      Platform: "cloudflare-workers",
      Docker: false,
      RootDB: "sqlite3",
      PackageVersion: "0.1.0",
    }),
  )
  // What the project's database holds against its limit (README "Room for the size"): the import
  // checks a file against it before it writes a row.
  .get("/:projectId/usage", need("projectInfoGet"), async (c) =>
    c.json(await unwrap(projectRoom(c.env, c.get("project").id).transfer({ op: "usage" }))),
  )
  .get("/:projectId/bases", need("projectGet"), (c) => {
    const list = [projectBase(c.get("project"), isBuilder(c))];
    return c.json(wholeList(list));
  })
  .get("/:projectId/bases/:baseId", need("projectGet"), (c) => c.json(baseOf(c)))
  .patch("/:projectId/bases/:baseId", need("projectUpdate"), body(updateBaseSchema), async (c) => {
    baseOf(c);
    const input = await jsonBody(c, updateBaseSchema);
    return c.json(await reconnectExternal(c, input));
  })
  .delete("/:projectId/bases/:baseId", need("projectUpdate"), (c) => {
    baseOf(c);
    throw badRequest("A project keeps its one base: delete the project instead");
  })
  .post("/:projectId/bases", need("projectUpdate"), () => {
    throw badRequest("A project has one base: create another project to connect another database");
  })
  .get("/:projectId/meta-diff", need("projectUpdate"), async (c) => c.json(await diff(c)))
  .get("/:projectId/meta-diff/:baseId", need("projectUpdate"), async (c) => c.json(await diff(c)))
  .post("/:projectId/meta-diff", need("projectUpdate"), async (c) => c.json(await sync(c)))
  .post("/:projectId/meta-diff/:baseId", need("projectUpdate"), async (c) => c.json(await sync(c)))
  .route("/", sharedBase)
  .route("/", members);
