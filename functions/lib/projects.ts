import type { ProjectRole } from "../../db/acl/roles";
import type { SessionUser } from "./session-user";
import type { TokenClaims } from "./jwt";

export interface ProjectRow {
  id: string;
  title: string;
  description: string | null;
  color: string | null;
  meta: string;
  status: string | null;
  shared_uuid: string | null;
  shared_role: string | null;
  deleted: number;
  sort_order: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  /** External base summary (JSON, no credentials); null for a native project. */
  source?: string | null;
}

/** The project (by id, else by title among the user's) with the user's role in it, in one query. */
export async function findProjectWithRole(
  db: D1Database,
  idOrTitle: string,
  userId: string,
  /** The caller already knows no project has this id: look by title only. */
  titleOnly = false,
): Promise<{ project: ProjectRow; role: ProjectRole | null } | null> {
  const query = (match: string) =>
    db
      .prepare(
        `SELECT p.*, pu.roles AS member_role FROM projects p
         LEFT JOIN project_users pu ON pu.project_id = p.id AND pu.user_id = ?2
         WHERE ${match} AND p.deleted = 0 LIMIT 2`,
      )
      .bind(idOrTitle, userId)
      .all<ProjectRow & { member_role: ProjectRole | null }>();
  let results = titleOnly ? [] : (await query("p.id = ?1")).results;
  // A title names a project only among the user's own, and only when it is unambiguous.
  if (results.length === 0) results = (await query("p.title = ?1 AND pu.user_id IS NOT NULL")).results;
  if (results.length !== 1) return null;
  const { member_role, ...project } = results[0]!;
  return { project, role: member_role };
}

export async function findSharedProject(db: D1Database, uuid: string): Promise<ProjectRow | null> {
  return db.prepare("SELECT * FROM projects WHERE shared_uuid = ? AND deleted = 0").bind(uuid).first<ProjectRow>();
}

/**
 * A session's user (only while its token_version matches) with the project named by id or title
 * and the user's role in it, in one round trip. `project` is null when no such project exists.
 */
export async function findSessionProject(db: D1Database, claims: TokenClaims, key: string) {
  const row = await db
    .prepare(
      `SELECT u.id AS u_id, u.email AS u_email, u.firstname AS u_firstname, u.lastname AS u_lastname,
              u.roles AS u_roles, u.token_version AS u_token_version, p.*, pu.roles AS member_role
       FROM users u
       LEFT JOIN projects p ON p.id = ?2 AND p.deleted = 0
       LEFT JOIN project_users pu ON pu.project_id = p.id AND pu.user_id = u.id
       WHERE u.id = ?1`,
    )
    .bind(claims.id, key)
    .first<Record<string, unknown>>();
  if (!row || row.u_token_version !== claims.token_version) return null;
  const user: SessionUser = {
    id: row.u_id as string,
    email: row.u_email as string,
    firstname: row.u_firstname as string | null,
    lastname: row.u_lastname as string | null,
    roles: row.u_roles as string,
    token_version: row.u_token_version as string,
  };
  if (row.id === null) {
    const byTitle = await findProjectWithRole(db, key, user.id, true);
    return { user, project: byTitle?.project ?? null, role: byTitle?.role ?? null };
  }
  const project = Object.fromEntries(
    Object.entries(row).filter(([k]) => !k.startsWith("u_") && k !== "member_role"),
  ) as unknown as ProjectRow;
  return { user, project, role: (row.member_role as ProjectRole | null) ?? null };
}
