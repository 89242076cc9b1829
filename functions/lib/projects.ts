import type { ProjectRole } from "../../db/acl/roles";

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
}

/** A live project by id, or by title among the projects this user belongs to (contract 1.1). */
export async function findProject(db: D1Database, idOrTitle: string, userId: string | null): Promise<ProjectRow | null> {
  const byId = await db.prepare("SELECT * FROM projects WHERE id = ? AND deleted = 0").bind(idOrTitle).first<ProjectRow>();
  if (byId || !userId) return byId;
  const { results } = await db
    .prepare(
      `SELECT p.* FROM projects p JOIN project_users pu ON pu.project_id = p.id
       WHERE p.title = ? AND p.deleted = 0 AND pu.user_id = ? LIMIT 2`,
    )
    .bind(idOrTitle, userId)
    .all<ProjectRow>();
  return results.length === 1 ? results[0]! : null;
}

export async function findMembership(db: D1Database, projectId: string, userId: string): Promise<ProjectRole | null> {
  const row = await db
    .prepare("SELECT roles FROM project_users WHERE project_id = ? AND user_id = ?")
    .bind(projectId, userId)
    .first<{ roles: ProjectRole }>();
  return row?.roles ?? null;
}

export async function findSharedProject(db: D1Database, uuid: string): Promise<ProjectRow | null> {
  return db.prepare("SELECT * FROM projects WHERE shared_uuid = ? AND deleted = 0").bind(uuid).first<ProjectRow>();
}
