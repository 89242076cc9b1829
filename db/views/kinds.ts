import { missing, refused } from "../errors";
import type { ViewRow } from "../store/schema";
import type { ProjectStore } from "../store/store";

/**
 * View kinds (SPEC 3): collaborative (the default), locked and personal. Rules:
 * - personal: only its creator sees it (others get "View not found", and it is left out of lists)
 *   and only its creator changes anything about it;
 * - locked: only owners and creators change its filters, sorts, fields, layout and settings;
 *   everyone else may still read it and edit records as their role allows;
 * - collaborative: the role matrix alone decides.
 */
export interface Caller {
  userId: string | null;
  /** Owner, creator or super admin of the project. */
  builder: boolean;
}

export type KindMode = "read" | "shape";

export const LOCKED_MSG = "This view is locked: only owners and creators change its filters, sorts, fields and layout";

export function canSeeView(v: Pick<ViewRow, "lockType" | "createdBy">, caller: Caller | undefined): boolean {
  if (v.lockType !== "personal" || !caller) return true;
  return v.createdBy !== null && v.createdBy === caller.userId;
}

export function checkKind(v: Pick<ViewRow, "lockType" | "createdBy">, caller: Caller, mode: KindMode) {
  if (!canSeeView(v, caller)) throw missing("View not found");
  if (mode === "shape" && v.lockType === "locked" && !caller.builder) throw refused(LOCKED_MSG);
}

/** What a route names: a view, or one of its parts (filter, sort, view column). */
export interface ViewRef {
  viewId?: string;
  filterId?: string;
  sortId?: string;
  viewColumnId?: string;
}

/** The view a route's id belongs to, or null when the id names nothing (the route answers 404 itself). */
export function viewOfRef(store: ProjectStore, ref: ViewRef): Pick<ViewRow, "lockType" | "createdBy"> | null {
  const via = (table: string, id: string) =>
    store.exec(
      `SELECT v.lock_type AS lockType, v.created_by AS createdBy FROM _nc_views v JOIN ${table} p ON p.fk_view_id = v.id WHERE p.id = ?`,
      id,
    )[0];
  const row = ref.viewId
    ? store.exec("SELECT lock_type AS lockType, created_by AS createdBy FROM _nc_views WHERE id = ?", ref.viewId)[0]
    : ref.filterId
      ? via("_nc_filters", ref.filterId)
      : ref.sortId
        ? via("_nc_sorts", ref.sortId)
        : ref.viewColumnId
          ? via("_nc_view_columns", ref.viewColumnId)
          : undefined;
  return row
    ? { lockType: String(row.lockType), createdBy: row.createdBy === null ? null : String(row.createdBy) }
    : null;
}

export function checkViewRef(store: ProjectStore, ref: ViewRef, caller: Caller, mode: KindMode) {
  const v = viewOfRef(store, ref);
  if (v) checkKind(v, caller, mode);
  return true;
}

/** A table answer (`GET /tables/{id}`, column changes) without other people's personal views. */
export function withVisibleViews<T>(table: T, caller: Caller): T {
  const t = table as { views?: Array<{ lock_type?: unknown; created_by?: unknown }> };
  if (!t || !Array.isArray(t.views)) return table;
  const views = t.views.filter((v) =>
    canSeeView(
      { lockType: String(v.lock_type), createdBy: typeof v.created_by === "string" ? v.created_by : null },
      caller,
    ),
  );
  return { ...table, views };
}
