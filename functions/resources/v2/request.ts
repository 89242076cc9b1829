import { callerOf } from "../../lib/caller";
import { badRequest } from "../../lib/http-error";
import type { Ctx } from "../data/context";

/** What every v2 data route reads from its request: the table, the query, the view it goes through. */
export const tableId = (c: Ctx) => c.req.param("tableId")!;
export const query = (c: Ctx) => new URL(c.req.url).searchParams;
export const scope = (c: Ctx) => ({ view: c.req.query("viewId") || undefined, caller: callerOf(c) });

type PageInfo = { totalRows: number; page: number; pageSize: number; isFirstPage: boolean; isLastPage: boolean };

/** NocoDB 0.301's `pageInfo`: `offset` instead of `page` when the request gave one; no cursor. */
export function v2PageInfo(info: PageInfo, offset: string | null | undefined) {
  const { totalRows, page, pageSize, isFirstPage, isLastPage } = info;
  return offset !== undefined && offset !== null && offset !== ""
    ? { totalRows, pageSize, isFirstPage, isLastPage, offset: Number(offset) || 0 }
    : { totalRows, page, pageSize, isFirstPage, isLastPage };
}

/** A bulk body's items (`{alias, where, sort, fields, limit, offset, ...}`), each with its list query parameters. */
export function bulkItems(value: unknown): Array<{ alias: string; q: URLSearchParams; item: Record<string, unknown> }> {
  if (!Array.isArray(value) || value.length === 0) throw badRequest("Request body must be a list of {alias, ...}");
  if (value.length > 50) throw badRequest("A bulk request holds at most 50 items");
  return value.map((raw, i) => {
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) throw badRequest(`Item ${i + 1} must be an object`);
    const item = raw as Record<string, unknown>;
    const alias = typeof item.alias === "string" && item.alias ? item.alias : String(i);
    const q = new URLSearchParams();
    for (const key of ["where", "sort", "fields", "limit", "offset"]) {
      const v = item[key];
      if (typeof v === "string" || typeof v === "number") q.set(key, String(v));
      else if (Array.isArray(v)) q.set(key, v.map(String).join(","));
    }
    return { alias, q, item };
  });
}
