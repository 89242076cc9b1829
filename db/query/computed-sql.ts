/**
 * The per-dialect SQL of computed fields (computed.ts), chosen so the three give the same answers:
 * - a link's [key, display] pair: json_array / json_build_array / JSON_ARRAY;
 * - a list as a JSON array: json_group_array / json_agg / JSON_ARRAYAGG. PostgreSQL and MySQL
 *   order it by the linked records' key inside the aggregate and give `[]` for no records, as
 *   SQLite's json_group_array does (SQLite reads them in key order already and is left as it was);
 * - `order` may name several columns (a composite key);
 * - a link list keeps its first LINKS_PER_ROW records: SQLite and PostgreSQL through an ordered,
 *   limited derived table; MariaDB cannot correlate a derived table with the outer row, so it
 *   uses its aggregate's own `ORDER BY ... LIMIT n` (MariaDB 10.5+; MySQL 8 has no LIMIT there);
 * - MariaDB's aggregates quote a sub-query's JSON as text: JSON_EXTRACT(x, '$') marks it as JSON;
 * - a list of lists is flattened with json_each / json_array_elements / JSON_TABLE, in order;
 * - filters and sorts see the items joined with ", ": group_concat / string_agg / GROUP_CONCAT.
 */
import type { Dialect } from "../fields/types";
import { Frag, param, sql } from "./sql";

export type ListOrder = Frag;

interface From {
  sql: Frag;
  from: Frag;
  where: Frag;
}

export function jsonPair(d: Dialect, k: Frag, v: Frag): Frag {
  if (d === "pg") return sql`json_build_array(${k}, ${v})`;
  if (d === "mysql") return sql`JSON_ARRAY(${k}, ${v})`;
  return sql`json_array(${k}, ${v})`;
}

const asJson = (d: Dialect, v: Frag, json: boolean) => (json && d === "mysql" ? sql`JSON_EXTRACT(${v}, '$')` : v);

/** The values of the linked records as a JSON array (`limit`: only the first ones, by key). */
export function jsonList(d: Dialect, value: Frag, json: boolean, from: From, order: ListOrder, limit?: number): Frag {
  if (d === "sqlite") {
    if (limit === undefined) return sql`(SELECT json_group_array(${value}) ${from.sql})`;
    const limited = sql`(SELECT ${value} AS pair ${from.sql} ORDER BY ${order} LIMIT ${param(limit)})`;
    return sql`(SELECT json_group_array(json(_l.pair)) FROM ${limited} AS _l)`;
  }
  if (d === "pg") {
    if (limit === undefined)
      return sql`(SELECT COALESCE(json_agg(${value} ORDER BY ${order}), '[]'::json) ${from.sql})`;
    const limited = sql`(SELECT ${value} AS pair, row_number() OVER (ORDER BY ${order}) AS _o ${from.sql} ORDER BY ${order} LIMIT ${param(limit)})`;
    return sql`(SELECT COALESCE(json_agg(_l.pair ORDER BY _l._o), '[]'::json) FROM ${limited} AS _l)`;
  }
  // The limit is a constant of the code, never a user's value; MariaDB takes only a literal there.
  const cap = limit === undefined ? "" : ` LIMIT ${Math.trunc(limit)}`;
  return sql`(SELECT COALESCE(JSON_ARRAYAGG(${asJson(d, value, json)} ORDER BY ${order}${new Frag([cap])}), JSON_ARRAY()) ${from.sql})`;
}

/** The items of each linked record's list (a JSON array) as one flat JSON array. */
export function listElements(d: Dialect, list: Frag, from: From, order: ListOrder): Frag {
  if (d === "sqlite")
    return sql`(SELECT json_group_array(_e.value) ${from.from}, json_each(${list}) AS _e WHERE ${from.where})`;
  if (d === "pg") {
    return sql`(SELECT COALESCE(json_agg(_e.value ORDER BY ${order}, _e.n), '[]'::json) ${from.from} CROSS JOIN LATERAL json_array_elements(CAST(${list} AS json)) WITH ORDINALITY AS _e(value, n) WHERE ${from.where})`;
  }
  const table = sql`JSON_TABLE(${list}, '$[*]' COLUMNS (n FOR ORDINALITY, value JSON PATH '$')) AS _e`;
  return sql`(SELECT COALESCE(JSON_ARRAYAGG(JSON_EXTRACT(_e.value, '$') ORDER BY ${order}, _e.n), JSON_ARRAY()) ${from.from} CROSS JOIN ${table} WHERE ${from.where})`;
}

/** The linked records' values joined with ", " (what filters and sorts compare). */
export function textList(d: Dialect, scalar: Frag, from: From, order: ListOrder): Frag {
  if (d === "pg") return sql`(SELECT string_agg(CAST(${scalar} AS text), ', ' ORDER BY ${order}) ${from.sql})`;
  if (d === "mysql") return sql`(SELECT GROUP_CONCAT(${scalar} ORDER BY ${order} SEPARATOR ', ') ${from.sql})`;
  return sql`(SELECT group_concat(${scalar}, ', ') ${from.sql})`;
}
