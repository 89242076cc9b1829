/** The calls an import makes (API-CONTRACT 4.2, 4.3, 5.3). */
import { api } from "../lib/api";
import type { ColumnPayload, TableMeta } from "../api/types";
import type { CreateColumnBody } from "../../db/import/template";

const enc = encodeURIComponent;
const meta = "/api/v1/db/meta";

export interface CreateTableBody {
  table_name: string;
  title: string;
  columns: CreateColumnBody[];
}

export interface ImportApi {
  createTable(projectId: string, body: CreateTableBody): Promise<TableMeta>;
  deleteTable(tableId: string): Promise<unknown>;
  updateColumn(columnId: string, payload: ColumnPayload): Promise<TableMeta>;
  bulkInsert(projectId: string, tableId: string, rows: Record<string, unknown>[]): Promise<unknown>;
}

export const importApi: ImportApi = {
  createTable: (projectId, body) => api.post<TableMeta>(`${meta}/projects/${enc(projectId)}/tables`, body),
  deleteTable: (tableId) => api.del<boolean>(`${meta}/tables/${enc(tableId)}`),
  updateColumn: (columnId, payload) => api.patch<TableMeta>(`${meta}/columns/${enc(columnId)}`, payload),
  bulkInsert: (projectId, tableId, rows) => api.post<unknown>(`/api/v1/db/data/bulk/noco/${enc(projectId)}/${enc(tableId)}`, rows),
};
