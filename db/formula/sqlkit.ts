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
import { MSSQL_BINARY, MSSQL_CHARS, perDialect } from "../query/per-dialect";
import { Frag, join, param, sql } from "../query/sql";
import type { Dialect, FormulaType } from "./types";

export interface Ctx {
  d: Dialect;
  now: Date;
}

const raw = (text: string) => new Frag([text]);
export const lit = raw;

export const numValue = (d: Dialect, v: number): Frag =>
  perDialect(d, {
    sqlite: () => param(v),
    pg: () => sql`CAST(${param(v)} AS double precision)`,
    mysql: () => sql`CAST(${param(v)} AS DOUBLE)`,
    mssql: () => sql`CAST(${param(v)} AS float)`,
  });

export const intValue = (d: Dialect, v: number): Frag =>
  perDialect(d, {
    sqlite: () => param(v),
    pg: () => sql`CAST(${param(v)} AS integer)`,
    mysql: () => sql`CAST(${param(v)} AS SIGNED)`,
    mssql: () => sql`CAST(${param(v)} AS int)`,
  });

export const textValue = (d: Dialect, v: string): Frag =>
  perDialect(d, {
    sqlite: () => param(v),
    pg: () => sql`CAST(${param(v)} AS text)`,
    mysql: () => param(v),
    mssql: () => sql`CAST(${param(v)} AS nvarchar(max))`,
  });

/** The value true or false. */
export const boolConst = (d: Dialect, b: boolean): Frag => raw(d === "pg" ? (b ? "TRUE" : "FALSE") : b ? "1" : "0");

/** A condition that always holds (or never does). */
export const condConst = (d: Dialect, b: boolean): Frag =>
  d === "mssql" ? raw(b ? "(1 = 1)" : "(1 = 0)") : boolConst(d, b);

/** A condition that is always unknown (an ordering against BLANK()). */
export const unknownCond = (d: Dialect): Frag => (d === "mssql" ? raw("(NULL = 0)") : nullOf(d, "boolean"));

/** A condition as a boolean value, unknown as NULL (SQL Server: a comparison). */
export const conditionValue = (d: Dialect, cond: Frag): Frag =>
  d === "mssql" ? sql`CASE WHEN ${cond} THEN 1 WHEN NOT (${cond}) THEN 0 END` : cond;

/**
 * A condition that holds (two-valued: unknown does not hold). Only SQL Server needs it, for a
 * comparison used as a condition (compile.ts); on the others a condition argument is `truthy`.
 */
export const holds = (d: Dialect, cond: Frag): Frag =>
  d === "mssql" ? sql`(CASE WHEN ${cond} THEN 1 ELSE 0 END = 1)` : cond;

/** A condition that is never unknown (`truthy`, AND, OR, NOT, ISBLANK) as a boolean value. */
export const flagValue = (d: Dialect, cond: Frag): Frag =>
  d === "mssql" ? sql`CASE WHEN ${cond} THEN 1 ELSE 0 END` : cond;

/** A boolean value as a condition (a blank value stays unknown): how a WHERE reads a boolean formula. */
export const valueCondition = (d: Dialect, value: Frag): Frag => (d === "mssql" ? sql`(${value} <> 0)` : value);

export function nullOf(d: Dialect, t: FormulaType): Frag {
  if (d === "mssql")
    return raw(
      t === "number" ? "CAST(NULL AS float)" : t === "boolean" ? "CAST(NULL AS int)" : "CAST(NULL AS nvarchar(max))",
    );
  if (d !== "pg") return raw("NULL");
  return raw(
    t === "number"
      ? "CAST(NULL AS double precision)"
      : t === "boolean"
        ? "CAST(NULL AS boolean)"
        : "CAST(NULL AS text)",
  );
}

export const asReal = (d: Dialect, x: Frag): Frag =>
  perDialect(d, {
    sqlite: () => sql`CAST(${x} AS REAL)`,
    pg: () => sql`CAST(${x} AS double precision)`,
    mysql: () => sql`CAST(${x} AS DOUBLE)`,
    mssql: () => sql`CAST(${x} AS float)`,
  });

export function asNumber(d: Dialect, x: Frag, t: FormulaType): Frag {
  if (t === "null") return nullOf(d, "number");
  if (t === "boolean" && d === "pg") return sql`CAST(CAST(${x} AS integer) AS double precision)`;
  // SQL Server's 1/0 (or a bit column) would keep integer arithmetic (POWER(1, 0.5) is 1).
  if (t === "boolean" && d === "mssql") return sql`CAST(${x} AS float)`;
  return x;
}

/** Toward zero (SQL Server: ROUND's third argument truncates). */
export const trunc = (d: Dialect, x: Frag): Frag =>
  perDialect(d, {
    sqlite: () => sql`trunc(${x})`,
    pg: () => sql`trunc(${x})`,
    mysql: () => sql`TRUNCATE(${x}, 0)`,
    mssql: () => sql`ROUND(${x}, 0, 1)`,
  });

export const ceil = (d: Dialect, x: Frag): Frag =>
  d === "mysql" || d === "mssql" ? sql`CEILING(${x})` : sql`ceil(${x})`;

/** Text of digits to an integer (64-bit). */
export const textToInt = (d: Dialect, x: Frag): Frag =>
  perDialect(d, {
    sqlite: () => sql`CAST(${x} AS INTEGER)`,
    pg: () => sql`CAST(${x} AS bigint)`,
    mysql: () => sql`CAST(${x} AS SIGNED)`,
    mssql: () => sql`CAST(${x} AS bigint)`,
  });

/**
 * A number to an integer argument: truncated toward zero; pg and SQL Server clamp to their 32-bit
 * integer (SQL Server's CAST of a float to int truncates, and raises past the range).
 */
export function toInt(d: Dialect, x: Frag): Frag {
  if (d === "sqlite") return sql`CAST(${x} AS INTEGER)`;
  if (d === "mysql") return sql`CAST(TRUNCATE(${x}, 0) AS SIGNED)`;
  if (d === "mssql")
    return sql`CAST(CASE WHEN ${x} > 2147483647 THEN 2147483647 WHEN ${x} < -2147483647 THEN -2147483647 ELSE ${x} END AS int)`;
  return sql`CAST(trunc(CASE WHEN ${x} > 2147483647 THEN 2147483647 WHEN ${x} < -2147483647 THEN -2147483647 ELSE ${x} END) AS integer)`;
}

/** SQL Server: text trimmed of trailing `ch` (text without spaces), by the RTRIM/REPLACE trick. */
const mssqlTrimEnd = (x: Frag, ch: "0" | ".") =>
  sql`REPLACE(RTRIM(REPLACE(${x}, ${raw(`'${ch}'`)}, ' ')), ' ', ${raw(`'${ch}'`)})`;

export function numberText(d: Dialect, x: Frag): Frag {
  if (d === "sqlite")
    return sql`CASE WHEN ${x} = CAST(${x} AS INTEGER) THEN CAST(CAST(${x} AS INTEGER) AS TEXT) ELSE CAST(${x} AS TEXT) END`;
  if (d === "pg") {
    return sql`CASE WHEN ${x} = trunc(${x}) AND abs(${x}) < 9.2e18 THEN CAST(CAST(${x} AS bigint) AS text) ELSE CAST(CAST(${x} AS numeric) AS text) END`;
  }
  if (d === "mssql") {
    const places = sql`CAST(14 - FLOOR(LOG10(ABS(${x}))) AS int)`;
    const digits = sql`CAST(ROUND(CAST(${x} AS decimal(38, 18)), ${places}) AS varchar(40))`;
    return sql`CASE WHEN ${x} = FLOOR(${x}) AND ABS(${x}) < 9.2e18 THEN CAST(CAST(${x} AS bigint) AS varchar(20)) WHEN ${x} = FLOOR(${x}) THEN CONVERT(varchar(30), CAST(${x} AS float), 3) ELSE ${mssqlTrimEnd(mssqlTrimEnd(digits, "0"), ".")} END`;
  }
  return sql`CASE WHEN ${x} = TRUNCATE(${x}, 0) AND ABS(${x}) < 9.2e18 THEN CAST(CAST(${x} AS SIGNED) AS CHAR) WHEN ${x} = TRUNCATE(${x}, 0) THEN CAST(${x} AS CHAR) ELSE TRIM(TRAILING '.' FROM TRIM(TRAILING '0' FROM CAST(ROUND(${x}, 14 - FLOOR(LOG10(ABS(${x})))) AS CHAR))) END`;
}

export function asText(d: Dialect, x: Frag, t: FormulaType): Frag {
  if (t === "null") return nullOf(d, "string");
  if (t === "number") return numberText(d, x);
  if (t === "boolean") {
    const test = d === "pg" ? x : sql`${x} <> 0`;
    return sql`CASE WHEN ${x} IS NULL THEN NULL WHEN ${test} THEN 'true' ELSE 'false' END`;
  }
  return x;
}

/** SQL Server: text as nvarchar(max) under the exact, supplementary-aware collation. */
export const chars = (x: Frag): Frag => sql`(CAST(${x} AS nvarchar(max)) COLLATE ${raw(MSSQL_CHARS)})`;

/** Characters in the text, trailing spaces included. */
export const textLength = (d: Dialect, x: Frag): Frag =>
  perDialect(d, {
    sqlite: () => sql`length(${x})`,
    pg: () => sql`char_length(${x})`,
    mysql: () => sql`char_length(${x})`,
    mssql: () => sql`(LEN((CAST(${x} AS nvarchar(max)) + N'x') COLLATE ${raw(MSSQL_CHARS)}) - 1)`,
  });

/** The text is empty (a condition; blank when the text is). */
export const isEmptyText = (d: Dialect, x: Frag): Frag =>
  d === "mssql" ? sql`DATALENGTH(${x}) = 0` : sql`${textLength(d, x)} = 0`;

/** A two-valued condition: blank, 0, false and empty text are false. */
export function truthy(d: Dialect, x: Frag, t: FormulaType): Frag {
  const no = boolConst(d, false);
  switch (t) {
    case "null":
      return condConst(d, false);
    case "boolean":
      return d === "pg" ? sql`COALESCE(${x}, FALSE)` : sql`(COALESCE(${x}, 0) <> 0)`;
    case "number":
      // T-SQL has no predicate inside COALESCE: the blank is replaced before comparing.
      return d === "mssql" ? sql`(COALESCE(${x}, 0) <> 0)` : sql`COALESCE(${x} <> 0, ${no})`;
    case "string":
      return d === "mssql" ? sql`(COALESCE(DATALENGTH(${x}), 0) > 0)` : sql`COALESCE(${textLength(d, x)} > 0, ${no})`;
    default:
      return sql`(${x} IS NOT NULL)`;
  }
}

export type CompareOp = "=" | "<>" | "<" | "<=" | ">" | ">=";

/** SQL Server: a text's comparison key (see the rules above). */
const mssqlTextKey = (x: Frag) => sql`(CAST(${x} AS nvarchar(max)) + NCHAR(0)) COLLATE ${raw(MSSQL_BINARY)}`;

export function textCompare(d: Dialect, op: CompareOp, a: Frag, b: Frag): Frag {
  const o = raw(` ${op} `);
  if (d === "mysql") return sql`(CAST(${a} AS BINARY)${o}CAST(${b} AS BINARY))`;
  if (d === "mssql") return sql`(${mssqlTextKey(a)}${o}${mssqlTextKey(b)})`;
  if (d === "pg" && op !== "=" && op !== "<>") return sql`((${a}) COLLATE "C"${o}(${b}))`;
  return sql`(${a}${o}${b})`;
}

/**
 * Text pieces joined. Blank pieces give blank (SQL's `||`; SQL Server's `+`, whose first piece is
 * nvarchar(max) so nothing is cut at 4,000 characters); callers replace blanks first where they
 * must read as "". mysql's CONCAT is given non-NULL pieces only.
 */
export const concat = (d: Dialect, parts: Frag[]): Frag =>
  perDialect(d, {
    sqlite: () => sql`(${join(parts, " || ")})`,
    pg: () => sql`(${join(parts, " || ")})`,
    mysql: () => sql`CONCAT(${join(parts, ", ")})`,
    mssql: () => sql`(${join([sql`CAST(${parts[0]!} AS nvarchar(max))`, ...parts.slice(1)], " + ")})`,
  });

/** Characters from `start` (1-based), `len` of them or the rest (SQL Server's SUBSTRING needs a length). */
export const substr = (d: Dialect, s: Frag, start: Frag, len?: Frag): Frag => {
  if (d === "mssql") return sql`SUBSTRING(${chars(s)}, ${start}, ${len ?? raw("2147483647")})`;
  const fn = raw(d === "mysql" ? "SUBSTRING" : "substr");
  return len ? sql`${fn}(${s}, ${start}, ${len})` : sql`${fn}(${s}, ${start})`;
};

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = LOWER.toUpperCase();

export function foldCase(d: Dialect, x: Frag, to: "upper" | "lower"): Frag {
  if (d === "sqlite") return to === "upper" ? sql`upper(${x})` : sql`lower(${x})`;
  const [from, into] = to === "upper" ? [LOWER, UPPER] : [UPPER, LOWER];
  if (d === "pg") return sql`translate(${x}, ${raw(`'${from}'`)}, ${raw(`'${into}'`)})`;
  if (d === "mssql") return sql`TRANSLATE(${chars(x)}, ${raw(`N'${from}'`)}, ${raw(`N'${into}'`)})`;
  let out = x;
  for (let i = 0; i < from.length; i++) out = sql`REPLACE(${out}, ${raw(`'${from[i]}'`)}, ${raw(`'${into[i]}'`)})`;
  return out;
}

/** 1-based character position of `needle` in `hay` (0 when absent), case-sensitive. */
export function locate(d: Dialect, hay: Frag, needle: Frag): Frag {
  if (d === "sqlite") return sql`instr(${hay}, ${needle})`;
  if (d === "pg") return sql`strpos(${hay}, ${needle})`;
  // CHARINDEX finds empty text nowhere (0); the others find it at 1.
  if (d === "mssql")
    return sql`CASE WHEN DATALENGTH(${needle}) = 0 THEN DATALENGTH(${hay}) * 0 + 1 ELSE CHARINDEX(${needle}, ${chars(hay)}) END`;
  return sql`LOCATE(CONVERT(${needle} USING utf8mb4) COLLATE utf8mb4_bin, CONVERT(${hay} USING utf8mb4) COLLATE utf8mb4_bin)`;
}
