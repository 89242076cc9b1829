/**
 * The view's columns as the grid draws them, and the changes to them: width, visibility, order,
 * show/hide all, row height. Rules:
 * - Changes show at once (local overrides) and are saved to the view's grid columns when the
 *   caller may (gridColumnUpdate) and the view routes answer; otherwise they last for the visit.
 * - A failed save is reported; the local change stays for the visit.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import { queryKeys } from "../../../api/query-keys";
import type { Column } from "../../../api/types";
import { viewsApi } from "../../../api/views-api";
import { useNotifyError } from "../../../lib/use-notify-error";
import { rowHeightOf } from "../grid-constants";
import { gridFields, moveField, orderPlan, type GridField } from "../logic/grid-fields";
import type { ViewSetup } from "./use-view-setup";

interface Overrides {
  width: Record<string, number>;
  show: Record<string, boolean>;
  order: string[] | null;
  rowHeight: number | null;
}

const NONE: Overrides = { width: {}, show: {}, order: null, rowHeight: null };

function applyOverrides(fields: GridField[], o: Overrides): GridField[] {
  const next = fields.map((f) => ({
    ...f,
    width: o.width[f.column.id] ?? f.width,
    show: f.column.pv || (o.show[f.column.id] ?? f.show),
  }));
  if (!o.order) return next;
  const rank = new Map(o.order.map((id, i) => [id, i]));
  return next.sort((a, b) => (rank.get(a.column.id) ?? 1e9) - (rank.get(b.column.id) ?? 1e9));
}

export function useGridColumns(setup: ViewSetup, canPersist: boolean) {
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const viewId = setup.view?.id ?? null;
  const [state, setState] = useState<{ viewId: string | null; o: Overrides }>({ viewId, o: NONE });
  const o = state.viewId === viewId ? state.o : NONE;
  const update = (fn: (o: Overrides) => Overrides) =>
    setState((s) => ({ viewId, o: fn(s.viewId === viewId ? s.o : NONE) }));
  const persist = canPersist && setup.viewApiReady && viewId !== null;
  const columns: readonly Column[] = setup.meta?.columns ?? [];
  const base = useMemo(
    () => gridFields(columns, setup.gridColumns, Boolean(setup.view?.show_system_fields)),
    [columns, setup.gridColumns, setup.view?.show_system_fields],
  );
  const all = useMemo(() => applyOverrides(base, o), [base, o]);
  const visible = useMemo(() => all.filter((f) => f.show), [all]);

  const save = useCallback(
    async (work: () => Promise<unknown>) => {
      if (!persist || !viewId) return;
      try {
        await work();
        await queryClient.invalidateQueries({ queryKey: queryKeys.gridColumns(viewId) });
      } catch (err) {
        notifyError(err);
      }
    },
    [persist, viewId, queryClient, notifyError],
  );

  const resize = (field: GridField, width: number, done: boolean) => {
    update((x) => ({ ...x, width: { ...x.width, [field.column.id]: width } }));
    if (done && field.gridColumnId)
      void save(() => viewsApi.updateGridColumn(field.gridColumnId!, { width: `${width}px` }));
  };
  const setShown = (field: GridField, show: boolean) => {
    if (field.column.pv) return;
    update((x) => ({ ...x, show: { ...x.show, [field.column.id]: show } }));
    if (field.gridColumnId) void save(() => viewsApi.updateGridColumn(field.gridColumnId!, { show }));
  };
  /** Moves a field within `all` (the Fields menu's list, the frozen one first). */
  const moveAll = (from: number, to: number) => {
    const next = moveField(all, from, to);
    update((x) => ({ ...x, order: next.map((f) => f.column.id) }));
    const plan = orderPlan(next);
    if (plan.length > 0)
      void save(() => Promise.all(plan.map((p) => viewsApi.updateGridColumn(p.id, { order: p.order }))));
  };
  /** Moves a drawn column onto another drawn column's place. */
  const moveVisible = (from: number, to: number) => {
    const a = all.indexOf(visible[from]!);
    const b = all.indexOf(visible[to]!);
    if (a >= 0 && b >= 0) moveAll(a, b);
  };
  const setAll = (show: boolean) => {
    update((x) => ({ ...x, show: Object.fromEntries(all.map((f) => [f.column.id, show])) }));
    if (viewId) void save(() => (show ? viewsApi.showAll(viewId) : viewsApi.hideAll(viewId)));
  };
  const level = o.rowHeight ?? setup.view?.row_height ?? setup.view?.view?.row_height ?? 0;
  const setRowHeight = (next: number) => {
    update((x) => ({ ...x, rowHeight: next }));
    if (viewId)
      void save(() =>
        viewsApi
          .updateGrid(viewId, { row_height: next })
          .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.views(setup.meta?.id ?? "") })),
      );
  };
  return {
    all,
    visible,
    resize,
    setShown,
    moveAll,
    moveVisible,
    setAll,
    rowLevel: level,
    rowHeight: rowHeightOf(level),
    setRowHeight,
  };
}
