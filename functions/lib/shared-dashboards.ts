/** The D1 rows of shared dashboards (migration 0009): a dashboard's public link, password hash and expiry. */
export interface DashboardShareRow {
  dashboard_id: string;
  project_id: string;
  uuid: string;
  password_hash: string | null;
  expires_at: string | null;
  version: number;
  updated_at: string;
}

export async function shareOfDashboard(db: D1Database, dashboardId: string): Promise<DashboardShareRow | null> {
  return db
    .prepare("SELECT * FROM shared_dashboards WHERE dashboard_id = ?")
    .bind(dashboardId)
    .first<DashboardShareRow>();
}

export async function dashboardShareOfUuid(db: D1Database, uuid: string): Promise<DashboardShareRow | null> {
  return db.prepare("SELECT * FROM shared_dashboards WHERE uuid = ?").bind(uuid).first<DashboardShareRow>();
}

/**
 * Shares the dashboard (a new uuid the first time) or changes the given parts of its share; every
 * change bumps `version`, so the edge cache's key changes with it.
 */
export async function saveDashboardShare(
  db: D1Database,
  key: { dashboardId: string; projectId: string },
  set: { passwordHash?: string | null; expiresAt?: string | null },
): Promise<DashboardShareRow> {
  const now = new Date().toISOString();
  const row = await db
    .prepare(
      `INSERT INTO shared_dashboards (dashboard_id, project_id, uuid, password_hash, expires_at, version, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, 1, ?6)
       ON CONFLICT(dashboard_id) DO UPDATE SET
         password_hash = CASE WHEN ?7 THEN excluded.password_hash ELSE shared_dashboards.password_hash END,
         expires_at = CASE WHEN ?8 THEN excluded.expires_at ELSE shared_dashboards.expires_at END,
         version = shared_dashboards.version + 1,
         updated_at = ?6
       RETURNING *`,
    )
    .bind(
      key.dashboardId,
      key.projectId,
      crypto.randomUUID(),
      set.passwordHash ?? null,
      set.expiresAt ?? null,
      now,
      set.passwordHash !== undefined ? 1 : 0,
      set.expiresAt !== undefined ? 1 : 0,
    )
    .first<DashboardShareRow>();
  return row!;
}

export async function dropDashboardShare(db: D1Database, dashboardId: string): Promise<void> {
  await db.prepare("DELETE FROM shared_dashboards WHERE dashboard_id = ?").bind(dashboardId).run();
}

/** What the share routes and the dashboard's meta say of a share: never the password's hash. */
export function shareJson(s: DashboardShareRow | null) {
  return s ? { uuid: s.uuid, password_protected: Boolean(s.password_hash), expires_at: s.expires_at } : null;
}
