/** Row reads and writes (API-CONTRACT 5.1, 5.3); rows are keyed by column title. */
import type { Row } from "./view-types";
import { wire } from "./wire";

const rows = "/api/v1/db/data/:orgs/:projectName/:tableName";
const row = `${rows}/:rowId` as const;
const bulk = "/api/v1/db/data/bulk/:orgs/:projectName/:tableName";

/** The page asked for (sent as the query). */
export interface RowListQuery {
  limit: number;
  offset: number;
  /** The previous page's `pageInfo.cursor`: this page starts after it (offset then only numbers it). */
  cursor?: string;
  where?: string;
  fields?: readonly string[];
  filterArrJson?: string;
  sortArrJson?: string;
}

/** Which table (or view) a call names: the web's own argument, not a payload. */
export interface RowTarget {
  projectId: string;
  tableId: string;
  /** Reads through the view apply its saved filters, sorts and fields; null reads the table. */
  viewId?: string | null;
}

const table = (t: RowTarget) => ({ orgs: "noco", projectName: t.projectId, tableName: t.tableId });

export const rowsApi = {
  list: (t: RowTarget, q: RowListQuery, signal?: AbortSignal) => {
    const options = {
      signal,
      query: {
        limit: q.limit,
        offset: q.offset,
        cursor: q.cursor,
        where: q.where || undefined,
        fields: q.fields?.length ? q.fields.join(",") : undefined,
        filterArrJson: q.filterArrJson,
        sortArrJson: q.sortArrJson,
      },
    };
    return t.viewId
      ? wire.get(`${rows}/views/:viewName`, { ...table(t), viewName: t.viewId }, options)
      : wire.get(rows, table(t), options);
  },
  /** Distinct values of one column with their counts, paged over the values (contract 5.1 groupby). */
  groupBy: (
    t: RowTarget,
    q: {
      column: string;
      sort: string;
      limit: number;
      offset: number;
      where?: string;
      filterArrJson?: string;
      /** A date column by its day, month or year (issue 37). */
      bucket?: "day" | "month" | "year";
      /** The footer's aggregates per group (`Amount:sum,...`), answered as each group's `aggregates`. */
      aggregations?: string;
    },
    signal?: AbortSignal,
  ) => {
    const options = {
      signal,
      query: {
        column_name: q.column,
        sort: q.sort,
        limit: q.limit,
        offset: q.offset,
        where: q.where || undefined,
        filterArrJson: q.filterArrJson,
        bucket: q.bucket,
        aggregations: q.aggregations || undefined,
      },
    };
    return t.viewId
      ? wire.get(`${rows}/views/:viewName/groupby`, { ...table(t), viewName: t.viewId }, options)
      : wire.get(`${rows}/groupby`, table(t), options);
  },
  /** The grid footer's aggregates (`Amount:sum,Status:count_unique`) over the same rows as a list. */
  aggregate: (
    t: RowTarget,
    q: { aggregations: string; where?: string; filterArrJson?: string },
    signal?: AbortSignal,
  ) => {
    const options = {
      signal,
      query: { aggregations: q.aggregations, where: q.where || undefined, filterArrJson: q.filterArrJson },
    };
    return t.viewId
      ? wire.get(`${rows}/views/:viewName/aggregate`, { ...table(t), viewName: t.viewId }, options)
      : wire.get(`${rows}/aggregate`, table(t), options);
  },
  read: (t: RowTarget, rowId: string | number) => wire.get(row, { ...table(t), rowId }),
  insert: (t: RowTarget, body: Row) => wire.post(rows, table(t), body),
  update: (t: RowTarget, rowId: string | number, patch: Row) => wire.patch(row, { ...table(t), rowId }, patch),
  remove: (t: RowTarget, rowId: string | number) => wire.del(row, { ...table(t), rowId }),
  bulkInsert: (t: RowTarget, body: Row[]) => wire.post(bulk, table(t), body),
  bulkUpdate: (t: RowTarget, body: Row[]) => wire.patch(bulk, table(t), body),
  bulkDelete: (t: RowTarget, keys: Row[]) => wire.del(bulk, table(t), { body: keys }),
};
