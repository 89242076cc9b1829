/** Linked records of a row (API-CONTRACT 5.2): lists, candidates not yet linked, link and unlink. */
import { api } from "../lib/api";
import type { MessageAnswer, PageInfo } from "./types";
import type { Row } from "./view-types";

const data = "/api/v1/db/data/noco";
const enc = encodeURIComponent;

export type LinkType = "hm" | "bt" | "mm";
export type RowKey = string | number;

export interface LinkTarget {
  projectId: string;
  tableId: string;
  rowId: RowKey;
  type: LinkType;
  /** The link column's id (the server also takes its title). */
  columnId: string;
}

export interface LinkPage {
  list: Row[];
  pageInfo: PageInfo;
}

export interface LinkPageQuery {
  limit: number;
  offset: number;
  where?: string;
}

const path = (t: LinkTarget) =>
  `${data}/${enc(t.projectId)}/${enc(t.tableId)}/${enc(String(t.rowId))}/${t.type}/${enc(t.columnId)}`;
const query = (q: LinkPageQuery) => ({ limit: q.limit, offset: q.offset, where: q.where || undefined });

export const linksApi = {
  /** Records linked to the row (hm and mm only: bt values come with the row). */
  list: (t: LinkTarget, q: LinkPageQuery, signal?: AbortSignal) =>
    api.get<LinkPage>(path(t), { query: query(q), signal }),
  /** Records of the other table that this row could link to. */
  excluded: (t: LinkTarget, q: LinkPageQuery, signal?: AbortSignal) =>
    api.get<LinkPage>(`${path(t)}/exclude`, { query: query(q), signal }),
  add: (t: LinkTarget, refRowId: RowKey) => api.post<MessageAnswer>(`${path(t)}/${enc(String(refRowId))}`),
  remove: (t: LinkTarget, refRowId: RowKey) => api.del<MessageAnswer>(`${path(t)}/${enc(String(refRowId))}`),
};
