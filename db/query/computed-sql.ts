/**
 * The per-dialect SQL of computed fields (computed.ts), chosen so the four give the same answers:
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
import { perDialect } from "./per-dialect";
import { Frag, param, sql } from "./sql";

export type ListOrder = Frag;

export interface From {
  sql: Frag;
  from: Frag;
  where: Frag;
}

/** The first `n` linked records only; `from`/`order` name the same link under a second alias. */
export interface ListLimit {
  n: number;
  from: From;
  order: ListOrder;
}

const lit = (text: string) => new Frag([text]);

/**
 * The linked records (`FROM ... WHERE ...`) with `value` as an aggregate may read it: on SQL Server
 * computed per record as `_a.v` (see the rules above), elsewhere the value itself.
 */
export function perRecord(d: Dialect, value: Frag, from: From): { value: Frag; sql: Frag } {
  if (d !== "mssql") return { value, sql: from.sql };
  return { value: sql`_a.v`, sql: sql`${from.from} CROSS APPLY (SELECT ${value} AS v) AS _a WHERE ${from.where}` };
}

export function jsonPair(d: Dialect, k: Frag, v: Frag): Frag {
  return perDialect(d, {
    sqlite: () => sql`json_array(${k}, ${v})`,
    pg: () => sql`json_build_array(${k}, ${v})`,
    mysql: () => sql`JSON_ARRAY(${k}, ${v})`,
    mssql: () => sql`JSON_ARRAY(${k}, ${v} NULL ON NULL)`,
  });
}

/** A value's JSON text, for arrays assembled as text (mysql, mssql); `json`: it already is JSON. */
function jsonItem(d: "mysql" | "mssql", v: Frag, json: boolean): Frag {
  if (d === "mysql") {
    if (json) return sql`COALESCE(CAST(${v} AS CHAR), 'null')`;
    return sql`SUBSTRING(JSON_ARRAY(${v}), 2, CHAR_LENGTH(JSON_ARRAY(${v})) - 2)`;
  }
  if (json) return sql`COALESCE(CAST(${v} AS nvarchar(max)), N'null')`;
  return sql`SUBSTRING(JSON_ARRAY(${v} NULL ON NULL), 2, LEN(JSON_ARRAY(${v} NULL ON NULL)) - 2)`;
}

const mysqlArray = (items: Frag, order: Frag) =>
  sql`CONCAT('[', COALESCE(GROUP_CONCAT(${items} ORDER BY ${order} SEPARATOR ','), ''), ']')`;

const mssqlArray = (items: Frag, order: Frag) =>
  sql`CONCAT(N'[', STRING_AGG(CAST(${items} AS nvarchar(max)), N',') WITHIN GROUP (ORDER BY ${order}), N']')`;

/** MySQL/MariaDB: the row's key is at most the n-th linked key (every record when there are fewer). */
function withinFirst(order: Frag, limit: ListLimit): Frag {
  const nth = (cols: Frag) =>
    sql`(SELECT ${cols} ${limit.from.sql} ORDER BY ${limit.order} LIMIT 1 OFFSET ${lit(String(Math.trunc(limit.n) - 1))})`;
  return sql`(${nth(sql`1`)} IS NULL OR (${order}) <= ${nth(limit.order)})`;
}

/** The values of the linked records as a JSON array (`limit`: only the first ones, by key). */
export function jsonList(
  d: Dialect,
  value: Frag,
  json: boolean,
  from: From,
  order: ListOrder,
  limit?: ListLimit,
): Frag {
  return perDialect(d, {
    sqlite: () => {
      if (limit === undefined) return sql`(SELECT json_group_array(${value}) ${from.sql})`;
      const limited = sql`(SELECT ${value} AS pair ${from.sql} ORDER BY ${order} LIMIT ${param(limit.n)})`;
      return sql`(SELECT json_group_array(json(_l.pair)) FROM ${limited} AS _l)`;
    },
    pg: () => {
      if (limit === undefined)
        return sql`(SELECT COALESCE(json_agg(${value} ORDER BY ${order}), '[]'::json) ${from.sql})`;
      const limited = sql`(SELECT ${value} AS pair, row_number() OVER (ORDER BY ${order}) AS _o ${from.sql} ORDER BY ${order} LIMIT ${param(limit.n)})`;
      return sql`(SELECT COALESCE(json_agg(_l.pair ORDER BY _l._o), '[]'::json) FROM ${limited} AS _l)`;
    },
    mysql: () => {
      const where = limit === undefined ? from.where : sql`${from.where} AND ${withinFirst(order, limit)}`;
      return sql`(SELECT ${mysqlArray(jsonItem("mysql", value, json), order)} ${from.from} WHERE ${where})`;
    },
    mssql: () => {
      if (limit === undefined) {
        const each = perRecord(d, value, from);
        return sql`(SELECT ${mssqlArray(jsonItem("mssql", each.value, json), order)} ${each.sql})`;
      }
      const item = jsonItem("mssql", value, json);
      // The count is a constant of the code, never a user's value.
      const top = lit(`TOP (${Math.trunc(limit.n)})`);
      const limited = sql`(SELECT ${top} ${item} AS pair, ROW_NUMBER() OVER (ORDER BY ${order}) AS _o ${from.sql} ORDER BY ${order})`;
      return sql`(SELECT ${mssqlArray(sql`_l.pair`, sql`_l._o`)} FROM ${limited} AS _l)`;
    },
  });
}

/** The items of each linked record's list (a JSON array) as one flat JSON array. */
export function listElements(d: Dialect, list: Frag, from: From, order: ListOrder): Frag {
  return perDialect(d, {
    sqlite: () => sql`(SELECT json_group_array(_e.value) ${from.from}, json_each(${list}) AS _e WHERE ${from.where})`,
    pg: () =>
      sql`(SELECT COALESCE(json_agg(_e.value ORDER BY ${order}, _e.n), '[]'::json) ${from.from} CROSS JOIN LATERAL json_array_elements(CAST(${list} AS json)) WITH ORDINALITY AS _e(value, n) WHERE ${from.where})`,
    mysql: () => {
      const table = sql`JSON_TABLE(${list}, '$[*]' COLUMNS (n FOR ORDINALITY, value JSON PATH '$')) AS _e`;
      return sql`(SELECT ${mysqlArray(jsonItem("mysql", sql`_e.value`, true), sql`${order}, _e.n`)} ${from.from} CROSS JOIN ${table} WHERE ${from.where})`;
    },
    mssql: () => {
      // OPENJSON gives each item's text and JSON type: 0 null, 1 string (unescaped), others as JSON text.
      const item = sql`CASE _e.[type] WHEN 0 THEN N'null' WHEN 1 THEN CONCAT(N'"', STRING_ESCAPE(_e.[value], 'json'), N'"') ELSE _e.[value] END`;
      return sql`(SELECT ${mssqlArray(item, sql`${order}, CAST(_e.[key] AS int)`)} ${from.from} CROSS APPLY OPENJSON(${list}) AS _e WHERE ${from.where})`;
    },
  });
}

/** The linked records' values joined with ", " (what filters and sorts compare). */
export function textList(d: Dialect, scalar: Frag, from: From, order: ListOrder): Frag {
  return perDialect(d, {
    sqlite: () => sql`(SELECT group_concat(${scalar}, ', ') ${from.sql})`,
    pg: () => sql`(SELECT string_agg(CAST(${scalar} AS text), ', ' ORDER BY ${order}) ${from.sql})`,
    mysql: () => sql`(SELECT GROUP_CONCAT(${scalar} ORDER BY ${order} SEPARATOR ', ') ${from.sql})`,
    mssql: () => {
      const each = perRecord(d, scalar, from);
      return sql`(SELECT STRING_AGG(CAST(${each.value} AS nvarchar(max)), N', ') WITHIN GROUP (ORDER BY ${order}) ${each.sql})`;
    },
  });
}
