/**
 * The query compiler's expressions that differ per dialect (each written in its dialect's file,
 * db/query/dialects), chosen so every dialect gives the same answers:
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
import { dialectOf } from "./dialects";
import { Frag, sql } from "./sql";
import type { Dialect, QueryColumn } from "./types";

export const textEq = (d: Dialect, c: Frag, v: Frag): Frag => dialectOf(d).textEq(c, v);

export const textIn = (d: Dialect, c: Frag, values: readonly Frag[]): Frag => dialectOf(d).textIn(c, values);

export function joinComma(values: readonly Frag[]): Frag {
  return new Frag(values.flatMap((v, i) => (i === 0 ? [...v.chunks] : [", ", ...v.chunks])));
}

export const like = (d: Dialect, c: Frag, pattern: Frag): Frag => dialectOf(d).like(c, pattern);

/** `,item,` (the bound value) occurs in `,col,`. */
export const listContains = (d: Dialect, c: Frag, item: Frag): Frag => dialectOf(d).listContains(c, item);

/** JSON equality: pg jsonb and MySQL JSON compare values; MariaDB, SQLite and SQL Server compare compact text. */
export const jsonEq = (d: Dialect, c: Frag, v: Frag): Frag => dialectOf(d).jsonEq(c, v);

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
  return dialectOf(d).orderTerm(c, desc, text);
}
