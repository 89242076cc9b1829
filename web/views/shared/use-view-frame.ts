/** What a gallery, kanban, calendar or form needs of its table and view: columns, shown fields, key. */
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { queryKeys } from "../../api/query-keys";
import { tablesApi } from "../../api/tables-api";
import type { Column, TableMeta } from "../../api/types";
import { viewKindsApi, type ViewColumn } from "../../api/view-kinds-api";
import type { View } from "../../api/view-types";
import { fieldView, type GridFieldView } from "../grid/grid-field";
import { keySpecOf } from "../../lib/row-id";
import { isHidden } from "../../../db/fields/registry";

export const viewColumnsKey = (viewId: string) => ["viewColumns", viewId] as const;

export interface ViewFrame {
  meta: TableMeta;
  view: View;
  keyTitle: string;
  /** The display-value column (cards show it as their title). */
  pv: Column | undefined;
  viewColumns: ViewColumn[];
  /** The fields the view shows, in its order (the display value first). */
  shown: Column[];
  /** Every field, for the expanded record. */
  fields: GridFieldView[];
}

export function useViewFrame(tableId: string, view: View): { frame: ViewFrame | null; error: unknown } {
  const table = useQuery({ queryKey: queryKeys.table(tableId), queryFn: () => tablesApi.read(tableId) });
  const cols = useQuery({ queryKey: viewColumnsKey(view.id), queryFn: () => viewKindsApi.columns(view.id) });
  const frame = useMemo<ViewFrame | null>(() => {
    if (!table.data || !cols.data) return null;
    const meta = table.data;
    const byId = new Map(meta.columns.map((c) => [c.id, c]));
    const shown = cols.data
      .filter((vc) => vc.show)
      .flatMap((vc) => (byId.has(vc.fk_column_id) ? [byId.get(vc.fk_column_id)!] : []));
    const pv = meta.columns.find((c) => c.pv);
    const fields = meta.columns
      .filter((c) => !isHidden(c.uidt))
      .map((column, i) => fieldView({ column, gridColumnId: null, show: true, order: i, width: 200 }));
    return { meta, view, keyTitle: keySpecOf(meta.columns), pv, viewColumns: cols.data, shown, fields };
  }, [table.data, cols.data, view]);
  return { frame, error: table.error ?? cols.error };
}
