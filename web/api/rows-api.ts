/** Row reads and writes (API-CONTRACT 5.1, 5.3); rows are keyed by column title. */
import { api } from "../lib/api";
import type { Row, RowPage } from "./view-types";

const data = "/api/v1/db/data/noco";
const bulk = "/api/v1/db/data/bulk/noco";
const enc = encodeURIComponent;

export interface RowListQuery {
  limit: number;
  offset: number;
  where?: string;
  fields?: readonly string[];
  filterArrJson?: string;
  sortArrJson?: string;
}

export interface RowTarget {
  projectId: string;
  tableId: string;
  /** Reads through the view apply its saved filters, sorts and fields; null reads the table. */
  viewId?: string | null;
}

const tablePath = (t: RowTarget) => `${data}/${enc(t.projectId)}/${enc(t.tableId)}`;
const listPath = (t: RowTarget) => (t.viewId ? `${tablePath(t)}/views/${enc(t.viewId)}` : tablePath(t));
const bulkPath = (t: RowTarget) => `${bulk}/${enc(t.projectId)}/${enc(t.tableId)}`;

export const rowsApi = {
  list: (t: RowTarget, q: RowListQuery, signal?: AbortSignal) =>
    api.get<RowPage>(listPath(t), {
      signal,
      query: {
        limit: q.limit,
        offset: q.offset,
        where: q.where || undefined,
        fields: q.fields?.length ? q.fields.join(",") : undefined,
        filterArrJson: q.filterArrJson,
        sortArrJson: q.sortArrJson,
      },
    }),
  read: (t: RowTarget, rowId: string | number) => api.get<Row>(`${tablePath(t)}/${enc(String(rowId))}`),
  insert: (t: RowTarget, row: Row) => api.post<Row>(tablePath(t), row),
  update: (t: RowTarget, rowId: string | number, patch: Row) =>
    api.patch<Row>(`${tablePath(t)}/${enc(String(rowId))}`, patch),
  remove: (t: RowTarget, rowId: string | number) => api.del<unknown>(`${tablePath(t)}/${enc(String(rowId))}`),
  bulkInsert: (t: RowTarget, rows: Row[]) => api.post<Array<Record<string, number | string>>>(bulkPath(t), rows),
  bulkUpdate: (t: RowTarget, rows: Row[]) => api.patch<unknown>(bulkPath(t), rows),
  bulkDelete: (t: RowTarget, keys: Row[]) => api.del<unknown>(bulkPath(t), { body: keys }),
};
