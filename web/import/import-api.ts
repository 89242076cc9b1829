/** The calls an import makes (API-CONTRACT 4.2, 4.3, 5.3): the app's own API clients, paths in one place. */
import { projectsApi } from "../api/projects-api";
import { rowsApi } from "../api/rows-api";
import { tablesApi } from "../api/tables-api";
import type { ColumnPayload, TableMeta } from "../api/types";
import type { CreateColumnBody } from "../../db/import/template";

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
  usage(projectId: string): Promise<{ database_bytes: number; database_limit_bytes: number }>;
}

export const importApi: ImportApi = {
  createTable: (projectId, body) => tablesApi.createWith(projectId, body),
  deleteTable: (tableId) => tablesApi.remove(tableId),
  updateColumn: (columnId, payload) => tablesApi.updateColumn(columnId, payload),
  bulkInsert: (projectId, tableId, rows) => rowsApi.bulkInsert({ projectId, tableId }, rows),
  usage: (projectId) => projectsApi.usage(projectId),
};
