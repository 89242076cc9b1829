import { and, asc, eq, sql } from "drizzle-orm";
import { bad, missing } from "../errors";
import { columns, models, views, type ColumnRow, type ModelRow, type ViewRow } from "../store/schema";
import type { ProjectStore } from "../store/store";

/** Finding views and the columns their requests name; each miss is a message naming what was asked. */

export function findView(store: ProjectStore, viewId: string): ViewRow {
  const v = store.meta.select().from(views).where(eq(views.id, viewId)).get();
  if (!v) throw missing("View not found");
  return v;
}

/** A view of this table by id or exact title (contract 1.1 `{viewName}`). */
export function viewOfTable(store: ProjectStore, modelId: string, idOrTitle: string): ViewRow {
  const v =
    store.meta
      .select()
      .from(views)
      .where(and(eq(views.modelId, modelId), eq(views.id, idOrTitle)))
      .get() ??
    store.meta
      .select()
      .from(views)
      .where(and(eq(views.modelId, modelId), sql`${views.title} = ${idOrTitle}`))
      .get();
  if (!v) throw missing("View not found");
  return v;
}

export function modelOf(store: ProjectStore, v: ViewRow): ModelRow {
  const m = store.meta.select().from(models).where(eq(models.id, v.modelId)).get();
  if (!m) throw missing("Table not found");
  return m;
}

export function tableColumns(store: ProjectStore, modelId: string): ColumnRow[] {
  return store.meta.select().from(columns).where(eq(columns.modelId, modelId)).orderBy(asc(columns.order)).all();
}

/** A column of the view's table named by id in the field `field` of a request. */
export function columnOfTable(cols: ColumnRow[], columnId: unknown, field: string): ColumnRow {
  const c = cols.find((x) => x.id === columnId);
  if (!c) throw bad(`${field}: column '${String(columnId)}' is not a column of this table`);
  return c;
}
