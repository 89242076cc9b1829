import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { saveViewColumnInput, viewColumnInput } from "./inputs";
import { missing } from "../errors";
import { viewColumns, type ViewColumnRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { columnOfTable, findView, tableColumns } from "./lookup";
import { groupByMeta, withAggregation } from "./group-by";
import { viewColumnJson } from "./shape";
import { orderedViewColumns, syncViewColumns, viewColumnOf } from "./sync";

/**
 * Columns of a view (contract 4.4): show, order, width. The display-value column always leads
 * and stays shown (upstream forces it to order 1 in grids); hide-all leaves it visible too.
 */
const now = () => new Date().toISOString();
function pvOf(store: ProjectStore, modelId: string) {
  return tableColumns(store, modelId).find((c) => c.pv)?.id;
}

/** The view's columns in display order. */
export function listViewColumns(store: ProjectStore, projectId: string, viewId: string) {
  const v = findView(store, viewId);
  syncViewColumns(store, v.modelId);
  return orderedViewColumns(store, v.id, pvOf(store, v.modelId)).map((r) => viewColumnJson(r, projectId));
}

function apply(
  store: ProjectStore,
  row: ViewColumnRow,
  pvId: string | undefined,
  input: z.infer<typeof viewColumnInput>,
) {
  const set: Partial<ViewColumnRow> = { updatedAt: now() };
  const grouped = groupByMeta(store, findView(store, row.viewId), row, input);
  if (grouped !== undefined) set.vcMeta = grouped;
  if (input.aggregation !== undefined) set.vcMeta = withAggregation(set.vcMeta ?? row.vcMeta, input.aggregation);
  if (input.show !== undefined) set.show = input.show ? 1 : 0;
  if (input.order !== undefined) set.order = input.order;
  if (input.width !== undefined) set.width = input.width;
  if (row.columnId === pvId) Object.assign(set, { show: 1, order: 1 });
  store.meta.update(viewColumns).set(set).where(eq(viewColumns.id, row.id)).run();
}

/** `POST /views/{id}/columns`: sets show/order/width of the view's row for `fk_column_id`. */
export function saveViewColumn(
  store: ProjectStore,
  projectId: string,
  viewId: string,
  input: z.infer<typeof saveViewColumnInput>,
) {
  const v = findView(store, viewId);
  columnOfTable(tableColumns(store, v.modelId), input.fk_column_id, "fk_column_id");
  syncViewColumns(store, v.modelId);
  const row = viewColumnOf(store, v.id, input.fk_column_id)!;
  apply(store, row, pvOf(store, v.modelId), input);
  return viewColumnJson(viewColumnOf(store, v.id, input.fk_column_id)!, projectId);
}

/** `PATCH /grid-columns/{id}` and `PATCH /views/{viewId}/columns/{id}` (then `viewId` must match). */
export function updateViewColumn(
  store: ProjectStore,
  viewId: string | null,
  viewColumnId: string,
  input: z.infer<typeof viewColumnInput>,
) {
  const row = store.meta.select().from(viewColumns).where(eq(viewColumns.id, viewColumnId)).get();
  if (!row || (viewId !== null && row.viewId !== viewId)) throw missing("View column not found");
  const v = findView(store, row.viewId);
  apply(store, row, pvOf(store, v.modelId), input);
  return 1;
}

/** Show-all / hide-all, except the columns in `ignoreIds`; hiding keeps the display value. */
export function setAllColumns(store: ProjectStore, viewId: string, show: boolean, ignoreIds: string[]) {
  const v = findView(store, viewId);
  syncViewColumns(store, v.modelId);
  const keep = show ? "" : (pvOf(store, v.modelId) ?? "");
  // The ignored ids travel as one JSON value, however many there are.
  store.exec(
    "UPDATE _nc_view_columns SET show = ?, updated_at = ? WHERE fk_view_id = ? AND fk_column_id != ? AND fk_column_id NOT IN (SELECT value FROM json_each(?))",
    show ? 1 : 0,
    now(),
    v.id,
    keep,
    JSON.stringify(ignoreIds),
  );
  return true;
}
