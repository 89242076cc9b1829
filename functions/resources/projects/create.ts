import { PROJECT_TITLE_MAX } from "../../../db/project/rules";
import type { ProjectRow } from "../../lib/projects";

/**
 * A new project's D1 rows: the project and its owner's membership, together or not at all
 * (POST /projects, and a snapshot restored as a new project). The project's room is created on
 * first use.
 */
export async function insertProject(
  db: D1Database,
  fields: Pick<ProjectRow, "id" | "title" | "description" | "color" | "meta" | "source">,
  ownerId: string,
  ts: string,
): Promise<ProjectRow> {
  const project: ProjectRow = {
    ...fields,
    status: null,
    shared_uuid: null,
    shared_role: null,
    deleted: 0,
    sort_order: 0,
    created_by: ownerId,
    created_at: ts,
    updated_at: ts,
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
        project.source ?? null,
      ),
    db
      .prepare(
        "INSERT INTO project_users (project_id, user_id, roles, created_at, updated_at) VALUES (?, ?, 'owner', ?, ?)",
      )
      .bind(project.id, ownerId, ts, ts),
  ]);
  return project;
}

/**
 * A title for a copy that no other live project of the owner uses: `wanted`, else `wanted (2)`,
 * `(3)`..., cut to the title limit.
 */
export async function freeTitle(db: D1Database, wanted: string, ownerId: string): Promise<string> {
  const { results } = await db
    .prepare("SELECT title FROM projects WHERE created_by = ? AND deleted = 0")
    .bind(ownerId)
    .all<{ title: string }>();
  const taken = new Set(results.map((r) => r.title));
  const fit = (s: string, tail = "") => s.slice(0, PROJECT_TITLE_MAX - tail.length).trimEnd() + tail;
  let title = fit(wanted);
  for (let n = 2; taken.has(title); n++) title = fit(wanted, ` (${n})`);
  return title;
}
