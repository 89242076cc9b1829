/**
 * The per-dialect SQL of computed fields (computed.ts; each written in its dialect's file,
 * db/query/dialects), chosen so the four give the same answers:
 * - a link's [key, display] pair: json_array / json_build_array / JSON_ARRAY (SQL Server 2022's,
 *   with NULL ON NULL: its default drops NULLs);
 * - a list as a JSON array, ordered by the linked records' key, `[]` for no records. SQLite's
 *   json_group_array reads them in key order already; PostgreSQL orders json_agg. MySQL 8 accepts
 *   neither ORDER BY nor LIMIT inside JSON_ARRAYAGG (MariaDB does), so on both the array is text
 *   built by GROUP_CONCAT(... ORDER BY ...), each item its JSON text (a scalar is JSON_ARRAY(v)
 *   without its brackets); the mysql adapter raises group_concat_max_len (MySQL's default is 1 KB).
 *   SQL Server builds it the same way with STRING_AGG(...) WITHIN GROUP (ORDER BY ...);
 * - `order` may name several columns (a composite key);
 * - a link list keeps its first LINKS_PER_ROW records: SQLite and PostgreSQL through an ordered,
 *   limited derived table, SQL Server through TOP (n) in one; MariaDB cannot correlate a derived
 *   table with the outer row, so MySQL/MariaDB keep the records whose key is at most the n-th key
 *   (a scalar sub-query with LIMIT 1 OFFSET n-1 over the same link, as `limit.from`);
 * - a list of lists is flattened with json_each / json_array_elements / JSON_TABLE / OPENJSON, in order;
 * - filters and sorts see the items joined with ", ": group_concat / string_agg / GROUP_CONCAT / STRING_AGG.
 * - SQL Server refuses an aggregate over an expression that holds a sub-query (a lookup of a
 *   lookup, a formula with one): each linked record's value is computed first, CROSS APPLY
 *   (SELECT <value> AS v) AS _a, and aggregated as `_a.v` (`perRecord`).
 */
import type { Dialect } from "../fields/types";
import { dialectOf } from "./dialects";
import type { From, ListLimit, ListOrder } from "./dialects/dialect";
import type { Frag } from "./sql";

export type { From, ListLimit, ListOrder };

/**
 * The linked records (`FROM ... WHERE ...`) with `value` as an aggregate may read it: on SQL Server
 * computed per record as `_a.v` (see the rules above), elsewhere the value itself.
 */
export const perRecord = (d: Dialect, value: Frag, from: From): { value: Frag; sql: Frag } =>
  dialectOf(d).perRecord(value, from);

export const jsonPair = (d: Dialect, k: Frag, v: Frag): Frag => dialectOf(d).jsonPair(k, v);

/** The values of the linked records as a JSON array (`limit`: only the first ones, by key). */
export const jsonList = (
  d: Dialect,
  value: Frag,
  json: boolean,
  from: From,
  order: ListOrder,
  limit?: ListLimit,
): Frag => dialectOf(d).jsonList(value, json, from, order, limit);

/** The items of each linked record's list (a JSON array) as one flat JSON array. */
export const listElements = (d: Dialect, list: Frag, from: From, order: ListOrder): Frag =>
  dialectOf(d).listElements(list, from, order);

/** The linked records' values joined with ", " (what filters and sorts compare). */
export const textList = (d: Dialect, scalar: Frag, from: From, order: ListOrder): Frag =>
  dialectOf(d).textList(scalar, from, order);
