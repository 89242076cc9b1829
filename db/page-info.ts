/**
 * The one `pageInfo` of every list answer (API-CONTRACT 1.9): rows, hooks' logs, org users,
 * members, projects and tokens. Rules:
 * - page counts from 1 (`offset / limit + 1`);
 * - the last page is the one holding the last row, or any page reaching past it;
 * - a whole list in one answer is `pageInfo(n, n, 0)`: page 1 of 1, also when empty.
 */
export interface PageInfo {
  totalRows: number;
  page: number;
  pageSize: number;
  isFirstPage: boolean;
  isLastPage: boolean;
}

export function pageInfo(totalRows: number, limit: number, offset: number): PageInfo {
  const page = offset ? offset / limit + 1 : 1;
  return {
    totalRows,
    page,
    pageSize: limit,
    isFirstPage: page === 1,
    isLastPage: page === (Math.ceil(totalRows / limit) || 1) || offset + limit >= totalRows,
  };
}

/** A list answered whole. */
export const wholeList = <T>(list: readonly T[]) => ({ list, pageInfo: pageInfo(list.length, list.length, 0) });
