/**
 * Room events applied to what this tab holds: the open grids' row stores and the TanStack Query
 * caches. Rules:
 * - row update: the loaded copies of the row are patched (grids and the expanded record);
 * - row insert: a grid in the table's own order gets the row on its last page (or only a larger
 *   count); a sorted, filtered or searched grid refetches what it shows, as it cannot tell where
 *   the row goes;
 * - row delete: the row leaves the loaded pages; if it was not loaded, the grid refetches;
 * - rows (bulk, filtered and link writes): the table's grids refetch what they show;
 * - schema: the project's tables and every table, view, grid-column, filter and sort query are
 *   invalidated (only queries in use refetch);
 * - comment: that row's comment list is invalidated;
 * - row, rows: the dashboard widgets reading that table re-query (only those), schema: all widgets.
 * Events caused by this tab's own writes arrive too; each step is safe to repeat.
 */
import type { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "../api/query-keys";
import type { LoadedPages, PagesEdit } from "../views/grid/data/row-store";
import type { DataEvent, Row } from "./protocol";
import { appendRow, removeRow } from "./row-cache";
import { rowIdOf } from "../lib/row-id";

/** What the events need of a grid's row store (RowStore fits). */
export interface LiveStore {
  patchByKey(keyTitle: string, key: unknown, values: Row): void;
  applyEdit(change: (loaded: LoadedPages) => PagesEdit | null): boolean;
  reload(): void;
}

/** An open grid: its table, key column and rows. */
export interface GridBinding {
  tableId: string;
  keyTitle: string;
  store: LiveStore;
  /** No sort, filter or search: rows come in key order, a new row last. */
  inTableOrder(): boolean;
}

export interface EventTargets {
  projectId: string;
  queryClient: QueryClient;
  grids(tableId: string): readonly GridBinding[];
}

/** The expanded record's query: ["row", tableId, key]. */
const rowQuery = (tableId: string, key?: unknown) => ({
  predicate: (q: { queryKey: readonly unknown[] }) =>
    q.queryKey[0] === "row" &&
    q.queryKey[1] === tableId &&
    (key === undefined || String(q.queryKey[2]) === String(key)),
});

const SCHEMA_KEYS = ["table", "views", "gridColumns", "filters", "sorts"] as const;

export function applyDataEvent(event: DataEvent, t: EventTargets): void {
  const qc = t.queryClient;
  switch (event.type) {
    case "schema":
      void qc.invalidateQueries({ queryKey: queryKeys.tables(t.projectId) });
      for (const key of SCHEMA_KEYS) void qc.invalidateQueries({ queryKey: [key] });
      void qc.invalidateQueries({ queryKey: queryKeys.allWidgets });
      return;
    case "comment":
      void qc.invalidateQueries({ queryKey: queryKeys.audits(event.tableId, event.rowId) });
      return;
    case "automationRuns":
      void qc.invalidateQueries({ queryKey: ["automationRuns", event.automationId] });
      return;
    case "rows":
      void qc.invalidateQueries({ queryKey: queryKeys.tableWidgets(event.tableId) });
      for (const g of t.grids(event.tableId)) g.store.reload();
      void qc.invalidateQueries(rowQuery(event.tableId));
      return;
    case "row":
      void qc.invalidateQueries({ queryKey: queryKeys.tableWidgets(event.tableId) });
      break;
  }
  const grids = t.grids(event.tableId);
  if (event.op === "delete") {
    for (const g of grids)
      if (!g.store.applyEdit((loaded) => removeRow(loaded, g.keyTitle, event.rowId))) g.store.reload();
    return;
  }
  const { row } = event;
  if (event.op === "update") {
    for (const g of grids) g.store.patchByKey(g.keyTitle, rowIdOf(row, g.keyTitle), row);
    const key = grids[0] ? rowIdOf(row, grids[0].keyTitle) : undefined;
    if (key !== undefined)
      qc.setQueriesData<Row>(rowQuery(event.tableId, key), (old) => (old ? { ...old, ...row } : old));
    return;
  }
  for (const g of grids) {
    if (g.inTableOrder()) g.store.applyEdit((loaded) => appendRow(loaded, g.keyTitle, row));
    else g.store.reload();
  }
}
