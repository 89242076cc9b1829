/**
 * The few expressions that differ per dialect, chosen so all three give the same answers:
 * - Text equality is exact: `=` on sqlite and pg (binary / deterministic collations);
 *   mysql compares `CAST(x AS BINARY)`, because its default collations ignore case and trailing
 *   spaces (PAD SPACE) even under utf8mb4_bin.
 * - `like` is case-insensitive everywhere: `lower(col) LIKE lower(?) ESCAPE '!'`; pg casts the
 *   column to text first, mysql compares under utf8mb4_bin so its collation adds no accent folding.
 *   SQLite's lower() folds ASCII only, pg and mysql fold all of Unicode: answers agree for ASCII
 *   letters; non-ASCII text matches on every dialect only in the same case.
 * - Multi-select membership looks for `,title,` in `,col,` with a case-sensitive position function.
 * - Text sorts by code point (UTF-8 bytes): sqlite COLLATE BINARY, pg COLLATE "C", mysql
 *   CAST AS BINARY. NULLs come first ascending and last descending: NULLS FIRST/LAST on sqlite and
 *   pg, `col IS NULL DESC|ASC` before the column on mysql.
 */
import { fieldType } from "../fields/registry";
import { Frag, sql } from "./sql";
import type { Dialect, QueryColumn } from "./types";

export function textEq(d: Dialect, c: Frag, v: Frag): Frag {
  return d === "mysql" ? sql`CAST(${c} AS BINARY) = CAST(${v} AS BINARY)` : sql`${c} = ${v}`;
}

export function textIn(d: Dialect, c: Frag, values: readonly Frag[]): Frag {
  if (d !== "mysql") return sql`${c} IN (${joinComma(values)})`;
  return sql`CAST(${c} AS BINARY) IN (${joinComma(values.map((v) => sql`CAST(${v} AS BINARY)`))})`;
}

export function joinComma(values: readonly Frag[]): Frag {
  return new Frag(values.flatMap((v, i) => (i === 0 ? [...v.chunks] : [", ", ...v.chunks])));
}

export function like(d: Dialect, c: Frag, pattern: Frag): Frag {
  if (d === "pg") return sql`lower(CAST(${c} AS text)) LIKE lower(${pattern}) ESCAPE '!'`;
  if (d === "mysql") return sql`lower(${c}) LIKE lower(${pattern}) COLLATE utf8mb4_bin ESCAPE '!'`;
  return sql`lower(${c}) LIKE lower(${pattern}) ESCAPE '!'`;
}

/** `,item,` (the bound value) occurs in `,col,`. */
export function listContains(d: Dialect, c: Frag, item: Frag): Frag {
  if (d === "pg") return sql`strpos(',' || ${c} || ',', ${item}) > 0`;
  if (d === "mysql") return sql`LOCATE(CAST(${item} AS BINARY), CAST(CONCAT(',', ${c}, ',') AS BINARY)) > 0`;
  return sql`instr(',' || ${c} || ',', ${item}) > 0`;
}

/** JSON equality: pg jsonb and MySQL JSON compare values; MariaDB and SQLite compare compact text. */
export function jsonEq(d: Dialect, c: Frag, v: Frag): Frag {
  if (d === "mysql") return sql`JSON_EXTRACT(${c}, '$') = JSON_EXTRACT(${v}, '$')`;
  if (d === "pg") return sql`${c} = CAST(${v} AS jsonb)`;
  return sql`${c} = ${v}`;
}

/** Whether the column's storage on this dialect is a text type (sorted by code point). */
export function isTextStorage(column: QueryColumn, d: Dialect): boolean {
  let type: string | null = null;
  try {
    type = fieldType(column.uidt)?.storage(d, column.options as never) ?? null;
  } catch {
    type = null;
  }
  return !!type && /^(text|varchar|char|character|longtext|mediumtext|tinytext)\b/i.test(type);
}

/** `notNull`: a key column, never NULL: no NULL placement, so an index on it serves ORDER BY ... LIMIT. */
export function orderTerm(d: Dialect, c: Frag, desc: boolean, text: boolean, notNull = false): Frag {
  if (notNull && !text) return desc ? sql`${c} DESC` : sql`${c} ASC`;
  if (d === "mysql") {
    const key = text ? sql`CAST(${c} AS BINARY)` : c;
    return desc ? sql`${c} IS NULL ASC, ${key} DESC` : sql`${c} IS NULL DESC, ${key} ASC`;
  }
  // SQLite already sorts text by code point and NULLs first ascending (last descending); saying
  // nothing more keeps an index on the column usable for ORDER BY ... LIMIT.
  if (d === "sqlite") return desc ? sql`${c} DESC` : sql`${c} ASC`;
  const key = text ? sql`${c} COLLATE "C"` : c;
  return desc ? sql`${key} DESC NULLS LAST` : sql`${key} ASC NULLS FIRST`;
}
