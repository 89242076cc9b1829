/** Meta tables whose ids routes name without their project (functions/middleware/acl.ts). */
export const JOURNALED_TABLES = [
  "_nc_models",
  "_nc_columns",
  "_nc_views",
  "_nc_view_columns",
  "_nc_filters",
  "_nc_sorts",
  "_nc_hooks",
] as const;

/**
 * Every meta table whose ids the journal hands to the Worker's index: the journaled tables of the
 * id journal's own step, and those whose triggers later steps made (dashboards, issue 38).
 */
export const INDEXED_TABLES = [...JOURNALED_TABLES, "_nc_dashboards"] as const;

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
  [
    // Views (contract 1.10, 4.4-4.7): grid settings on the view, one view-column row per table
    // column per view, saved filters (a tree through fk_parent_id) and sorts. Orders are REAL
    // because clients reorder by placing an item between two others. `indexed` marks view-column
    // rows already in the Worker's id-to-project index. fk_view_id of a filter stays nullable
    // for webhook filters (fk_hook_id) later.
    `ALTER TABLE _nc_views ADD COLUMN show_system_fields INTEGER NOT NULL DEFAULT 0`,
    `ALTER TABLE _nc_views ADD COLUMN row_height INTEGER`,
    `ALTER TABLE _nc_views ADD COLUMN grid_meta TEXT NOT NULL DEFAULT '{}'`,
    `CREATE TABLE _nc_view_columns (
      id TEXT PRIMARY KEY, fk_view_id TEXT NOT NULL REFERENCES _nc_views(id) ON DELETE CASCADE,
      fk_column_id TEXT NOT NULL REFERENCES _nc_columns(id) ON DELETE CASCADE,
      show INTEGER NOT NULL DEFAULT 1, sort_order REAL NOT NULL DEFAULT 0, width TEXT,
      indexed INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
      UNIQUE (fk_view_id, fk_column_id))`,
    `CREATE INDEX _nc_view_columns_column ON _nc_view_columns (fk_column_id)`,
    `CREATE TABLE _nc_filters (
      id TEXT PRIMARY KEY, fk_view_id TEXT REFERENCES _nc_views(id) ON DELETE CASCADE, fk_hook_id TEXT,
      fk_parent_id TEXT REFERENCES _nc_filters(id) ON DELETE CASCADE,
      fk_column_id TEXT REFERENCES _nc_columns(id) ON DELETE CASCADE,
      logical_op TEXT NOT NULL DEFAULT 'and', comparison_op TEXT, comparison_sub_op TEXT, value TEXT,
      is_group INTEGER NOT NULL DEFAULT 0, sort_order REAL NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
    `CREATE INDEX _nc_filters_view ON _nc_filters (fk_view_id, fk_parent_id, sort_order)`,
    `CREATE INDEX _nc_filters_column ON _nc_filters (fk_column_id)`,
    `CREATE TABLE _nc_sorts (
      id TEXT PRIMARY KEY, fk_view_id TEXT NOT NULL REFERENCES _nc_views(id) ON DELETE CASCADE,
      fk_column_id TEXT NOT NULL REFERENCES _nc_columns(id) ON DELETE CASCADE,
      direction TEXT NOT NULL DEFAULT 'asc', sort_order REAL NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
    `CREATE INDEX _nc_sorts_view ON _nc_sorts (fk_view_id, sort_order)`,
    `CREATE INDEX _nc_sorts_column ON _nc_sorts (fk_column_id)`,
  ],
  [
    // Webhooks (contract 4.8): hooks per table, their conditions in _nc_filters (fk_hook_id), the
    // delivery queue the room's alarm drains, and the last deliveries of each hook.
    `CREATE TABLE _nc_hooks (
      id TEXT PRIMARY KEY, fk_model_id TEXT NOT NULL REFERENCES _nc_models(id) ON DELETE CASCADE,
      title TEXT NOT NULL, description TEXT, event TEXT NOT NULL, operation TEXT NOT NULL,
      notification TEXT NOT NULL, active INTEGER NOT NULL DEFAULT 1, condition INTEGER NOT NULL DEFAULT 0,
      retries INTEGER NOT NULL DEFAULT 0, retry_interval INTEGER NOT NULL DEFAULT 60000,
      timeout INTEGER NOT NULL DEFAULT 60000, version TEXT NOT NULL DEFAULT 'v2',
      created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
    `CREATE INDEX _nc_hooks_model ON _nc_hooks (fk_model_id, operation)`,
    `CREATE INDEX _nc_filters_hook ON _nc_filters (fk_hook_id)`,
    `CREATE TABLE _nc_hook_queue (
      id INTEGER PRIMARY KEY, fk_hook_id TEXT NOT NULL, payload TEXT NOT NULL,
      attempt INTEGER NOT NULL DEFAULT 0, due_at INTEGER NOT NULL, created_at INTEGER NOT NULL)`,
    `CREATE INDEX _nc_hook_queue_due ON _nc_hook_queue (due_at)`,
    `CREATE TABLE _nc_hook_logs (
      id INTEGER PRIMARY KEY, fk_hook_id TEXT NOT NULL, event TEXT, operation TEXT, test INTEGER NOT NULL DEFAULT 0,
      attempt INTEGER NOT NULL, status INTEGER, ok INTEGER NOT NULL, response TEXT, error TEXT,
      duration INTEGER NOT NULL, created_at TEXT NOT NULL)`,
    `CREATE INDEX _nc_hook_logs_hook ON _nc_hook_logs (fk_hook_id, id)`,
  ],
  [
    // Form, gallery, kanban and calendar views (contract 4.4): who made a view (personal views),
    // the sub-view settings as one JSON object, and the per-question settings of form columns.
    `ALTER TABLE _nc_views ADD COLUMN created_by TEXT`,
    `ALTER TABLE _nc_views ADD COLUMN sub_meta TEXT NOT NULL DEFAULT '{}'`,
    `ALTER TABLE _nc_view_columns ADD COLUMN label TEXT`,
    `ALTER TABLE _nc_view_columns ADD COLUMN help TEXT`,
    `ALTER TABLE _nc_view_columns ADD COLUMN description TEXT`,
    `ALTER TABLE _nc_view_columns ADD COLUMN required INTEGER NOT NULL DEFAULT 0`,
    `ALTER TABLE _nc_view_columns ADD COLUMN vc_meta TEXT NOT NULL DEFAULT '{}'`,
  ],
  [
    // "Created by" / "Last modified by" (issue 23): the users who wrote rows, so a page shows
    // and sorts their names in SQL next to the data (db/rows/row-users.ts).
    `CREATE TABLE _nc_row_users (id TEXT PRIMARY KEY, email TEXT NOT NULL, display_name TEXT)`,
  ],
  [
    // Field permissions and row rules (issue 23): per table and role (editor, commenter, viewer),
    // fields as {columnId: "read-only" | "hidden"} and the row rule as a filterArrJson tree.
    `CREATE TABLE _nc_table_access (
      fk_model_id TEXT NOT NULL REFERENCES _nc_models(id) ON DELETE CASCADE, role TEXT NOT NULL,
      fields TEXT NOT NULL DEFAULT '{}', row_rule TEXT, updated_at TEXT NOT NULL,
      PRIMARY KEY (fk_model_id, role))`,
  ],
  [
    // The id journal (issue 12): every id a route may name (table, field, view, view column,
    // filter, sort, hook) made or removed, by any path, cascades included, until the room hands
    // it to the Worker's id-to-project index (db/store/id-journal.ts). View-column rows never
    // listed yet are handed over once too; `indexed` of _nc_view_columns is no longer read.
    `CREATE TABLE _nc_id_journal (id TEXT NOT NULL, added INTEGER NOT NULL)`,
    ...JOURNALED_TABLES.flatMap((t) => [
      `CREATE TRIGGER ${t}_made AFTER INSERT ON ${t} BEGIN INSERT INTO _nc_id_journal VALUES (new.id, 1); END`,
      `CREATE TRIGGER ${t}_gone AFTER DELETE ON ${t} BEGIN INSERT INTO _nc_id_journal VALUES (old.id, 0); END`,
    ]),
    `INSERT INTO _nc_id_journal (id, added) SELECT id, 1 FROM _nc_view_columns WHERE indexed = 0`,
  ],
  [
    // Row history without an index on its id (issue 14): nothing looks an entry up by id (history
    // is read by table and record), and the id's unique index was one more b-tree page written,
    // and synced, by every single-row update (measured in workerd: about 0.1 ms of an update's
    // 1.3). SQLite cannot drop a primary key, so the table is rebuilt in its own order.
    `CREATE TABLE _nc_audit_new (
      id TEXT NOT NULL, fk_model_id TEXT NOT NULL, row_id TEXT, op_type TEXT NOT NULL, op_sub_type TEXT,
      user TEXT, user_id TEXT, description TEXT, details TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
    `INSERT INTO _nc_audit_new (id, fk_model_id, row_id, op_type, op_sub_type, user, user_id, description, details, created_at, updated_at)
       SELECT id, fk_model_id, row_id, op_type, op_sub_type, user, user_id, description, details, created_at, updated_at
       FROM _nc_audit ORDER BY rowid`,
    `DROP TABLE _nc_audit`,
    `ALTER TABLE _nc_audit_new RENAME TO _nc_audit`,
    `CREATE INDEX _nc_audit_row ON _nc_audit (fk_model_id, row_id, created_at)`,
  ],
  [
    // A delivery's payload beside its log entry (issue 42): shown in the delivery log and sent
    // again by "Redeliver".
    `ALTER TABLE _nc_hook_logs ADD COLUMN payload TEXT`,
  ],
  [
    // The trash (issue 35): what a delete took, kept until restored or purged (db/trash/). One
    // entry per record, field, table or view; `payload` holds what the kind needs to put it back
    // (a record's stored values and links, a field's or table's meta rows and the name its data
    // was moved to). `batch` groups the entries of one request, so an undo restores them together.
    // A table of its own: live reads never filter deleted rows out.
    `CREATE TABLE _nc_trash (
      id TEXT PRIMARY KEY, kind TEXT NOT NULL, title TEXT NOT NULL, fk_model_id TEXT, row_id TEXT,
      batch TEXT, deleted_by TEXT, deleted_at TEXT NOT NULL, payload TEXT NOT NULL DEFAULT '{}')`,
    `CREATE INDEX _nc_trash_time ON _nc_trash (deleted_at)`,
    `CREATE INDEX _nc_trash_row ON _nc_trash (fk_model_id, row_id)`,
    `CREATE INDEX _nc_trash_batch ON _nc_trash (batch)`,
  ],
  [
    // Snapshots (issue 35): the list of the project's snapshots, whose dumps live in R2 under
    // `snapshots/<projectId>/<id>.ndjson.gz` (db/project/dump.ts). The room's own bookkeeping: not
    // in a dump itself, so a restore keeps the list. `reason` and `subject`: why the app took it by
    // itself (db/project/snapshot-requests.ts), for the web to say. _nc_snapshot_files: the upload
    // paths each snapshot names, which the attachment clean-up keeps while the snapshot exists (a
    // row each: a project's paths may be more than one value of 2 MB holds).
    `CREATE TABLE _nc_snapshots (
      id TEXT PRIMARY KEY, title TEXT NOT NULL, kind TEXT NOT NULL, created_at TEXT NOT NULL,
      size INTEGER NOT NULL DEFAULT 0, tables INTEGER NOT NULL DEFAULT 0, rows INTEGER NOT NULL DEFAULT 0,
      created_by TEXT, reason TEXT, subject TEXT)`,
    `CREATE INDEX _nc_snapshots_time ON _nc_snapshots (kind, created_at)`,
    `CREATE TABLE _nc_snapshot_files (snapshot_id TEXT NOT NULL, path TEXT NOT NULL)`,
    `CREATE INDEX _nc_snapshot_files_path ON _nc_snapshot_files (path)`,
    `CREATE INDEX _nc_snapshot_files_snapshot ON _nc_snapshot_files (snapshot_id)`,
  ],
  [
    // A deleted record's values too large to share its trash entry's one JSON text with the rest
    // (SQLite holds at most 2 MB in one value; a row may hold several such values): kept here one
    // value each, as stored, going with their entry (db/trash/capture.ts).
    `CREATE TABLE _nc_kept_cells (
      fk_trash_id TEXT NOT NULL REFERENCES _nc_trash(id) ON DELETE CASCADE, name TEXT NOT NULL, value)`,
    `CREATE INDEX _nc_kept_cells_entry ON _nc_kept_cells (fk_trash_id)`,
  ],
  [
    // Dashboards (issue 38): a project's dashboards and their widgets (db/dashboards/). A widget
    // names its table, view and fields by id inside `config`, so a table or field deleted later
    // leaves the widget, which then answers a clear error. Dashboard ids go to the Worker's
    // id-to-project index as the journaled tables' do (routes name a dashboard without its project).
    `CREATE TABLE _nc_dashboards (
      id TEXT PRIMARY KEY, title TEXT NOT NULL, sort_order REAL NOT NULL DEFAULT 0,
      meta TEXT NOT NULL DEFAULT '{}', created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
    `CREATE TABLE _nc_widgets (
      id TEXT PRIMARY KEY, fk_dashboard_id TEXT NOT NULL REFERENCES _nc_dashboards(id) ON DELETE CASCADE,
      type TEXT NOT NULL, title TEXT NOT NULL DEFAULT '', fk_model_id TEXT, fk_view_id TEXT,
      config TEXT NOT NULL DEFAULT '{}', position TEXT NOT NULL DEFAULT '{}',
      created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
    `CREATE INDEX _nc_widgets_dashboard ON _nc_widgets (fk_dashboard_id)`,
    `CREATE INDEX _nc_widgets_model ON _nc_widgets (fk_model_id)`,
    `CREATE TRIGGER _nc_dashboards_made AFTER INSERT ON _nc_dashboards BEGIN INSERT INTO _nc_id_journal VALUES (new.id, 1); END`,
    `CREATE TRIGGER _nc_dashboards_gone AFTER DELETE ON _nc_dashboards BEGIN INSERT INTO _nc_id_journal VALUES (old.id, 0); END`,
  ],
  [
    // Automations (issue 39, db/automations/): a trigger and steps per automation (`steps` with
    // its secrets sealed), the table it listens to and its kind for the write path's one lookup,
    // a webhook trigger's secret, a schedule's next time. Its runs are the room's durable queue:
    // one row per run, written in the transaction of the write that triggered it, advanced step
    // by step by the object's alarm (`due_at`: when it may go on; `step_index`: the next step).
    `CREATE TABLE _nc_automations (
      id TEXT PRIMARY KEY, title TEXT NOT NULL, active INTEGER NOT NULL DEFAULT 1,
      trigger_type TEXT NOT NULL, fk_model_id TEXT, trigger TEXT NOT NULL DEFAULT '{}', steps TEXT NOT NULL DEFAULT '[]',
      webhook_secret TEXT, next_run_at INTEGER, created_by TEXT, created_by_email TEXT, builder_role TEXT,
      created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
    `CREATE INDEX _nc_automations_model ON _nc_automations (fk_model_id, trigger_type)`,
    `CREATE TABLE _nc_automation_runs (
      id INTEGER PRIMARY KEY, fk_automation_id TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'queued',
      trigger TEXT NOT NULL DEFAULT '{}', row_id TEXT, depth INTEGER NOT NULL DEFAULT 0,
      step_index INTEGER NOT NULL DEFAULT 0, attempt INTEGER NOT NULL DEFAULT 0, due_at INTEGER NOT NULL,
      steps TEXT NOT NULL DEFAULT '[]', error TEXT, created_at INTEGER NOT NULL, started_at INTEGER, finished_at INTEGER)`,
    `CREATE INDEX _nc_automation_runs_due ON _nc_automation_runs (due_at) WHERE status IN ('queued', 'running')`,
    `CREATE INDEX _nc_automation_runs_list ON _nc_automation_runs (fk_automation_id, id)`,
  ],
  [
    // A bulk write's runs as one compact entry (db/automations/batches.ts): the automation, the
    // trigger, the row ids as ranges; the alarm expands it into runs, so a 10,000-row insert
    // writes one row here in its transaction instead of 10,000 runs and their index entries.
    `CREATE TABLE _nc_automation_batches (
      id INTEGER PRIMARY KEY, fk_automation_id TEXT NOT NULL, trigger TEXT NOT NULL, depth INTEGER NOT NULL,
      max_depth INTEGER NOT NULL, row_ids TEXT NOT NULL, due_at INTEGER NOT NULL, created_at INTEGER NOT NULL)`,
  ],
];

/** Applies the steps after `applied` through `run`; returns the new version. */
export function migrate(applied: number, run: (sql: string) => void): number {
  for (let v = applied; v < PROJECT_MIGRATIONS.length; v++) {
    for (const statement of PROJECT_MIGRATIONS[v]!) run(statement);
  }
  return PROJECT_MIGRATIONS.length;
}
