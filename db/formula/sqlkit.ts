/**
 * The SQL pieces formulas are built from, per dialect. Rules:
 * - User values are bound (`param`); pg gets an explicit CAST on every bound value, because an
 *   untyped `$1` cannot pick an operator, and SQL Server on text and numbers: tedious types a
 *   bound number as int or float by its value, and short text as nvarchar(4000), which REPLICATE
 *   and `+` would cut, so they become float and nvarchar(max). Only the compiler's own constants
 *   (TRUE/FALSE, 0/1, unit factors, format strings) are written as SQL text.
 * - Numbers: sqlite INTEGER/REAL, pg double precision, mysql DOUBLE, SQL Server float (bigint columns
 *   are cast, so nothing overflows as an integer and `/` never divides integers; SQL Server's
 *   POWER answers in its first argument's type, so its base is cast to float too).
 * - Booleans: pg boolean, sqlite and mysql 0/1, SQL Server int 1/0 (NULL when unknown).
 * - Values and conditions: every piece is one or the other. On pg, sqlite and mysql a boolean value
 *   is a condition and back, so the two coincide; T-SQL has no boolean values, only conditions
 *   (predicates), which may stand only after WHEN, WHERE, ON, AND, OR and NOT. So `truthy`,
 *   `holds`, `textCompare`, `condConst`, `unknownCond` and compare.ts `compileCompare`/`isBlank`
 *   give conditions, and everything else values. Between the two: `conditionValue` (unknown stays
 *   NULL: CASE WHEN c THEN 1 WHEN NOT (c) THEN 0 END) and `flagValue` (for conditions that are
 *   never unknown: CASE WHEN c THEN 1 ELSE 0 END) make a value of a condition, `valueCondition`
 *   (v <> 0) and `truthy` a condition of a value. On the other dialects all but `truthy` give
 *   their input back unchanged, so their SQL is what it was before SQL Server had formulas.
 * - `truthy` turns any value into a two-valued condition (blank counts as false).
 * - Text comparisons are exact and by code point: sqlite BINARY, pg `COLLATE "C"` for ordering,
 *   mysql `CAST(.. AS BINARY)` (its collations ignore case and trailing spaces), SQL Server the
 *   binary collation MSSQL_BINARY on both sides with NCHAR(0) appended: its `=` and `<` pad the
 *   shorter text with spaces, and the appended character, lower than any other, makes 'a' and
 *   'a ' differ ('a' first). Unlike the query compiler's length check it keeps a blank operand blank.
 * - Character functions on SQL Server (lengths, positions, slices, REPLACE, case folding) work on
 *   nvarchar(max) under MSSQL_CHARS (`chars`): exact, and counting an emoji as one character like
 *   the other dialects. LEN ignores trailing spaces, so a length is LEN(x + N'x') - 1.
 * - Numbers as text agree for integers below 2^63 and for non-integers with up to 15 significant
 *   digits: sqlite prints REAL 12.0 as "12.0" and pg/mysql may print 17 digits, so integral values
 *   go through an integer cast, pg goes through numeric (15 digits) and mysql rounds to 15
 *   significant digits and trims zeros. SQL Server rounds to 15 significant digits in
 *   decimal(38, 18) (a float converts to decimal with 17 digits) and trims the zeros and a last
 *   point by the RTRIM/REPLACE trick (TRIM(TRAILING ..) needs compatibility level 160; FORMAT is
 *   slow); integral values of 2^63 and more are written by CONVERT style 3 (17 digits, exponent).
 *   Magnitudes below 1e-4 or from 1e15 (non-integers) may still be written differently.
 * - Case folding is ASCII-only on every dialect (SQLite's upper/lower fold only ASCII, so pg uses
 *   translate(), mysql REPLACE chains and SQL Server TRANSLATE instead of their Unicode-aware functions).
 */
import { dialectOf } from "../query/dialects";
import { lit, sql, type Frag } from "../query/sql";
import type { Dialect, FormulaType } from "./types";

import type { CompareOp } from "../query/dialects/dialect";

export type { CompareOp };
export { lit };

export interface Ctx {
  d: Dialect;
  now: Date;
}

export const numValue = (d: Dialect, v: number): Frag => dialectOf(d).numValue(v);
export const intValue = (d: Dialect, v: number): Frag => dialectOf(d).intValue(v);
export const textValue = (d: Dialect, v: string): Frag => dialectOf(d).textValue(v);

/** The value true or false. */
export const boolConst = (d: Dialect, b: boolean): Frag => dialectOf(d).boolConst(b);

/** A condition that always holds (or never does). */
export const condConst = (d: Dialect, b: boolean): Frag => dialectOf(d).condConst(b);

/** A condition that is always unknown (an ordering against BLANK()). */
export const unknownCond = (d: Dialect): Frag => dialectOf(d).unknownCond();

/** A condition as a boolean value, unknown as NULL (SQL Server: a comparison). */
export const conditionValue = (d: Dialect, cond: Frag): Frag => dialectOf(d).conditionValue(cond);

/**
 * A condition that holds (two-valued: unknown does not hold). Only SQL Server needs it, for a
 * comparison used as a condition (compile.ts); on the others a condition argument is `truthy`.
 */
export const holds = (d: Dialect, cond: Frag): Frag => dialectOf(d).holds(cond);

/** A condition that is never unknown (`truthy`, AND, OR, NOT, ISBLANK) as a boolean value. */
export const flagValue = (d: Dialect, cond: Frag): Frag => dialectOf(d).flagValue(cond);

/** A boolean value as a condition (a blank value stays unknown): how a WHERE reads a boolean formula. */
export const valueCondition = (d: Dialect, value: Frag): Frag => dialectOf(d).valueCondition(value);

export const nullOf = (d: Dialect, t: FormulaType): Frag => dialectOf(d).nullOf(t);

export const asReal = (d: Dialect, x: Frag): Frag => dialectOf(d).asReal(x);

export function asNumber(d: Dialect, x: Frag, t: FormulaType): Frag {
  if (t === "null") return nullOf(d, "number");
  if (t === "boolean") return dialectOf(d).boolAsNumber(x);
  return x;
}

/** Toward zero. */
export const trunc = (d: Dialect, x: Frag): Frag => dialectOf(d).trunc(x);

export const ceil = (d: Dialect, x: Frag): Frag => dialectOf(d).ceil(x);

/** Text of digits to an integer (64-bit). */
export const textToInt = (d: Dialect, x: Frag): Frag => dialectOf(d).textToInt(x);

/**
 * A number to an integer argument: truncated toward zero; pg and SQL Server clamp to their 32-bit
 * integer (SQL Server's CAST of a float to int truncates, and raises past the range).
 */
export const toInt = (d: Dialect, x: Frag): Frag => dialectOf(d).toInt(x);

export const numberText = (d: Dialect, x: Frag): Frag => dialectOf(d).numberText(x);

export function asText(d: Dialect, x: Frag, t: FormulaType): Frag {
  if (t === "null") return nullOf(d, "string");
  if (t === "number") return numberText(d, x);
  if (t === "boolean") {
    const test = dialectOf(d).boolTest(x);
    return sql`CASE WHEN ${x} IS NULL THEN NULL WHEN ${test} THEN 'true' ELSE 'false' END`;
  }
  return x;
}

/** Characters in the text, trailing spaces included. */
export const textLength = (d: Dialect, x: Frag): Frag => dialectOf(d).textLength(x);

/** The text is empty (a condition; blank when the text is). */
export const isEmptyText = (d: Dialect, x: Frag): Frag => dialectOf(d).isEmptyText(x);

/** A two-valued condition: blank, 0, false and empty text are false. */
export function truthy(d: Dialect, x: Frag, t: FormulaType): Frag {
  const dialect = dialectOf(d);
  switch (t) {
    case "null":
      return condConst(d, false);
    case "boolean":
      return dialect.boolTruthy(x);
    case "number":
      return dialect.numberTruthy(x);
    case "string":
      return dialect.textTruthy(x);
    default:
      return sql`(${x} IS NOT NULL)`;
  }
}

export const textCompare = (d: Dialect, op: CompareOp, a: Frag, b: Frag): Frag => dialectOf(d).textCompare(op, a, b);

/**
 * Text pieces joined. Blank pieces give blank (SQL's `||`; SQL Server's `+`, whose first piece is
 * nvarchar(max) so nothing is cut at 4,000 characters); callers replace blanks first where they
 * must read as "". mysql's CONCAT is given non-NULL pieces only.
 */
export const concat = (d: Dialect, parts: Frag[]): Frag => dialectOf(d).concat(parts);

/** Characters from `start` (1-based), `len` of them or the rest (SQL Server's SUBSTRING needs a length). */
export const substr = (d: Dialect, s: Frag, start: Frag, len?: Frag): Frag => dialectOf(d).substr(s, start, len);

export const foldCase = (d: Dialect, x: Frag, to: "upper" | "lower"): Frag => dialectOf(d).foldCase(x, to);

/** 1-based character position of `needle` in `hay` (0 when absent), case-sensitive. */
export const locate = (d: Dialect, hay: Frag, needle: Frag): Frag => dialectOf(d).locate(hay, needle);
