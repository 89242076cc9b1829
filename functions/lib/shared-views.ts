/** The D1 rows of shared views (migration 0007): a view's public link, its password hash and options. */
export interface ShareRow {
  view_id: string;
  project_id: string;
  table_id: string;
  uuid: string | null;
  password_hash: string | null;
  meta: string;
  version: number;
  updated_at: string;
}

export async function shareOfView(db: D1Database, viewId: string): Promise<ShareRow | null> {
  return db.prepare("SELECT * FROM shared_views WHERE view_id = ?").bind(viewId).first<ShareRow>();
}

export async function shareOfUuid(db: D1Database, uuid: string): Promise<ShareRow | null> {
  return db.prepare("SELECT * FROM shared_views WHERE uuid = ?").bind(uuid).first<ShareRow>();
}

export async function sharesOfTable(db: D1Database, projectId: string, tableId: string): Promise<ShareRow[]> {
  const { results } = await db
    .prepare("SELECT * FROM shared_views WHERE project_id = ? AND table_id = ? AND uuid IS NOT NULL")
    .bind(projectId, tableId)
    .all<ShareRow>();
  return results ?? [];
}

/** Creates the share row or changes the given parts of it; every change bumps `version`. */
export async function saveShare(
  db: D1Database,
  key: { viewId: string; projectId: string; tableId: string },
  set: { uuid?: string | null; passwordHash?: string | null; meta?: string },
): Promise<ShareRow> {
  const now = new Date().toISOString();
  const row = await db
    .prepare(
      `INSERT INTO shared_views (view_id, project_id, table_id, uuid, password_hash, meta, version, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, coalesce(?6, '{}'), 1, ?7)
       ON CONFLICT(view_id) DO UPDATE SET
         uuid = CASE WHEN ?8 THEN excluded.uuid ELSE shared_views.uuid END,
         password_hash = CASE WHEN ?9 THEN excluded.password_hash ELSE shared_views.password_hash END,
         meta = CASE WHEN ?6 IS NOT NULL THEN ?6 ELSE shared_views.meta END,
         version = shared_views.version + 1,
         updated_at = ?7
       RETURNING *`,
    )
    .bind(
      key.viewId,
      key.projectId,
      key.tableId,
      set.uuid ?? null,
      set.passwordHash ?? null,
      set.meta ?? null,
      now,
      set.uuid !== undefined ? 1 : 0,
      set.passwordHash !== undefined ? 1 : 0,
    )
    .first<ShareRow>();
  return row!;
}

export { dropShares, publicViewIds } from "../../realtime/public-views";
