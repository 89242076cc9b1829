/**
 * Filters, sorts and search of the open grid, and the row query they make. Rules:
 * - Until the user changes filters or sorts, rows are read through the view, which applies its
 *   saved filters and sorts. After a change the builder's state is sent explicitly
 *   (`filterArrJson`, `sortArrJson`) on the table route, so unsaved changes show at once.
 * - With filterAutoSave on (default) and the right to save, each change is saved to the view
 *   600 ms after the last edit; with it off (or without the right) changes stay local until
 *   Save is pressed (only with the right).
 * - Search sends SPEC 7's filter for the chosen field as `where`.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { searchWhereText } from "../../../../db/query/search";
import { queryKeys } from "../../../api/query-keys";
import type { Column } from "../../../api/types";
import { viewsApi } from "../../../api/views-api";
import { useNotifyError } from "../../../lib/use-notify-error";
import { adoptIds, syncFilters } from "../logic/filter-sync";
import { fromSaved, sameFilters, toFilterArr, type FilterNode } from "../logic/filters";
import { fromSavedSorts, sameSorts, syncSorts, toSortArr, type SortItem } from "../logic/sorts";
import type { ViewSetup } from "./use-view-setup";
import { useLocalSettings } from "./use-local-settings";

export interface RowQuery {
  /** Identity of the result set: a new key means a new row store. */
  key: string;
  viewId: string | null;
  where?: string;
  fields?: string[];
  filterArrJson?: string;
  sortArrJson?: string;
}

interface Options {
  setup: ViewSetup;
  columns: readonly Column[];
  fieldTitles: readonly string[];
  canSaveFilters: boolean;
  canSaveSorts: boolean;
}

export function useViewQuery({ setup, columns, fieldTitles, canSaveFilters, canSaveSorts }: Options) {
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { filterAutoSave } = useLocalSettings();
  const viewId = setup.view?.id ?? null;
  const savedFilters = useMemo(() => fromSaved(setup.savedFilters ?? []), [setup.savedFilters]);
  const savedSorts = useMemo(() => fromSavedSorts(setup.savedSorts ?? []), [setup.savedSorts]);
  const [filterDraft, setFilterDraft] = useState<FilterNode[] | null>(null);
  const [sortDraft, setSortDraft] = useState<SortItem[] | null>(null);
  const [search, setSearch] = useState<{ columnId: string | null; query: string }>({ columnId: null, query: "" });
  const pending = useRef({ filters: false, sorts: false });
  const filters = filterDraft ?? savedFilters;
  const sorts = sortDraft ?? savedSorts;
  const autoSave = filterAutoSave && setup.viewApiReady;

  // Saves run one after another, each from what the server holds after the previous one
  // (the baseline), so quick edits never create a filter twice.
  const latest = useRef({ filterDraft, sortDraft, savedFilters, savedSorts });
  latest.current = { filterDraft, sortDraft, savedFilters, savedSorts };
  const baseline = useRef<{ filters: FilterNode[] | null; sorts: SortItem[] | null }>({ filters: null, sorts: null });
  const queue = useRef<Promise<void>>(Promise.resolve());

  const saveNow = useCallback(
    async (which: { filters: boolean; sorts: boolean }) => {
      if (!viewId) return;
      const now = latest.current;
      try {
        if (which.filters && now.filterDraft && canSaveFilters) {
          const draft = now.filterDraft;
          const ids = await syncFilters(baseline.current.filters ?? now.savedFilters, draft, {
            create: (body) => viewsApi.createFilter(viewId, body),
            update: (id, body) => viewsApi.updateFilter(id, body),
            remove: (id) => viewsApi.deleteFilter(id),
          });
          baseline.current.filters = adoptIds(draft, ids);
          setFilterDraft((d) => (d ? adoptIds(d, ids) : d));
          void queryClient.invalidateQueries({ queryKey: queryKeys.filters(viewId) });
        }
        if (which.sorts && now.sortDraft && canSaveSorts) {
          const draft = now.sortDraft;
          const ids = await syncSorts(baseline.current.sorts ?? now.savedSorts, draft, {
            create: (body) => viewsApi.createSort(viewId, body),
            update: (id, body) => viewsApi.updateSort(id, body),
            remove: (id) => viewsApi.deleteSort(id),
          });
          const withIds = (list: SortItem[]) => list.map((x) => ({ ...x, id: x.id ?? ids.get(x.key) }));
          baseline.current.sorts = withIds(draft);
          setSortDraft((d) => (d ? withIds(d) : d));
          void queryClient.invalidateQueries({ queryKey: queryKeys.sorts(viewId) });
        }
      } catch (err) {
        notifyError(err);
      }
    },
    [viewId, canSaveFilters, canSaveSorts, queryClient, notifyError],
  );

  const save = useCallback(
    (which: { filters: boolean; sorts: boolean }) => {
      queue.current = queue.current.then(() => saveNow(which));
      return queue.current;
    },
    [saveNow],
  );

  useEffect(() => {
    if (!autoSave || !(pending.current.filters || pending.current.sorts)) return;
    const timer = setTimeout(() => {
      const which = { ...pending.current };
      pending.current = { filters: false, sorts: false };
      void save(which);
    }, 600);
    return () => clearTimeout(timer);
  }, [autoSave, filterDraft, sortDraft, save]);

  const editFilters = useCallback((next: FilterNode[]) => {
    pending.current.filters = true;
    setFilterDraft(next);
  }, []);
  const editSorts = useCallback((next: SortItem[]) => {
    pending.current.sorts = true;
    setSortDraft(next);
  }, []);

  const searchColumn = columns.find((c) => c.id === search.columnId) ?? columns.find((c) => c.pv) ?? columns[0];
  const where =
    search.query.trim() && searchColumn
      ? searchWhereText(
          {
            id: searchColumn.id,
            title: searchColumn.title,
            columnName: searchColumn.column_name ?? searchColumn.title,
            uidt: searchColumn.uidt,
            options: {},
          },
          search.query.trim(),
        )
      : undefined;
  const explicit = filterDraft !== null || sortDraft !== null || viewId === null;
  const fields = fieldTitles.some((t) => t.includes(",")) ? undefined : [...fieldTitles].sort();
  const rowQuery = useMemo<RowQuery>(() => {
    const base = { where, fields };
    const q: RowQuery = explicit
      ? {
          ...base,
          key: "",
          viewId: null,
          filterArrJson: JSON.stringify(toFilterArr(filters, columns)),
          sortArrJson: JSON.stringify(toSortArr(sorts)),
        }
      : { ...base, key: "", viewId };
    return {
      ...q,
      key: JSON.stringify([setup.meta?.id, q.viewId, viewId, where, fields, q.filterArrJson, q.sortArrJson]),
    };
  }, [explicit, where, fields, filters, sorts, columns, viewId, setup.meta?.id]);

  const dirty = !sameFilters(filters, savedFilters, columns) || !sameSorts(sorts, savedSorts);
  return {
    filters,
    sorts,
    editFilters,
    editSorts,
    search,
    setSearch,
    searchColumn,
    rowQuery,
    autoSave,
    /** Unsaved changes the user may save (autosave off). */
    canSave: dirty && !autoSave && setup.viewApiReady && (canSaveFilters || canSaveSorts),
    save: () => save({ filters: true, sorts: true }),
  };
}
