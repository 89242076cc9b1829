/**
 * Row-list query parameters from a URL (API-CONTRACT 1.5, 1.6). Rules:
 * - where: `where`, else `w`, else `filter` (the first non-empty value); sort: `sort` or `s`;
 *   fields: `fields` or `f`; each also in the SDK's array form `key[]=`.
 * - A plain value is a comma list; array items are taken whole. `+` is a space (URLSearchParams).
 * - limit (`l`): a whole number > 0, else 25; clamped to [1, 1000]. offset (`o`): a whole number
 *   >= 0, else 0.
 * - cursor: the opaque `pageInfo.cursor` of the page before (issue 36), passed on as given; with
 *   one, the page starts after that page's last row and offset only numbers the page.
 */
export const LIMIT_DEFAULT = 25;
export const LIMIT_MIN = 1;
export const LIMIT_MAX = 1000;

export interface ListParams {
  where?: string;
  sort?: string[];
  fields?: string[];
  limit: number;
  offset: number;
  cursor?: string;
}

function values(q: URLSearchParams, ...keys: string[]): string[] {
  for (const key of keys) {
    const array = q.getAll(`${key}[]`);
    const plain = q.getAll(key).flatMap((v) => v.split(","));
    const all = [...plain, ...array].filter((v) => v.trim() !== "");
    if (all.length > 0) return all;
  }
  return [];
}

function whole(text: string | null): number | null {
  if (text === null || !/^\s*\d+\s*$/.test(text)) return null;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : Number.MAX_SAFE_INTEGER;
}

export function readListParams(q: URLSearchParams): ListParams {
  const out: ListParams = { limit: LIMIT_DEFAULT, offset: 0 };
  for (const key of ["where", "w", "filter"]) {
    const where = [...q.getAll(key), ...q.getAll(`${key}[]`)].find((v) => v.trim() !== "");
    if (where !== undefined) {
      out.where = where;
      break;
    }
  }
  const sort = values(q, "sort", "s");
  if (sort.length > 0) out.sort = sort;
  const fields = values(q, "fields", "f");
  if (fields.length > 0) out.fields = fields;
  const limit = whole(q.get("limit") ?? q.get("l"));
  if (limit !== null && limit > 0) out.limit = Math.min(Math.max(limit, LIMIT_MIN), LIMIT_MAX);
  const offset = whole(q.get("offset") ?? q.get("o"));
  if (offset !== null) out.offset = offset;
  const cursor = q.get("cursor");
  if (cursor) out.cursor = cursor;
  return out;
}
