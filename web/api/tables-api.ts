/** Tables and columns (API-CONTRACT 4.2, 4.3). Column changes answer the whole table. */
import { api } from "../lib/api";
import type { ColumnPayload, MessageAnswer, TableMeta, TableSummary } from "./types";

const meta = "/api/v1/db/meta";
const enc = encodeURIComponent;

export const tablesApi = {
  list: (projectId: string) => api.get<{ list: TableSummary[] }>(`${meta}/projects/${enc(projectId)}/tables`),
  create: (projectId: string, title: string) => tablesApi.createWith(projectId, { table_name: title, title }),
  /** A table with its columns (an import's new table). */
  createWith: (projectId: string, body: { table_name: string; title: string; columns?: unknown[] }) =>
    api.post<TableMeta>(`${meta}/projects/${enc(projectId)}/tables`, body),
  read: (tableId: string) => api.get<TableMeta>(`${meta}/tables/${enc(tableId)}`),
  rename: (projectId: string, tableId: string, title: string) =>
    api.patch<MessageAnswer>(`${meta}/tables/${enc(tableId)}`, { title, table_name: title, project_id: projectId }),
  remove: (tableId: string) => api.del<boolean>(`${meta}/tables/${enc(tableId)}`),
  reorder: (tableId: string, order: number) => api.post<number>(`${meta}/tables/${enc(tableId)}/reorder`, { order }),
  addColumn: (tableId: string, column: ColumnPayload) =>
    api.post<TableMeta>(`${meta}/tables/${enc(tableId)}/columns`, column),
  updateColumn: (columnId: string, column: ColumnPayload) =>
    api.patch<TableMeta>(`${meta}/columns/${enc(columnId)}`, column),
  deleteColumn: (columnId: string) => api.del<TableMeta>(`${meta}/columns/${enc(columnId)}`),
  setDisplayValue: (columnId: string) => api.post<boolean>(`${meta}/columns/${enc(columnId)}/primary`),
};
