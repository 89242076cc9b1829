/**
 * What the grid needs before it can draw: the table's columns, its views (the one named in the
 * route, else the default grid), the view's grid columns, saved filters (groups with children)
 * and sorts. View routes that fail (an older server) fall back to the table's own view list and
 * to a grid without saved settings, so the table still opens.
 */
import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "../../../api/query-keys";
import { tablesApi } from "../../../api/tables-api";
import type { TableMeta } from "../../../api/types";
import type { Filter, GridColumn, Sort, View } from "../../../api/view-types";
import { viewsApi } from "../../../api/views-api";

export async function filterTree(viewId: string): Promise<Filter[]> {
  const withChildren = async (filters: Filter[]): Promise<Filter[]> =>
    Promise.all(
      filters.map(async (f) =>
        f.is_group && f.id ? { ...f, children: await withChildren(await viewsApi.filterChildren(f.id)) } : f,
      ),
    );
  return withChildren(await viewsApi.filters(viewId));
}

export function pickView(views: readonly View[], viewTitle: string | null | undefined): View | null {
  const grids = views.filter((v) => v.type === 3);
  if (viewTitle) {
    const named = grids.find((v) => v.title === viewTitle || v.id === viewTitle);
    if (named) return named;
  }
  return grids.find((v) => Boolean(v.is_default)) ?? grids[0] ?? null;
}

export interface ViewSetup {
  meta: TableMeta | undefined;
  view: View | null;
  gridColumns: GridColumn[] | null;
  savedFilters: Filter[] | null;
  savedSorts: Sort[] | null;
  /** The view's settings routes answered (saving is possible). */
  viewApiReady: boolean;
  pending: boolean;
  error: unknown;
}

export function useViewSetup(tableId: string, viewTitle: string | null | undefined): ViewSetup {
  const table = useQuery({ queryKey: queryKeys.table(tableId), queryFn: () => tablesApi.read(tableId) });
  const views = useQuery({ queryKey: queryKeys.views(tableId), queryFn: () => viewsApi.list(tableId), retry: false });
  const list = views.data ?? (views.isError ? ((table.data?.views ?? []) as View[]) : []);
  const view = pickView(list, viewTitle);
  const viewId = view?.id ?? "";
  const enabled = viewId !== "";
  const grid = useQuery({
    queryKey: queryKeys.gridColumns(viewId),
    queryFn: () => viewsApi.gridColumns(viewId),
    enabled,
    retry: false,
  });
  const filters = useQuery({
    queryKey: queryKeys.filters(viewId),
    queryFn: () => filterTree(viewId),
    enabled,
    retry: false,
  });
  const sorts = useQuery({
    queryKey: queryKeys.sorts(viewId),
    queryFn: () => viewsApi.sorts(viewId),
    enabled,
    retry: false,
  });
  const settled = (q: { isPending: boolean; isError: boolean }) => !enabled || !q.isPending || q.isError;
  return {
    meta: table.data,
    view,
    gridColumns: grid.data ?? null,
    savedFilters: filters.data ?? null,
    savedSorts: sorts.data ?? null,
    viewApiReady: enabled && !views.isError && !grid.isError,
    // Rows are read through the view, which applies its saved filters and sorts: only the
    // columns are needed before the first page.
    pending: table.isPending || views.isPending || !settled(grid),
    error: table.error,
  };
}
