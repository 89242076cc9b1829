import { asc, eq } from "drizzle-orm";
import { newId } from "../ids";
import { filters, sorts, viewColumns, views, type FilterRow, type ViewRow } from "../store/schema";
import type { ProjectStore } from "../store/store";

/**
 * Duplicating a view (`copy_from_id`, contract 4.4): its grid settings, each column's show, order
 * and width, its sorts, and its whole filter tree (upstream copies only the top level; a copy
 * that filters differently from its source would surprise).
 */
export function copyViewSettings(store: ProjectStore, source: ViewRow, targetId: string): void {
  const ts = new Date().toISOString();
  store.meta
    .update(views)
    .set({ rowHeight: source.rowHeight, gridMeta: source.gridMeta })
    .where(eq(views.id, targetId))
    .run();
  for (const vc of store.meta.select().from(viewColumns).where(eq(viewColumns.viewId, source.id)).all()) {
    store.meta
      .insert(viewColumns)
      .values({ ...vc, id: newId("nc_"), viewId: targetId, createdAt: ts, updatedAt: ts })
      .run();
  }
  for (const s of store.meta.select().from(sorts).where(eq(sorts.viewId, source.id)).orderBy(asc(sorts.order)).all()) {
    const id = newId("so_");
    store.meta
      .insert(sorts)
      .values({ ...s, id, viewId: targetId, createdAt: ts, updatedAt: ts })
      .run();
  }
  const all = store.meta.select().from(filters).where(eq(filters.viewId, source.id)).orderBy(asc(filters.order)).all();
  const copyLevel = (parentId: string | null, newParentId: string | null) => {
    for (const f of all.filter((x: FilterRow) => x.parentId === parentId)) {
      const id = newId("fi_");
      store.meta
        .insert(filters)
        .values({ ...f, id, viewId: targetId, parentId: newParentId, createdAt: ts, updatedAt: ts })
        .run();
      if (f.isGroup) copyLevel(f.id, id);
    }
  };
  copyLevel(null, null);
}
