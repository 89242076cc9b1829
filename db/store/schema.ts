import { integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { UIType } from "../fields/types";

/**
 * Schema meta tables inside each project's Durable Object SQLite (drizzle definitions).
 * The DDL that creates them is migrations.ts; tests/integration/store-schema.test.ts checks the two agree.
 * Names start with `_nc_` so they never collide with user tables.
 */
export const models = sqliteTable("_nc_models", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  tableName: text("table_name").notNull(),
  type: text("type").notNull().default("table"),
  mm: integer("mm").notNull().default(0),
  meta: text("meta").notNull().default("{}"),
  order: integer("sort_order").notNull().default(0),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const columns = sqliteTable("_nc_columns", {
  id: text("id").primaryKey(),
  modelId: text("fk_model_id").notNull(),
  title: text("title").notNull(),
  columnName: text("column_name"),
  // Only registry names are written (db/schema/column-def.ts validates them), so rows read as UIType.
  uidt: text("uidt").$type<UIType>().notNull(),
  dt: text("dt"),
  pk: integer("pk").notNull().default(0),
  pv: integer("pv").notNull().default(0),
  ai: integer("ai").notNull().default(0),
  rqd: integer("rqd").notNull().default(0),
  unique: integer("is_unique").notNull().default(0),
  system: integer("system").notNull().default(0),
  cdf: text("cdf"),
  meta: text("meta").notNull().default("{}"),
  colOptions: text("col_options"),
  description: text("description"),
  order: integer("sort_order").notNull().default(0),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const views = sqliteTable("_nc_views", {
  id: text("id").primaryKey(),
  modelId: text("fk_model_id").notNull(),
  title: text("title").notNull(),
  /** 1 form, 2 gallery, 3 grid, 4 kanban, 5 map, 6 calendar (contract 1.10). */
  type: integer("type").notNull(),
  isDefault: integer("is_default").notNull().default(0),
  lockType: text("lock_type").notNull().default("collaborative"),
  meta: text("meta").notNull().default("{}"),
  order: integer("sort_order").notNull().default(0),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  showSystemFields: integer("show_system_fields").notNull().default(0),
  /** Grid sub-view settings (contract 1.10 "Grid"): kept on the view, keyed by its id. */
  rowHeight: integer("row_height"),
  gridMeta: text("grid_meta").notNull().default("{}"),
  /** The user who made the view: the only one who sees and changes it while it is personal. */
  createdBy: text("created_by"),
  /** Settings of the form, gallery, kanban or calendar sub-view (contract 1.10), as one JSON object. */
  subMeta: text("sub_meta").notNull().default("{}"),
});

/** One row per table column per view: visibility, place and width (contract 1.10 view columns). */
export const viewColumns = sqliteTable("_nc_view_columns", {
  id: text("id").primaryKey(),
  viewId: text("fk_view_id").notNull(),
  columnId: text("fk_column_id").notNull(),
  show: integer("show").notNull().default(1),
  order: real("sort_order").notNull().default(0),
  width: text("width"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  /** Form view columns (contract 1.10): the question's label, help text and required flag. */
  label: text("label"),
  help: text("help"),
  description: text("description"),
  required: integer("required").notNull().default(0),
  vcMeta: text("vc_meta").notNull().default("{}"),
});

/** Saved view filters: conditions and groups, a tree through fk_parent_id. */
export const filters = sqliteTable("_nc_filters", {
  id: text("id").primaryKey(),
  viewId: text("fk_view_id"),
  hookId: text("fk_hook_id"),
  parentId: text("fk_parent_id"),
  columnId: text("fk_column_id"),
  logicalOp: text("logical_op").notNull().default("and"),
  comparisonOp: text("comparison_op"),
  comparisonSubOp: text("comparison_sub_op"),
  value: text("value"),
  isGroup: integer("is_group").notNull().default(0),
  order: real("sort_order").notNull().default(0),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const sorts = sqliteTable("_nc_sorts", {
  id: text("id").primaryKey(),
  viewId: text("fk_view_id").notNull(),
  columnId: text("fk_column_id").notNull(),
  direction: text("direction").notNull().default("asc"),
  order: real("sort_order").notNull().default(0),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const audit = sqliteTable("_nc_audit", {
  // Not a key: nothing looks an entry up by id (migrations.ts, issue 14).
  id: text("id").notNull(),
  modelId: text("fk_model_id").notNull(),
  rowId: text("row_id"),
  opType: text("op_type").notNull(),
  opSubType: text("op_sub_type"),
  user: text("user"),
  userId: text("user_id"),
  description: text("description"),
  details: text("details"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

/** Dashboards (issue 38, db/dashboards): `meta` holds the dashboard's settings (layout, time zone). */
export const dashboards = sqliteTable("_nc_dashboards", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  order: real("sort_order").notNull().default(0),
  meta: text("meta").notNull().default("{}"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

/** Automations (issue 39, db/automations/automations.ts); their runs are raw rows (runs.ts). */
export const automations = sqliteTable("_nc_automations", {
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  active: integer("active").notNull().default(1),
  triggerType: text("trigger_type").notNull(),
  modelId: text("fk_model_id"),
  trigger: text("trigger").notNull().default("{}"),
  steps: text("steps").notNull().default("[]"),
  webhookSecret: text("webhook_secret"),
  nextRunAt: integer("next_run_at"),
  createdBy: text("created_by"),
  createdByEmail: text("created_by_email"),
  builderRole: text("builder_role"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

/** A dashboard's widget: `config` (JSON) its fields, aggregates and filters; `position` its place. */
export const widgets = sqliteTable("_nc_widgets", {
  id: text("id").primaryKey(),
  dashboardId: text("fk_dashboard_id").notNull(),
  type: text("type").notNull(),
  title: text("title").notNull().default(""),
  tableId: text("fk_model_id"),
  viewId: text("fk_view_id"),
  config: text("config").notNull().default("{}"),
  position: text("position").notNull().default("{}"),
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
});

export const metaSchema = {
  models,
  columns,
  views,
  viewColumns,
  filters,
  sorts,
  audit,
  dashboards,
  widgets,
  automations,
};

export type DashboardRow = typeof dashboards.$inferSelect;
export type WidgetRow = typeof widgets.$inferSelect;

export type ModelRow = typeof models.$inferSelect;
export type ColumnRow = typeof columns.$inferSelect;
export type ViewRow = typeof views.$inferSelect;
export type AuditRow = typeof audit.$inferSelect;
export type ViewColumnRow = typeof viewColumns.$inferSelect;
export type FilterRow = typeof filters.$inferSelect;
export type SortRow = typeof sorts.$inferSelect;
export type AutomationRow = typeof automations.$inferSelect;
