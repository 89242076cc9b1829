import { eq } from "drizzle-orm";
import { bad } from "../errors";
import { views, type ViewRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { findView } from "./lookup";
import { VIEW_TYPE, VIEW_TYPE_NAME, type ViewKind } from "./types";

/** The settings of a form, gallery, kanban or calendar view: one JSON object kept on the view. */
export function readSub(v: ViewRow): Record<string, unknown> {
  try {
    const parsed = JSON.parse(v.subMeta || "{}");
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function writeSub(store: ProjectStore, viewId: string, sub: Record<string, unknown>) {
  store.meta
    .update(views)
    .set({ subMeta: JSON.stringify(sub), updatedAt: new Date().toISOString() })
    .where(eq(views.id, viewId))
    .run();
}

/** The view, which must be of this type (a settings route for another type is a 400). */
export function viewOfType(store: ProjectStore, viewId: string, kind: ViewKind): ViewRow {
  const v = findView(store, viewId);
  if (v.type !== VIEW_TYPE[kind])
    throw bad(`This view is not a ${kind} view (it is a ${VIEW_TYPE_NAME[v.type] ?? "other"} view)`);
  return v;
}

/** Meta as upstream sends it: a JSON string, an object, or null. Answers the text to store. */
export function metaText(meta: unknown, field = "meta"): string {
  if (meta === null || meta === undefined) return "{}";
  if (typeof meta !== "string") return JSON.stringify(meta);
  try {
    const parsed = JSON.parse(meta || "{}");
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return JSON.stringify(parsed);
  } catch {
    /* reported below */
  }
  throw bad(`${field} must be a JSON object`);
}
