/** D1 index of schema ids (tables, columns, views) to their project; see migration 0003. */

/** One statement however many ids: they travel as a JSON array (D1 binds at most 100 values). */
export async function indexIds(db: D1Database, projectId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .prepare("INSERT OR IGNORE INTO meta_index (id, project_id) SELECT value, ?1 FROM json_each(?2)")
    .bind(projectId, JSON.stringify(ids))
    .run();
}

export async function unindexIds(db: D1Database, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .prepare("DELETE FROM meta_index WHERE id IN (SELECT value FROM json_each(?1))")
    .bind(JSON.stringify(ids))
    .run();
}

export async function projectOfId(db: D1Database, id: string): Promise<string | null> {
  const row = await db
    .prepare("SELECT project_id FROM meta_index WHERE id = ?")
    .bind(id)
    .first<{ project_id: string }>();
  return row?.project_id ?? null;
}
