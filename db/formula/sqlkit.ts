/**
 * The SQL pieces formulas are built from, per dialect. Rules:
 * - User values are bound (`param`); pg gets an explicit CAST on every bound value, because an
 *   untyped `$1` cannot pick an operator. Only the compiler's own constants (TRUE/FALSE, 0/1,
 *   unit factors, format strings) are written as SQL text.
 * - Numbers: sqlite INTEGER/REAL, pg double precision, mysql DOUBLE (bigint columns are cast,
 *   so nothing overflows as an integer and `/` never divides integers).
 * - Booleans: pg boolean, sqlite and mysql 0/1. `truthy` turns any value into a two-valued
 *   condition (blank counts as false).
 * - Text comparisons are exact and by code point: sqlite BINARY, pg `COLLATE "C"` for ordering,
 *   mysql `CAST(.. AS BINARY)` (its collations ignore case and trailing spaces).
 * - Numbers as text agree for integers below 2^63 and for non-integers with up to 15 significant
 *   digits: sqlite prints REAL 12.0 as "12.0" and pg/mysql may print 17 digits, so integral values
 *   go through an integer cast, pg goes through numeric (15 digits) and mysql rounds to 15
 *   significant digits and trims zeros. Magnitudes below 1e-4 or from 1e15 (non-integers) may
 *   still be written differently (exponent forms).
 * - Case folding is ASCII-only on every dialect (SQLite's upper/lower fold only ASCII, so pg uses
 *   translate() and mysql REPLACE chains instead of their Unicode-aware functions).
 */
import { Frag, join, param, sql } from "../query/sql";
import type { Dialect, FormulaType } from "./types";

export interface Ctx {
  d: Dialect;
  now: Date;
}

const raw = (text: string) => new Frag([text]);
export const lit = raw;

export const numValue = (d: Dialect, v: number): Frag =>
  d === "pg" ? sql`CAST(${param(v)} AS double precision)` : d === "mysql" ? sql`CAST(${param(v)} AS DOUBLE)` : param(v);

export const intValue = (d: Dialect, v: number): Frag =>
  d === "pg" ? sql`CAST(${param(v)} AS integer)` : d === "mysql" ? sql`CAST(${param(v)} AS SIGNED)` : param(v);

export const textValue = (d: Dialect, v: string): Frag => (d === "pg" ? sql`CAST(${param(v)} AS text)` : param(v));

export const boolConst = (d: Dialect, b: boolean): Frag => raw(d === "pg" ? (b ? "TRUE" : "FALSE") : b ? "1" : "0");

export function nullOf(d: Dialect, t: FormulaType): Frag {
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
  d === "pg"
    ? sql`CAST(${x} AS double precision)`
    : d === "mysql"
      ? sql`CAST(${x} AS DOUBLE)`
      : sql`CAST(${x} AS REAL)`;

export function asNumber(d: Dialect, x: Frag, t: FormulaType): Frag {
  if (t === "null") return nullOf(d, "number");
  if (t === "boolean" && d === "pg") return sql`CAST(CAST(${x} AS integer) AS double precision)`;
  return x;
}

export const trunc = (d: Dialect, x: Frag): Frag => (d === "mysql" ? sql`TRUNCATE(${x}, 0)` : sql`trunc(${x})`);
export const ceil = (d: Dialect, x: Frag): Frag => (d === "mysql" ? sql`CEILING(${x})` : sql`ceil(${x})`);

/** Text of digits to an integer (64-bit). */
export const textToInt = (d: Dialect, x: Frag): Frag =>
  d === "pg" ? sql`CAST(${x} AS bigint)` : d === "mysql" ? sql`CAST(${x} AS SIGNED)` : sql`CAST(${x} AS INTEGER)`;

/** A number to an integer argument: truncated toward zero; pg clamps to its 32-bit integer. */
export function toInt(d: Dialect, x: Frag): Frag {
  if (d === "sqlite") return sql`CAST(${x} AS INTEGER)`;
  if (d === "mysql") return sql`CAST(TRUNCATE(${x}, 0) AS SIGNED)`;
  return sql`CAST(trunc(CASE WHEN ${x} > 2147483647 THEN 2147483647 WHEN ${x} < -2147483647 THEN -2147483647 ELSE ${x} END) AS integer)`;
}

export function numberText(d: Dialect, x: Frag): Frag {
  if (d === "sqlite")
    return sql`CASE WHEN ${x} = CAST(${x} AS INTEGER) THEN CAST(CAST(${x} AS INTEGER) AS TEXT) ELSE CAST(${x} AS TEXT) END`;
  if (d === "pg") {
    return sql`CASE WHEN ${x} = trunc(${x}) AND abs(${x}) < 9.2e18 THEN CAST(CAST(${x} AS bigint) AS text) ELSE CAST(CAST(${x} AS numeric) AS text) END`;
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

export const textLength = (d: Dialect, x: Frag): Frag => (d === "sqlite" ? sql`length(${x})` : sql`char_length(${x})`);

/** A two-valued condition: blank, 0, false and empty text are false. */
export function truthy(d: Dialect, x: Frag, t: FormulaType): Frag {
  const no = boolConst(d, false);
  switch (t) {
    case "null":
      return no;
    case "boolean":
      return d === "pg" ? sql`COALESCE(${x}, FALSE)` : sql`(COALESCE(${x}, 0) <> 0)`;
    case "number":
      return sql`COALESCE(${x} <> 0, ${no})`;
    case "string":
      return sql`COALESCE(${textLength(d, x)} > 0, ${no})`;
    default:
      return sql`(${x} IS NOT NULL)`;
  }
}

export type CompareOp = "=" | "<>" | "<" | "<=" | ">" | ">=";

export function textCompare(d: Dialect, op: CompareOp, a: Frag, b: Frag): Frag {
  const o = raw(` ${op} `);
  if (d === "mysql") return sql`(CAST(${a} AS BINARY)${o}CAST(${b} AS BINARY))`;
  if (d === "pg" && op !== "=" && op !== "<>") return sql`((${a}) COLLATE "C"${o}(${b}))`;
  return sql`(${a}${o}${b})`;
}

/** Text pieces joined; each piece must already be non-NULL text. */
export const concat = (d: Dialect, parts: Frag[]): Frag =>
  d === "mysql" ? sql`CONCAT(${join(parts, ", ")})` : sql`(${join(parts, " || ")})`;

export const substr = (d: Dialect, s: Frag, start: Frag, len?: Frag): Frag => {
  const fn = raw(d === "mysql" ? "SUBSTRING" : "substr");
  return len ? sql`${fn}(${s}, ${start}, ${len})` : sql`${fn}(${s}, ${start})`;
};

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = LOWER.toUpperCase();

export function foldCase(d: Dialect, x: Frag, to: "upper" | "lower"): Frag {
  if (d === "sqlite") return to === "upper" ? sql`upper(${x})` : sql`lower(${x})`;
  const [from, into] = to === "upper" ? [LOWER, UPPER] : [UPPER, LOWER];
  if (d === "pg") return sql`translate(${x}, ${raw(`'${from}'`)}, ${raw(`'${into}'`)})`;
  let out = x;
  for (let i = 0; i < from.length; i++) out = sql`REPLACE(${out}, ${raw(`'${from[i]}'`)}, ${raw(`'${into[i]}'`)})`;
  return out;
}

/** 1-based character position of `needle` in `hay` (0 when absent), case-sensitive. */
export function locate(d: Dialect, hay: Frag, needle: Frag): Frag {
  if (d === "sqlite") return sql`instr(${hay}, ${needle})`;
  if (d === "pg") return sql`strpos(${hay}, ${needle})`;
  return sql`LOCATE(CONVERT(${needle} USING utf8mb4) COLLATE utf8mb4_bin, CONVERT(${hay} USING utf8mb4) COLLATE utf8mb4_bin)`;
}
