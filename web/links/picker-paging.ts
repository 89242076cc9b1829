/**
 * Paging and search of the link picker and the linked-records list. Rules:
 * - Pages are `pageSize` records by offset; page 0 is the first.
 * - The search is SPEC 7's filter on the other table's display column: `(title,like,%q%)` for
 *   text fields, `(title,eq,q)` for others; a blank search sends no filter. Characters the `where`
 *   syntax reserves (`(`, `)`, `,`, `~`) are dropped from the text so a search never breaks it.
 * - A page past the end (after unlinking the last record of the last page) steps back.
 */
import { searchWhereText } from "../../db/query/search";
import type { Column, PageInfo } from "../api/types";

export const PICKER_PAGE_SIZE = 10;

export interface PickerRequest {
  limit: number;
  offset: number;
  where?: string;
}

export function searchWhere(
  display: Pick<Column, "id" | "title" | "uidt" | "column_name"> | undefined,
  search: string,
): string | undefined {
  const text = search.replace(/[(),~]/g, " ").trim();
  if (!display || text === "") return undefined;
  return searchWhereText(
    {
      id: display.id,
      title: display.title,
      columnName: display.column_name ?? display.title,
      uidt: display.uidt,
      options: {},
    },
    text,
  );
}

export function pickerRequest(page: number, pageSize = PICKER_PAGE_SIZE, where?: string): PickerRequest {
  const p = Math.max(0, Math.floor(page));
  return { limit: pageSize, offset: p * pageSize, ...(where ? { where } : {}) };
}

export interface PageSummary {
  /** 1-based positions of the first and last record shown; 0 and 0 when empty. */
  from: number;
  to: number;
  total: number;
  hasPrev: boolean;
  hasNext: boolean;
  /** The last page that holds records. */
  lastPage: number;
}

export function pageSummary(
  page: number,
  pageSize: number,
  shown: number,
  pageInfo: Pick<PageInfo, "totalRows"> | undefined,
): PageSummary {
  const total = Math.max(0, Number(pageInfo?.totalRows ?? shown));
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  const from = shown === 0 ? 0 : page * pageSize + 1;
  return {
    from,
    to: shown === 0 ? 0 : from + shown - 1,
    total,
    hasPrev: page > 0,
    hasNext: (page + 1) * pageSize < total,
    lastPage,
  };
}

/** The page to show once the count is known: never past the last page. */
export function clampPage(page: number, summary: Pick<PageSummary, "lastPage" | "total">): number {
  return summary.total === 0 ? 0 : Math.min(page, summary.lastPage);
}
