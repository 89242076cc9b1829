import type { Context } from "hono";
import type { Action } from "../../../db/acl/matrix";
import type { RoleFlags } from "../../../db/acl/roles";
import { toFlags } from "../../../db/acl/roles";
import { readerOf } from "../../../db/access/rules";
import type { Caller } from "../../../db/views/kinds";
import { badRequest, notFound } from "../../lib/http-error";
import { projectOfId } from "../../lib/meta-index";
import type { ProjectRow } from "../../lib/projects";
import { projectRoom, unwrap } from "../../lib/room";
import { userProjectAccess } from "../../middleware/acl";
import { tokenReaches } from "../../lib/token-limits";
import type { AppEnv, SessionUser } from "../../types";
import { dataAs, type DataPort } from "../data/context";

type Ctx = Context<AppEnv>;

/** A project the token's user may act in, with their roles there. */
export interface ProjectAccess {
  project: ProjectRow;
  flags: RoleFlags;
}

/** A table found for a tool call: its project, the caller's roles there and its rows as they may see them. */
export interface TableAccess extends ProjectAccess {
  /** The table as the data port takes it (id or title; the room resolves it and answers 404 for none). */
  table: string;
  /** Its id and title, looked up only by the tools that need them (meta and views take ids). */
  entry(): Promise<TableEntry>;
  /** The data port of the v1 routes, reading and writing as this user (hidden fields, row rules). */
  rows: DataPort;
  caller: Caller;
}

export const userOf = (c: Ctx): SessionUser => c.get("user")!;

/** The projects the user belongs to (a super admin: every project), as the project list shows them. */
export async function visibleProjects(c: Ctx): Promise<ProjectRow[]> {
  const user = userOf(c);
  const { results } = await c.env.META.prepare(
    `SELECT p.* FROM projects p
     LEFT JOIN project_users pu ON pu.project_id = p.id AND pu.user_id = ?1
     WHERE p.deleted = 0 AND (pu.user_id IS NOT NULL OR ?2 = 1)
     ORDER BY p.sort_order, p.created_at DESC`,
  )
    .bind(user.id, toFlags(user.roles).super ? 1 : 0)
    .all<ProjectRow>();
  // A token limited to some projects sees only those (issue 41).
  return results.filter((p) => tokenReaches(c, p.id));
}

interface TableEntry {
  id: string;
  title: string;
}

export async function tablesOf(c: Ctx, projectId: string): Promise<TableEntry[]> {
  const list = await unwrap(projectRoom(c.env, projectId).schema({ op: "listTables", projectId, includeM2M: false }));
  return list.map((t) => ({ id: t.id, title: t.title }));
}

const named = (key: string) => (t: TableEntry) => t.id === key || t.title.toLowerCase() === key.toLowerCase();

/**
 * The table a tool names (id, or title in `project` or, when no project is given, in the one
 * project of the user's that has it), checked for `action` as the v1 route of the same call is.
 */
export async function locateTable(
  c: Ctx,
  table: string,
  project: string | undefined,
  action: Action,
): Promise<TableAccess> {
  const user = userOf(c);
  let access: ProjectAccess;
  let known: TableEntry | undefined;
  const home = project ? undefined : await projectOfId(c.env.META, table);
  if (project || home) {
    // The project is known: the room resolves the table itself, no listing on the way (speed).
    access = await userProjectAccess(c, user, project ?? home!, action);
  } else {
    const hits = (
      await Promise.all(
        (await visibleProjects(c)).map(async (p) => ({ pid: p.id, t: (await tablesOf(c, p.id)).find(named(table)) })),
      )
    ).filter((h) => h.t);
    if (hits.length > 1)
      throw badRequest(`Table '${table}' is in ${hits.length} projects: name the project (its id or title)`);
    if (!hits[0]) throw notFound(`Table '${table}' not found`);
    access = await userProjectAccess(c, user, hits[0].pid, action);
    known = hits[0].t;
  }
  const { flags } = access;
  const reader = () => readerOf(flags, user.id, user.email);
  const entry = async () => {
    known ??= (await tablesOf(c, access.project.id)).find(named(table));
    if (!known) throw notFound(`Table '${table}' not found in project '${access.project.title}'`);
    return known;
  };
  return {
    ...access,
    table: known?.id ?? table,
    entry,
    rows: dataAs(c, access.project.id, reader),
    caller: { userId: user.id, builder: Boolean(flags.owner || flags.creator || flags.super) },
  };
}
