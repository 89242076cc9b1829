/** Linked records of a row (API-CONTRACT 5.2): lists, candidates not yet linked, link and unlink. */
import type { Answer } from "./app-types";
import { wire } from "./wire";

const links = "/api/v1/db/data/:orgs/:projectName/:tableName/:rowId/:relationType/:columnName";

export type LinkType = "hm" | "bt" | "mm";
export type RowKey = string | number;

/** Which row's links a call names (the web's own argument, not a payload). */
export interface LinkTarget {
  projectId: string;
  tableId: string;
  rowId: RowKey;
  type: LinkType;
  /** The link column's id (the server also takes its title). */
  columnId: string;
}

export type LinkPage = Answer<typeof links, "$get">;

/** The page asked for (sent as the query). */
export interface LinkPageQuery {
  limit: number;
  offset: number;
  where?: string;
}

const params = (t: LinkTarget) => ({
  orgs: "noco",
  projectName: t.projectId,
  tableName: t.tableId,
  rowId: t.rowId,
  relationType: t.type,
  columnName: t.columnId,
});
const query = (q: LinkPageQuery) => ({ limit: q.limit, offset: q.offset, where: q.where || undefined });

export const linksApi = {
  /** Records linked to the row (hm and mm only: bt values come with the row). */
  list: (t: LinkTarget, q: LinkPageQuery, signal?: AbortSignal) =>
    wire.get(links, params(t), { query: query(q), signal }),
  /** Records of the other table that this row could link to. */
  excluded: (t: LinkTarget, q: LinkPageQuery, signal?: AbortSignal) =>
    wire.get(`${links}/exclude`, params(t), { query: query(q), signal }),
  add: (t: LinkTarget, refRowId: RowKey) => wire.post(`${links}/:refRowId`, { ...params(t), refRowId }),
  remove: (t: LinkTarget, refRowId: RowKey) => wire.del(`${links}/:refRowId`, { ...params(t), refRowId }),
};
