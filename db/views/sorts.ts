import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { missing } from "../errors";
import { newId } from "../ids";
import { sorts, type SortRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import type { sortInput, updateSortInput } from "./inputs";
import { findView } from "./lookup";
import { sortJson } from "./shape";
import { readerColumn, visibleSetting, visibleSettings } from "./hidden-settings";

/**
 * Saved view sorts (contract 4.7), applied in `order`. `push_to_top` puts the new sort first
 * (order 1) and moves the others down by one.
 */
const now = () => new Date().toISOString();

export function findSort(store: ProjectStore, sortId: string): SortRow {
  const s = store.meta.select().from(sorts).where(eq(sorts.id, sortId)).get();
  if (!s) throw missing("Sort not found");
  return visibleSetting(s, store, "Sort");
}

export function listSorts(store: ProjectStore, projectId: string, viewId: string) {
  const v = findView(store, viewId);
  const rows = store.meta.select().from(sorts).where(eq(sorts.viewId, v.id)).orderBy(asc(sorts.order)).all();
  return visibleSettings(store, v.id, rows).map((s) => sortJson(s, projectId));
}

export const readSort = (store: ProjectStore, projectId: string, sortId: string) =>
  sortJson(findSort(store, sortId), projectId);

export function createSort(store: ProjectStore, projectId: string, viewId: string, input: z.infer<typeof sortInput>) {
  const v = findView(store, viewId);
  readerColumn(store, v.modelId, input.fk_column_id, "fk_column_id");
  return store.transaction(() => {
    let order: number;
    if (input.push_to_top) {
      store.meta
        .update(sorts)
        .set({ order: sql`${sorts.order} + 1` })
        .where(eq(sorts.viewId, v.id))
        .run();
      order = 1;
    } else {
      order =
        (store.meta
          .select({ m: sql<number>`coalesce(max(${sorts.order}), 0)` })
          .from(sorts)
          .where(eq(sorts.viewId, v.id))
          .get()?.m ?? 0) + 1;
    }
    const ts = now();
    const row: SortRow = {
      id: newId("so_"),
      viewId: v.id,
      columnId: input.fk_column_id,
      direction: input.direction ?? "asc",
      order,
      createdAt: ts,
      updatedAt: ts,
    };
    store.meta.insert(sorts).values(row).run();
    return sortJson(row, projectId);
  });
}

export function updateSort(store: ProjectStore, sortId: string, input: z.infer<typeof updateSortInput>) {
  const s = findSort(store, sortId);
  const set: Partial<SortRow> = { updatedAt: now() };
  if (input.fk_column_id !== undefined) {
    const v = findView(store, s.viewId);
    set.columnId = readerColumn(store, v.modelId, input.fk_column_id, "fk_column_id").id;
  }
  if (input.direction !== undefined) set.direction = input.direction;
  store.meta.update(sorts).set(set).where(eq(sorts.id, s.id)).run();
  return 1;
}

export function deleteSort(store: ProjectStore, sortId: string) {
  const s = findSort(store, sortId);
  store.meta.delete(sorts).where(eq(sorts.id, s.id)).run();
  return true;
}
