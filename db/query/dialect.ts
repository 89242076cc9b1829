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
 * - SQL Server (mssql): its default collations ignore case, and `=` ignores trailing spaces under
 *   every collation, so exact text equality is the binary collation (MSSQL_BINARY) plus equal
 *   lengths counted with a sentinel (LEN drops trailing spaces). `like` lower()s both sides, so it
 *   ignores case whatever the column's collation, and escapes `[` (a character class in T-SQL) in
 *   SQL, the value staying bound. Text sorts by the binary collation; NULLs sort first ascending
 *   and last descending natively, as on SQLite. JSON is text (nvarchar): compared as exact text.
 */
import { fieldType } from "../fields/registry";
import { MSSQL_BINARY, perDialect } from "./per-dialect";
import { Frag, or, sql } from "./sql";
import type { Dialect, QueryColumn } from "./types";

const BIN = new Frag([` COLLATE ${MSSQL_BINARY}`]);

/** SQL Server: same characters (binary) and same length counting trailing spaces. */
const mssqlTextEq = (c: Frag, v: Frag): Frag =>
  sql`(${c}${BIN} = ${v} AND LEN(CONCAT(${c}, N'x')) = LEN(CONCAT(${v}, N'x')))`;

export function textEq(d: Dialect, c: Frag, v: Frag): Frag {
  return perDialect(d, {
    sqlite: () => sql`${c} = ${v}`,
    pg: () => sql`${c} = ${v}`,
    mysql: () => sql`CAST(${c} AS BINARY) = CAST(${v} AS BINARY)`,
    mssql: () => mssqlTextEq(c, v),
  });
}

export function textIn(d: Dialect, c: Frag, values: readonly Frag[]): Frag {
  return perDialect(d, {
    sqlite: () => sql`${c} IN (${joinComma(values)})`,
    pg: () => sql`${c} IN (${joinComma(values)})`,
    mysql: () => sql`CAST(${c} AS BINARY) IN (${joinComma(values.map((v) => sql`CAST(${v} AS BINARY)`))})`,
    mssql: () => or(values.map((v) => mssqlTextEq(c, v))),
  });
}

export function joinComma(values: readonly Frag[]): Frag {
  return new Frag(values.flatMap((v, i) => (i === 0 ? [...v.chunks] : [", ", ...v.chunks])));
}

export function like(d: Dialect, c: Frag, pattern: Frag): Frag {
  return perDialect(d, {
    sqlite: () => sql`lower(${c}) LIKE lower(${pattern}) ESCAPE '!'`,
    pg: () => sql`lower(CAST(${c} AS text)) LIKE lower(${pattern}) ESCAPE '!'`,
    mysql: () => sql`lower(${c}) LIKE lower(${pattern}) COLLATE utf8mb4_bin ESCAPE '!'`,
    mssql: () => sql`LOWER(CAST(${c} AS nvarchar(max))) LIKE REPLACE(LOWER(${pattern}), N'[', N'![') ESCAPE '!'`,
  });
}

/** `,item,` (the bound value) occurs in `,col,`. */
export function listContains(d: Dialect, c: Frag, item: Frag): Frag {
  return perDialect(d, {
    sqlite: () => sql`instr(',' || ${c} || ',', ${item}) > 0`,
    pg: () => sql`strpos(',' || ${c} || ',', ${item}) > 0`,
    mysql: () => sql`LOCATE(CAST(${item} AS BINARY), CAST(CONCAT(',', ${c}, ',') AS BINARY)) > 0`,
    mssql: () => sql`CHARINDEX(${item}, CONCAT(N',', ${c}, N',')${BIN}) > 0`,
  });
}

/** JSON equality: pg jsonb and MySQL JSON compare values; MariaDB, SQLite and SQL Server compare compact text. */
export function jsonEq(d: Dialect, c: Frag, v: Frag): Frag {
  return perDialect(d, {
    sqlite: () => sql`${c} = ${v}`,
    pg: () => sql`${c} = CAST(${v} AS jsonb)`,
    mysql: () => sql`JSON_EXTRACT(${c}, '$') = JSON_EXTRACT(${v}, '$')`,
    mssql: () => mssqlTextEq(sql`CAST(${c} AS nvarchar(max))`, v),
  });
}

/** Whether the column's storage on this dialect is a text type (sorted by code point). */
export function isTextStorage(column: QueryColumn, d: Dialect): boolean {
  let type: string | null = null;
  try {
    type = fieldType(column.uidt)?.storage(d, column.options as never) ?? null;
  } catch {
    type = null;
  }
  return !!type && /^(text|varchar|char|character|longtext|mediumtext|tinytext|nvarchar|nchar|ntext)\b/i.test(type);
}

/** `notNull`: a key column, never NULL: no NULL placement, so an index on it serves ORDER BY ... LIMIT. */
export function orderTerm(d: Dialect, c: Frag, desc: boolean, text: boolean, notNull = false): Frag {
  if (notNull && !text) return desc ? sql`${c} DESC` : sql`${c} ASC`;
  const dir = (key: Frag) => (desc ? sql`${key} DESC` : sql`${key} ASC`);
  return perDialect(d, {
    mysql: () => {
      const key = text ? sql`CAST(${c} AS BINARY)` : c;
      return desc ? sql`${c} IS NULL ASC, ${key} DESC` : sql`${c} IS NULL DESC, ${key} ASC`;
    },
    // SQLite already sorts text by code point and NULLs first ascending (last descending); saying
    // nothing more keeps an index on the column usable for ORDER BY ... LIMIT.
    sqlite: () => dir(c),
    // SQL Server places NULLs as SQLite does; text needs the binary collation for code point order.
    mssql: () => dir(text ? sql`${c}${BIN}` : c),
    pg: () => {
      const key = text ? sql`${c} COLLATE "C"` : c;
      return desc ? sql`${key} DESC NULLS LAST` : sql`${key} ASC NULLS FIRST`;
    },
  });
}
