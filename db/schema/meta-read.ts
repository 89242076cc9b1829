import { asc, eq } from "drizzle-orm";
import { missing } from "../errors";
import type { ComputedSchema } from "../query/computed";
import { columns, models, type ColumnRow, type ModelRow } from "../store/schema";
import type { ProjectStore } from "../store/store";

/**
 * Reading the project's meta rows: a table and its columns in order. The lowest layer of
 * db/schema, so links, computed columns and tables all read through it without importing each other.
 */
export function findModel(store: ProjectStore, tableId: string): ModelRow {
  const m = store.meta.select().from(models).where(eq(models.id, tableId)).get();
  if (!m) throw missing("Table not found");
  return m;
}

export function modelColumns(store: ProjectStore, tableId: string): ColumnRow[] {
  return store.meta.select().from(columns).where(eq(columns.modelId, tableId)).orderBy(asc(columns.order)).all();
}

/** The project's schema as the computed-field compiler reads it (db/query/computed.ts). */
export function computedSchema(store: ProjectStore): ComputedSchema {
  return { model: (id) => findModel(store, id), columns: (id) => modelColumns(store, id) };
}
