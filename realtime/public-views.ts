import type { ProjectStore } from "../db/store/store";

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

/**
 * Drops the shares of views that are gone (a view, or a table with its views, deleted for good):
 * their links 404 at once, and no row is left naming a view that no longer exists. `ids` are
 * view or table ids (the room's answer to a delete, or what a purge took).
 */
export async function dropShares(db: D1Database, projectId: string, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  await db
    .prepare(
      "DELETE FROM shared_views WHERE project_id = ?1 AND (view_id IN (SELECT value FROM json_each(?2)) OR table_id IN (SELECT value FROM json_each(?2)))",
    )
    .bind(projectId, JSON.stringify(ids))
    .run();
}

/**
 * The shares whose view is neither in the project nor in its trash (a view or table entry keeps
 * its views' links for a restore): what a purge or an expiry leaves behind. Read only after one
 * (room-trash.ts), never on the data path.
 */
export async function dropOrphanShares(db: D1Database, projectId: string, store: ProjectStore): Promise<void> {
  const { results } = await db
    .prepare("SELECT view_id, table_id FROM shared_views WHERE project_id = ?")
    .bind(projectId)
    .all<{ view_id: string; table_id: string }>();
  if (!results.length) return;
  const live = new Set(store.exec("SELECT id FROM _nc_views").map((r) => String(r.id)));
  const kept = new Set(
    store
      .exec("SELECT payload ->> '$.main' AS main FROM _nc_trash WHERE kind IN ('view', 'table')")
      .map((r) => String(r.main)),
  );
  const gone = results.filter((r) => !live.has(r.view_id) && !kept.has(r.view_id) && !kept.has(r.table_id));
  await dropShares(
    db,
    projectId,
    gone.map((r) => r.view_id),
  );
}
