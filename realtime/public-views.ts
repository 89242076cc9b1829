/**
 * The project's views that have a public link (D1 `shared_views`): a field added later starts
 * hidden in them (issue 42), whether a builder added it or a sync of an external database found
 * it. The room reads it itself when it syncs on its own (on drift, on schedule); the Worker reads
 * it before asking the room to add a field (functions/lib/shared-views.ts).
 */
export async function publicViewIds(db: D1Database, projectId: string): Promise<string[]> {
  const { results } = await db
    .prepare("SELECT view_id FROM shared_views WHERE project_id = ? AND uuid IS NOT NULL")
    .bind(projectId)
    .all<{ view_id: string }>();
  return results.map((r) => r.view_id);
}
