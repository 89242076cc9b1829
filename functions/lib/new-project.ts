import { newId } from "../../db/ids";
import { PROJECT_TITLE_MAX } from "../../db/project/rules";
import { badRequest } from "./http-error";
import type { ProjectRow } from "./projects";

/** Titles are unique among one owner's live projects (contract 4.1: "Project title already in use"). */
export async function assertTitleFree(db: D1Database, title: string, ownerId: string, exceptId?: string) {
  if (await titleTaken(db, title, ownerId, exceptId)) throw badRequest("Project title already in use");
}

async function titleTaken(db: D1Database, title: string, ownerId: string, exceptId?: string) {
  const clash = await db
    .prepare("SELECT id FROM projects WHERE title = ? AND created_by = ? AND deleted = 0 AND id != ?")
    .bind(title, ownerId, exceptId ?? "")
    .first();
  return Boolean(clash);
}

/**
 * `title`, or the first of "title (2)", "title (3)"... the owner does not use yet (an imported,
 * duplicated or restored project never fails on a name the person did not choose).
 */
export async function freeTitle(db: D1Database, title: string, ownerId: string, exceptId?: string) {
  const base = title.trim().slice(0, PROJECT_TITLE_MAX) || "Project";
  if (!(await titleTaken(db, base, ownerId, exceptId))) return base;
  for (let i = 2; ; i++) {
    const suffix = ` (${i})`;
    const next = base.slice(0, PROJECT_TITLE_MAX - suffix.length).trimEnd() + suffix;
    if (!(await titleTaken(db, next, ownerId, exceptId))) return next;
  }
}

export interface NewProject {
  title: string;
  description?: string | null;
  color?: string | null;
  meta?: string | null;
  /** External base summary (JSON, no credentials). */
  source?: string | null;
  id?: string;
}

/** The project's row and its owner's membership, together or not at all (POST /projects, import, duplicate). */
export async function insertProject(db: D1Database, ownerId: string, input: NewProject): Promise<ProjectRow> {
  const ts = new Date().toISOString();
  const project: ProjectRow = {
    id: input.id ?? newId("p_"),
    title: input.title,
    description: input.description ?? null,
    color: input.color ?? null,
    meta: input.meta ?? "{}",
    status: null,
    shared_uuid: null,
    shared_role: null,
    deleted: 0,
    sort_order: 0,
    created_by: ownerId,
    created_at: ts,
    updated_at: ts,
    source: input.source ?? null,
  };
  await db.batch([
    db
      .prepare(
        `INSERT INTO projects (id, title, description, color, meta, deleted, sort_order, created_by, created_at, updated_at, source)
         VALUES (?, ?, ?, ?, ?, 0, 0, ?, ?, ?, ?)`,
      )
      .bind(
        project.id,
        project.title,
        project.description,
        project.color,
        project.meta,
        ownerId,
        ts,
        ts,
        project.source,
      ),
    db
      .prepare(
        "INSERT INTO project_users (project_id, user_id, roles, created_at, updated_at) VALUES (?, ?, 'owner', ?, ?)",
      )
      .bind(project.id, ownerId, ts, ts),
  ]);
  return project;
}
