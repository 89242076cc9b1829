/** Views, grid settings, filters and sorts (API-CONTRACT 4.4, 4.6, 4.7). */
import { api } from "../lib/api";
import type { Filter, GridColumn, Sort, View } from "./view-types";

const meta = "/api/v1/db/meta";
const enc = encodeURIComponent;
/** [B] answers `{list}`, [A] a bare array: accept both. */
const listOf = <T>(answer: { list: T[] } | T[]): T[] => (Array.isArray(answer) ? answer : (answer.list ?? []));

export const viewsApi = {
  list: async (tableId: string) =>
    listOf(await api.get<{ list: View[] } | View[]>(`${meta}/tables/${enc(tableId)}/views`)),
  gridColumns: async (viewId: string) =>
    listOf(await api.get<{ list: GridColumn[] } | GridColumn[]>(`${meta}/grids/${enc(viewId)}/grid-columns`)),
  updateGridColumn: (id: string, body: { width?: string; show?: boolean; order?: number }) =>
    api.patch<number>(`${meta}/grid-columns/${enc(id)}`, body),
  showAll: (viewId: string) => api.post<boolean>(`${meta}/views/${enc(viewId)}/show-all`),
  hideAll: (viewId: string) => api.post<boolean>(`${meta}/views/${enc(viewId)}/hide-all`),
  updateGrid: (viewId: string, body: { row_height: number }) => api.patch<number>(`${meta}/grids/${enc(viewId)}`, body),

  filters: async (viewId: string) =>
    listOf(await api.get<{ list: Filter[] } | Filter[]>(`${meta}/views/${enc(viewId)}/filters`)),
  filterChildren: async (groupId: string) =>
    listOf(await api.get<{ list: Filter[] } | Filter[]>(`${meta}/filters/${enc(groupId)}/children`)),
  createFilter: (viewId: string, body: Filter) => api.post<Filter>(`${meta}/views/${enc(viewId)}/filters`, body),
  updateFilter: (id: string, body: Filter) => api.patch<number>(`${meta}/filters/${enc(id)}`, body),
  deleteFilter: (id: string) => api.del<boolean>(`${meta}/filters/${enc(id)}`),

  sorts: async (viewId: string) =>
    listOf(await api.get<{ list: Sort[] } | Sort[]>(`${meta}/views/${enc(viewId)}/sorts`)),
  createSort: (viewId: string, body: Sort) => api.post<Sort>(`${meta}/views/${enc(viewId)}/sorts`, body),
  updateSort: (id: string, body: Partial<Sort>) => api.patch<number>(`${meta}/sorts/${enc(id)}`, body),
  deleteSort: (id: string) => api.del<boolean>(`${meta}/sorts/${enc(id)}`),
};
