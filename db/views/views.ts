import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { bad } from "../errors";
import { newId } from "../ids";
import { findModel } from "../schema/tables";
import { views, type ViewRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { copyViewSettings } from "./copy";
import type { createViewInput, updateGridInput, updateViewInput } from "./inputs";
import { findView, modelOf, viewOfTable } from "./lookup";
import { viewItemJson } from "./shape";
import { dropViewChildren, syncViewColumns } from "./sync";

/**
 * Grid views of a table (contract 4.4). Titles are unique per table (case-insensitive), at most
 * 255 characters, without leading or trailing spaces. The default view cannot be deleted.
 */
const now = () => new Date().toISOString();

function metaText(meta: Record<string, unknown> | string): string {
  if (typeof meta !== "string") return JSON.stringify(meta);
  try {
    const parsed = JSON.parse(meta || "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return JSON.stringify(parsed);
  } catch {
    /* reported below */
  }
  throw bad("meta must be a JSON object");
}

function checkTitle(store: ProjectStore, modelId: string, title: string, exceptId = ""): string {
  if (title.trim() === "") throw bad("title is required");
  if (title !== title.trim()) throw bad("title: leading or trailing spaces are not allowed");
  if (title.length > 255) throw bad("title exceeds 255 characters");
  const clash = store.meta
    .select({ id: views.id })
    .from(views)
    .where(and(eq(views.modelId, modelId), sql`lower(${views.title}) = lower(${title})`, sql`${views.id} != ${exceptId}`))
    .get();
  if (clash) throw bad(`A view named '${title}' already exists in this table`);
  return title;
}

export function listViews(store: ProjectStore, projectId: string, tableId: string) {
  const model = findModel(store, tableId);
  const rows = store.meta.select().from(views).where(eq(views.modelId, tableId)).orderBy(asc(views.order), asc(views.createdAt)).all();
  return rows.map((v) => viewItemJson(v, projectId, model));
}

/** A new grid view: every column (system ones hidden), or a copy of `copy_from_id`. Answers the view and every new id. */
export function createGridView(store: ProjectStore, projectId: string, tableId: string, input: z.infer<typeof createViewInput>) {
  const model = findModel(store, tableId);
  return store.transaction(() => {
    const title = checkTitle(store, model.id, input.title);
    const source = input.copy_from_id ? copySource(store, model.id, input.copy_from_id) : null;
    const maxOrder = store.meta.select({ m: sql<number>`coalesce(max(${views.order}), 0)` }).from(views).where(eq(views.modelId, model.id)).get()?.m ?? 0;
    const ts = now();
    const row: ViewRow = {
      id: newId("vw_"), modelId: model.id, title, type: 3, isDefault: 0, lockType: "collaborative", meta: "{}",
      order: maxOrder + 1, createdAt: ts, updatedAt: ts, showSystemFields: 0, rowHeight: null, gridMeta: "{}",
    };
    store.meta.insert(views).values(row).run();
    const newIds = [row.id, ...(source ? copyViewSettings(store, source, row.id) : [])];
    syncViewColumns(store, model.id);
    newIds.push(...store.exec("SELECT id FROM _nc_view_columns WHERE fk_view_id = ?", row.id).map((r) => String(r.id)));
    return { view: viewItemJson(findView(store, row.id), projectId, model), newIds: [...new Set(newIds)] };
  });
}

function copySource(store: ProjectStore, modelId: string, id: string): ViewRow {
  try {
    return viewOfTable(store, modelId, id);
  } catch {
    throw bad(`copy_from_id: view '${id}' is not a view of this table`);
  }
}

export function updateView(store: ProjectStore, projectId: string, viewId: string, input: z.infer<typeof updateViewInput>) {
  const v = findView(store, viewId);
  const set: Partial<ViewRow> = { updatedAt: now() };
  if (input.title !== undefined) set.title = checkTitle(store, v.modelId, input.title, v.id);
  if (input.order !== undefined) set.order = input.order;
  if (input.show_system_fields !== undefined) set.showSystemFields = input.show_system_fields ? 1 : 0;
  if (input.lock_type !== undefined) set.lockType = input.lock_type;
  if (input.meta !== undefined) set.meta = input.meta === null ? "{}" : metaText(input.meta);
  store.meta.update(views).set(set).where(eq(views.id, v.id)).run();
  return viewItemJson(findView(store, v.id), projectId, modelOf(store, v));
}

/** Deletes a view with its columns, filters and sorts; answers the ids that no longer exist. */
export function deleteView(store: ProjectStore, viewId: string): string[] {
  const v = findView(store, viewId);
  if (v.isDefault) throw bad("The default view cannot be deleted");
  return store.transaction(() => {
    const gone = [v.id, ...dropViewChildren(store, v.id)];
    store.meta.delete(views).where(eq(views.id, v.id)).run();
    return gone;
  });
}

/** Grid settings (row height, grid meta); answers the number of rows updated. */
export function updateGrid(store: ProjectStore, viewId: string, input: z.infer<typeof updateGridInput>) {
  const v = findView(store, viewId);
  if (v.type !== 3) throw bad("This view is not a grid view");
  const set: Partial<ViewRow> = { updatedAt: now() };
  if (input.row_height !== undefined) set.rowHeight = input.row_height;
  if (input.meta !== undefined) set.gridMeta = input.meta === null ? "{}" : metaText(input.meta);
  store.meta.update(views).set(set).where(eq(views.id, v.id)).run();
  return 1;
}
