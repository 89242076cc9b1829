import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import { bad } from "../errors";
import { findModel } from "../schema/tables";
import { views, type ViewRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import type { updateGridInput, updateViewInput } from "./inputs";
import { canSeeView, type Caller } from "./kinds";
import { findView, modelOf } from "./lookup";
import { viewItemJson } from "./view-item";
import { dropViewChildren } from "./sync";
import { checkTitle } from "./title";
import { metaObject } from "./colour-settings";

/**
 * Views of a table (contract 4.4): list, rename, reorder, lock, delete (creation: create.ts).
 * The default view cannot be deleted.
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

/**
 * A view's colour rules and record template are written only through their own routes
 * (colour-rules.ts, record-template.ts check them): a meta sent without them keeps the stored
 * ones, as the web sends its own meta keys, and one sent with them cannot change them.
 */
const OWN_ROUTE_KEYS = ["colour_rules", "record_template"] as const;
function keepOwnRouteKeys(before: string, after: string): string {
  const old = metaObject(before);
  const next = metaObject(after);
  for (const key of OWN_ROUTE_KEYS) {
    if (old[key] === undefined) delete next[key];
    else next[key] = old[key];
  }
  return JSON.stringify(next);
}

/** The table's views in order; another person's personal views are left out (kinds.ts). */
export function listViews(store: ProjectStore, projectId: string, tableId: string, caller?: Caller) {
  const model = findModel(store, tableId);
  const rows = store.meta
    .select()
    .from(views)
    .where(eq(views.modelId, tableId))
    .orderBy(asc(views.order), asc(views.createdAt))
    .all();
  return rows.filter((v) => canSeeView(v, caller)).map((v) => viewItemJson(v, projectId, model));
}

export function updateView(
  store: ProjectStore,
  projectId: string,
  viewId: string,
  input: z.infer<typeof updateViewInput>,
  userId: string | null = null,
) {
  const v = findView(store, viewId);
  const set: Partial<ViewRow> = { updatedAt: now() };
  if (input.title !== undefined) set.title = checkTitle(store, v.modelId, input.title, v.id);
  if (input.order !== undefined) set.order = input.order;
  if (input.show_system_fields !== undefined) set.showSystemFields = input.show_system_fields ? 1 : 0;
  if (input.lock_type !== undefined) set.lockType = input.lock_type;
  // A view made personal belongs to whoever made it so, when nobody is recorded as its creator.
  if (input.lock_type === "personal" && !v.createdBy) set.createdBy = userId;
  if (input.meta !== undefined) set.meta = keepOwnRouteKeys(v.meta, input.meta === null ? "{}" : metaText(input.meta));
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
