/**
 * Versioned DDL of a project's meta tables. Append, never edit a shipped step: every project's
 * Durable Object applies the steps it has not seen, in order, in one transaction, at start-up.
 */
export const PROJECT_MIGRATIONS: readonly string[][] = [
  [
    `CREATE TABLE _nc_models (
      id TEXT PRIMARY KEY, title TEXT NOT NULL, table_name TEXT NOT NULL UNIQUE,
      type TEXT NOT NULL DEFAULT 'table', mm INTEGER NOT NULL DEFAULT 0, meta TEXT NOT NULL DEFAULT '{}',
      sort_order INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
    `CREATE TABLE _nc_columns (
      id TEXT PRIMARY KEY, fk_model_id TEXT NOT NULL REFERENCES _nc_models(id) ON DELETE CASCADE,
      title TEXT NOT NULL, column_name TEXT, uidt TEXT NOT NULL, dt TEXT,
      pk INTEGER NOT NULL DEFAULT 0, pv INTEGER NOT NULL DEFAULT 0, ai INTEGER NOT NULL DEFAULT 0,
      rqd INTEGER NOT NULL DEFAULT 0, is_unique INTEGER NOT NULL DEFAULT 0, system INTEGER NOT NULL DEFAULT 0,
      cdf TEXT, meta TEXT NOT NULL DEFAULT '{}', col_options TEXT, description TEXT,
      sort_order INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
    `CREATE INDEX _nc_columns_model ON _nc_columns (fk_model_id, sort_order)`,
    `CREATE TABLE _nc_views (
      id TEXT PRIMARY KEY, fk_model_id TEXT NOT NULL REFERENCES _nc_models(id) ON DELETE CASCADE,
      title TEXT NOT NULL, type INTEGER NOT NULL, is_default INTEGER NOT NULL DEFAULT 0,
      lock_type TEXT NOT NULL DEFAULT 'collaborative', meta TEXT NOT NULL DEFAULT '{}',
      sort_order INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
    `CREATE INDEX _nc_views_model ON _nc_views (fk_model_id, sort_order)`,
  ],
  [
    // Row history and comments (contract 4.9): op_type DATA or COMMENT, details JSON of changes.
    `CREATE TABLE _nc_audit (
      id TEXT PRIMARY KEY, fk_model_id TEXT NOT NULL, row_id TEXT, op_type TEXT NOT NULL, op_sub_type TEXT,
      user TEXT, user_id TEXT, description TEXT, details TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
    `CREATE INDEX _nc_audit_row ON _nc_audit (fk_model_id, row_id, created_at)`,
  ],
];

/** Applies the steps after `applied` through `run`; returns the new version. */
export function migrate(applied: number, run: (sql: string) => void): number {
  for (let v = applied; v < PROJECT_MIGRATIONS.length; v++) {
    for (const statement of PROJECT_MIGRATIONS[v]!) run(statement);
  }
  return PROJECT_MIGRATIONS.length;
}
