/** D1 index of schema ids (tables, columns, views) to their project; see migration 0003. */

export async function indexIds(db: D1Database, projectId: string, ids: string[]) {
  if (ids.length === 0) return;
  await db.batch(ids.map((id) => db.prepare("INSERT OR IGNORE INTO meta_index (id, project_id) VALUES (?, ?)").bind(id, projectId)));
}

export async function unindexIds(db: D1Database, ids: string[]) {
  if (ids.length === 0) return;
  await db.batch(ids.map((id) => db.prepare("DELETE FROM meta_index WHERE id = ?").bind(id)));
}

export async function projectOfId(db: D1Database, id: string): Promise<string | null> {
  const row = await db.prepare("SELECT project_id FROM meta_index WHERE id = ?").bind(id).first<{ project_id: string }>();
  return row?.project_id ?? null;
}
