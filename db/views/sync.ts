import { and, asc, eq } from "drizzle-orm";
import { newId } from "../ids";
import { viewColumns, views, type ViewColumnRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { tableColumns } from "./lookup";
import { isSystemColumn } from "./shape";

/**
 * Keeps every view of a table holding exactly one view-column row per table column. Rules:
 * - a column without a row in a view is appended to it: shown, unless it is a system column;
 *   `placement` ({view_id, order}, contract 4.3 `column_order`) puts it at that order in that view;
 * - rows, filters and sorts whose column is gone are removed (foreign keys cascade too; this
 *   also covers stores where they are not enforced);
 * - it runs where columns change (tables.ts, columns.ts) and before a view is read, so columns
 *   made by any other path (links, imports) still reach every view.
 */
export interface Placement {
  view_id?: unknown;
  order?: unknown;
}

const now = () => new Date().toISOString();

export function syncViewColumns(store: ProjectStore, modelId: string, placement?: Placement | null) {
  const cols = tableColumns(store, modelId);
  const tableViews = store.meta.select({ id: views.id }).from(views).where(eq(views.modelId, modelId)).all();
  const ts = now();
  for (const v of tableViews) {
    const rows = store.meta.select().from(viewColumns).where(eq(viewColumns.viewId, v.id)).all();
    const have = new Set(rows.map((r) => r.columnId));
    let last = Math.max(0, ...rows.map((r) => r.order));
    for (const c of cols) {
      if (have.has(c.id)) continue;
      const placed = placement?.view_id === v.id && typeof placement.order === "number";
      const order = placed ? (placement.order as number) : ++last;
      store.meta
        .insert(viewColumns)
        .values({
          id: newId("nc_"),
          viewId: v.id,
          columnId: c.id,
          show: isSystemColumn(c) ? 0 : 1,
          order,
          createdAt: ts,
          updatedAt: ts,
        })
        .run();
    }
  }
  const ofTable = "SELECT id FROM _nc_views WHERE fk_model_id = ?";
  const kept = "SELECT id FROM _nc_columns WHERE fk_model_id = ?";
  store.exec(
    `DELETE FROM _nc_view_columns WHERE fk_view_id IN (${ofTable}) AND fk_column_id NOT IN (${kept})`,
    modelId,
    modelId,
  );
  store.exec(
    `DELETE FROM _nc_sorts WHERE fk_view_id IN (${ofTable}) AND fk_column_id NOT IN (${kept})`,
    modelId,
    modelId,
  );
  store.exec(
    `DELETE FROM _nc_filters WHERE fk_view_id IN (${ofTable}) AND fk_column_id IS NOT NULL AND fk_column_id NOT IN (${kept})`,
    modelId,
    modelId,
  );
}

/** A view's column rows in display order: the display value first (it always leads a grid), then by order. */
export function orderedViewColumns(
  store: ProjectStore,
  viewId: string,
  pvColumnId: string | undefined,
): ViewColumnRow[] {
  const rows = store.meta
    .select()
    .from(viewColumns)
    .where(eq(viewColumns.viewId, viewId))
    .orderBy(asc(viewColumns.order))
    .all();
  const pv = rows.findIndex((r) => r.columnId === pvColumnId);
  if (pv > 0) rows.unshift(...rows.splice(pv, 1));
  return rows;
}

/** Ids of the view columns, filters and sorts of the views chosen by `where` (for the id index). */
function childIds(store: ProjectStore, where: string, key: string): string[] {
  return ["_nc_view_columns", "_nc_filters", "_nc_sorts"].flatMap((t) =>
    store.exec(`SELECT id FROM ${t} WHERE fk_view_id IN (${where})`, key).map((r) => String(r.id)),
  );
}

function dropChildren(store: ProjectStore, where: string, key: string) {
  // Children before parents, so the filter tree goes whether or not foreign keys are enforced.
  store.exec(`DELETE FROM _nc_view_columns WHERE fk_view_id IN (${where})`, key);
  store.exec(`DELETE FROM _nc_sorts WHERE fk_view_id IN (${where})`, key);
  store.exec(`DELETE FROM _nc_filters WHERE fk_view_id IN (${where}) AND is_group = 0`, key);
  store.exec(`DELETE FROM _nc_filters WHERE fk_view_id IN (${where})`, key);
}

/** Removes what hangs off one view; answers the ids that no longer exist. */
export function dropViewChildren(store: ProjectStore, viewId: string): string[] {
  const ids = childIds(store, "?", viewId);
  dropChildren(store, "?", viewId);
  return ids;
}

/** Removes what hangs off every view of a table (before the table goes); answers the ids. */
export function dropTableViewChildren(store: ProjectStore, modelId: string): string[] {
  const where = "SELECT id FROM _nc_views WHERE fk_model_id = ?";
  const ids = childIds(store, where, modelId);
  dropChildren(store, where, modelId);
  return ids;
}

export const viewColumnOf = (store: ProjectStore, viewId: string, columnId: string) =>
  store.meta
    .select()
    .from(viewColumns)
    .where(and(eq(viewColumns.viewId, viewId), eq(viewColumns.columnId, columnId)))
    .get();

/**
 * Runs `change` (adding a field, and with a link its other side); the columns it makes start
 * hidden in `viewIds` (the views with a public link: a field added later must not reach visitors
 * until the builder shows it there). One statement whatever the number of views.
 */
export function hidingNewColumns<T>(store: ProjectStore, viewIds: readonly string[], change: () => T): T {
  if (!viewIds.length) return change();
  const before = columnIds(store);
  const result = change();
  hideMadeSince(store, viewIds, before);
  return result;
}

/**
 * hidingNewColumns for a change that awaits a database (an external table's field, a sync of the
 * external database's schema: columns found there start hidden in shared views too).
 */
export async function hidingNewColumnsAsync<T>(
  store: ProjectStore,
  viewIds: readonly string[],
  change: () => Promise<T>,
): Promise<T> {
  if (!viewIds.length) return change();
  const before = columnIds(store);
  const result = await change();
  hideMadeSince(store, viewIds, before);
  return result;
}

const columnIds = (store: ProjectStore) => new Set(store.exec("SELECT id FROM _nc_columns").map((r) => String(r.id)));

function hideMadeSince(store: ProjectStore, viewIds: readonly string[], before: Set<string>) {
  const made = [...columnIds(store)].filter((id) => !before.has(id));
  if (made.length)
    store.exec(
      `UPDATE _nc_view_columns SET show = 0 WHERE fk_view_id IN (SELECT value FROM json_each(?))
       AND fk_column_id IN (SELECT value FROM json_each(?))`,
      JSON.stringify(viewIds),
      JSON.stringify(made),
    );
}
