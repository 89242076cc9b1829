/**
 * Numeric functions. Rules (the same answers on every dialect):
 * - A blank argument gives a blank result (ADD, AVG, MIN and MAX too; pg's GREATEST/LEAST would
 *   skip NULLs, so pg checks for them first).
 * - Out-of-domain input gives blank instead of an error: SQRT of a negative, LOG of a
 *   non-positive, POWER(0, negative), POWER(negative, fraction), MOD by zero (pg would raise).
 * - ROUND rounds half away from zero on the double value: sign(x) * floor(|x| * 10^n + 0.5) / 10^n
 *   written out in the same arithmetic everywhere (pg's round(double) does not exist, MariaDB
 *   rounds doubles half to even, SQLite rounds the exact binary value). Negative n rounds to tens,
 *   hundreds... INT truncates toward zero; MOD takes the sign of the dividend: a - b*trunc(a/b).
 * - EVEN and ODD round away from zero to the next even / odd integer (ODD(0) = 1).
 * - VALUE keeps the digits and the point of the text (`$1,000.50` → 1000.5), negative when the
 *   text holds a `-`, divided by 100 when it holds a `%`; blank when no number remains.
 *   SQLite has no regexp, so it walks the characters in a recursive CTE. SQL Server has neither a
 *   regexp (before 2025) nor a CTE inside an expression: it joins the characters that are digits
 *   or points with STRING_AGG over GENERATE_SERIES (SQL Server 2022, compatibility level 160).
 * - SQL Server: LOG(x) is the natural logarithm; POWER answers in its base's type, so the base is
 *   cast to float (POWER(2, -1) would be 0); GREATEST/LEAST skip NULLs as pg's do.
 */
import { dialectOf } from "../query/dialects";
import { Frag, join, sql } from "../query/sql";
import { literalNumber, type Arg, type FnSpec } from "./spec";
import { asReal, ceil, lit, numValue, toInt, trunc, type Ctx } from "./sqlkit";

const num = (name: string, description: string, example: string, compile: (c: Ctx, x: Frag) => Frag): FnSpec => ({
  name,
  category: "numeric",
  args: [{ name: "value", type: "number" }],
  returns: "number",
  description,
  example,
  compile: (c, [x]) => compile(c, x!.sql),
});
const many = { name: "value", type: "number", repeat: true } as const;
const floor = (x: Frag) => sql`floor(${x})`;

function roundTo(c: Ctx, x: Frag, places?: Arg): Frag {
  const half = (y: Frag, scale: (v: Frag) => Frag, unscale: (v: Frag) => Frag) =>
    sql`CASE WHEN ${y} < 0 THEN -${unscale(floor(sql`${scale(sql`-${y}`)} + 0.5`))} ELSE ${unscale(floor(sql`${scale(y)} + 0.5`))} END`;
  const given = literalNumber(places?.node);
  const n = given !== undefined ? Math.trunc(given) : places ? null : 0;
  if (n === 0)
    return half(
      x,
      (v) => v,
      (v) => v,
    );
  if (n !== null) {
    const p = numValue(c.d, 10 ** Math.min(Math.abs(n), 300));
    return n > 0
      ? half(
          x,
          (v) => sql`${v} * ${p}`,
          (v) => sql`${v} / ${p}`,
        )
      : half(
          x,
          (v) => sql`${v} / ${p}`,
          (v) => sql`${v} * ${p}`,
        );
  }
  const k = toInt(c.d, places!.sql);
  const p = dialectOf(c.d).pow10(k);
  return half(
    x,
    (v) => sql`${v} * ${p}`,
    (v) => sql`${v} / ${p}`,
  );
}

function extremum(c: Ctx, xs: Frag[], fn: "max" | "min"): Frag {
  if (xs.length === 1) return xs[0]!;
  return dialectOf(c.d).extremum(xs, fn);
}

export const NUMERIC: FnSpec[] = [
  num("ABS", "The number without its sign.", "ABS(-15) → 15", (_c, x) => sql`abs(${x})`),
  {
    name: "ADD",
    category: "numeric",
    args: [many],
    returns: "number",
    description: "The sum of the numbers; blank if any is blank.",
    example: "ADD({Price}, {Tax}, 2)",
    compile: (_c, xs) =>
      sql`(${join(
        xs.map((x) => x.sql),
        " + ",
      )})`,
  },
  {
    name: "AVG",
    category: "numeric",
    args: [many],
    returns: "number",
    description: "The mean of the numbers; blank if any is blank.",
    example: "AVG(10, 20, 30) → 20",
    compile: (c, xs) =>
      sql`(${asReal(
        c.d,
        join(
          xs.map((x) => x.sql),
          " + ",
        ),
      )} / ${lit(String(xs.length))})`,
  },
  num("CEILING", "The smallest integer not below the number.", "CEILING(8.25) → 9", (c, x) => ceil(c.d, x)),
  num("EXP", "e raised to the number.", "EXP(1) → 2.718281828", (_c, x) => sql`exp(${x})`),
  num("FLOOR", "The largest integer not above the number.", "FLOOR(8.75) → 8", (_c, x) => floor(x)),
  num("INT", "The integer part of the number (truncated toward zero).", "INT(-3.7) → -3", (c, x) => trunc(c.d, x)),
  {
    name: "LOG",
    category: "numeric",
    args: [
      { name: "base", type: "number", optional: true },
      { name: "value", type: "number" },
    ],
    returns: "number",
    description: "The logarithm of the value to the base (e when only the value is given).",
    example: "LOG(2, 1024) → 10",
    compile: (c, args) => {
      const { ln } = dialectOf(c.d);
      if (args.length === 1) return sql`CASE WHEN ${args[0]!.sql} > 0 THEN ${ln(args[0]!.sql)} END`;
      const [b, v] = [args[0]!.sql, args[1]!.sql];
      return sql`CASE WHEN ${v} > 0 AND ${b} > 0 AND ${b} <> 1 THEN ${ln(v)} / ${ln(b)} END`;
    },
  },
  {
    name: "MAX",
    category: "numeric",
    args: [many],
    returns: "number",
    description: "The largest of the numbers; blank if any is blank.",
    example: "MAX({A}, {B}, 0)",
    compile: (c, xs) =>
      extremum(
        c,
        xs.map((x) => x.sql),
        "max",
      ),
  },
  {
    name: "MIN",
    category: "numeric",
    args: [many],
    returns: "number",
    description: "The smallest of the numbers; blank if any is blank.",
    example: "MIN({A}, {B}, 100)",
    compile: (c, xs) =>
      extremum(
        c,
        xs.map((x) => x.sql),
        "min",
      ),
  },
  {
    name: "MOD",
    category: "numeric",
    args: [
      { name: "value", type: "number" },
      { name: "divisor", type: "number" },
    ],
    returns: "number",
    description: "The remainder of value divided by divisor, with the sign of value; blank for divisor 0.",
    example: "MOD(10, 3) → 1",
    compile: (c, [a, b]) =>
      sql`(${a!.sql} - ${b!.sql} * ${trunc(c.d, sql`${asReal(c.d, a!.sql)} / NULLIF(${b!.sql}, 0)`)})`,
  },
  {
    name: "POWER",
    category: "numeric",
    args: [
      { name: "base", type: "number" },
      { name: "exponent", type: "number" },
    ],
    returns: "number",
    description: "base raised to exponent.",
    example: "POWER(2, 10) → 1024",
    compile: (c, [a, b]) => {
      const [x, y] = [a!.sql, b!.sql];
      const pow = dialectOf(c.d).pow(x, y);
      return sql`CASE WHEN (${x} = 0 AND ${y} < 0) OR (${x} < 0 AND ${y} <> ${trunc(c.d, y)}) THEN NULL ELSE ${pow} END`;
    },
  },
  {
    name: "ROUND",
    category: "numeric",
    args: [
      { name: "value", type: "number" },
      { name: "places", type: "number", optional: true },
    ],
    returns: "number",
    description: "The number rounded half away from zero to `places` decimals (0 when left off).",
    example: "ROUND(3.14159, 2) → 3.14",
    compile: (c, [x, places]) => roundTo(c, x!.sql, places),
  },
  num(
    "SQRT",
    "The square root of the number; blank for negatives.",
    "SQRT(16) → 4",
    (_c, x) => sql`CASE WHEN ${x} >= 0 THEN sqrt(${x}) END`,
  ),
  num(
    "EVEN",
    "The number rounded away from zero to an even integer.",
    "EVEN(3.2) → 4",
    (c, x) => sql`CASE WHEN ${x} >= 0 THEN ${ceil(c.d, sql`${x} / 2.0`)} * 2 ELSE floor(${x} / 2.0) * 2 END`,
  ),
  num(
    "ODD",
    "The number rounded away from zero to an odd integer.",
    "ODD(2) → 3",
    (c, x) =>
      sql`CASE WHEN ${x} >= 0 THEN ${ceil(c.d, sql`(${x} + 1) / 2.0`)} * 2 - 1 ELSE floor((${x} - 1) / 2.0) * 2 + 1 END`,
  ),
  {
    name: "VALUE",
    category: "numeric",
    args: [{ name: "text", type: "string" }],
    returns: "number",
    description: "The number written in the text; `%` divides by 100, `-` makes it negative.",
    example: 'VALUE("$1,000.50") → 1000.5',
    compile: (c, [s]) => dialectOf(c.d).numberIn(s!.sql),
  },
];
