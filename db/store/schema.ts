import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Schema meta tables inside each project's Durable Object SQLite (drizzle definitions).
 * The DDL that creates them is migrations.ts; a test checks the two agree.
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
  uidt: text("uidt").notNull(),
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
});

export const audit = sqliteTable("_nc_audit", {
  id: text("id").primaryKey(),
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

export const metaSchema = { models, columns, views, audit };

export type ModelRow = typeof models.$inferSelect;
export type ColumnRow = typeof columns.$inferSelect;
export type ViewRow = typeof views.$inferSelect;
export type AuditRow = typeof audit.$inferSelect;
