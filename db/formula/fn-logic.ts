/**
 * Logical functions. Rules:
 * - Conditions are two-valued: blank, 0, false and empty text are false (sqlkit.ts `truthy`), so
 *   AND/OR/NOT/IF never answer blank for a blank input (SQL's three-valued logic is not exposed).
 * - IF(cond, then[, else]) and SWITCH(expr, pattern, value, ...[, default]) give blank when nothing
 *   matches and no fallback is given; their branches share one type (compare.ts `unify`).
 * - SWITCH compares like `=` (exact text, numbers as numbers, BLANK() matches blank values).
 * - ISBLANK is true for blank values and empty text (not for spaces); TRUE()/FALSE() are the
 *   booleans and BLANK() is the blank value.
 * - A condition argument arrives as a condition (`truthy`), and AND, OR, NOT and ISBLANK build
 *   conditions: `flagValue` makes their answer a value (SQL Server: CASE WHEN .. THEN 1 ELSE 0 END;
 *   the other dialects: the condition itself). IF and SWITCH use conditions only after WHEN.
 */
import { Frag, join, sql } from "../query/sql";
import { coerce, compareDomain, compileCompare, isBlank, unify } from "./compare";
import type { FnSpec, Typed } from "./spec";
import { boolConst, flagValue, nullOf } from "./sqlkit";

const cond = (name = "condition") => ({ name, type: "boolean" }) as const;
const any = (name: string, optional = false) => ({ name, type: "any", optional }) as const;
const logical = (
  name: string,
  args: FnSpec["args"],
  description: string,
  example: string,
  compile: FnSpec["compile"],
): FnSpec => ({
  name,
  category: "logical",
  args,
  returns: "boolean",
  description,
  example,
  compile,
});

/** Pairs of SWITCH: [pattern, value] indexes, and the default's index when there is one. */
function switchShape(count: number): { pairs: Array<[number, number]>; fallback?: number } {
  const pairs: Array<[number, number]> = [];
  for (let i = 1; i + 1 < count; i += 2) pairs.push([i, i + 1]);
  return (count - 1) % 2 === 1 ? { pairs, fallback: count - 1 } : { pairs };
}

export const LOGIC: FnSpec[] = [
  {
    name: "IF",
    category: "logical",
    args: [cond(), any("then"), any("else", true)],
    returns: "any",
    description: "`then` when the condition holds, otherwise `else` (blank when left off).",
    example: "IF({Qty} > 10, 'many', 'few')",
    check: (args) => ({ type: unify(args.slice(1).map((a) => a.type)) }),
    compile: (c, [test, yes, no]) => {
      const t = unify([yes!.type, ...(no ? [no.type] : [])]);
      const other = no ? coerce(c, no.sql, no.type, t) : nullOf(c.d, t);
      return sql`CASE WHEN ${test!.sql} THEN ${coerce(c, yes!.sql, yes!.type, t)} ELSE ${other} END`;
    },
  },
  {
    name: "SWITCH",
    category: "logical",
    args: [
      any("expression"),
      { ...any("pattern"), repeat: true },
      { ...any("value"), repeat: true },
      any("default", true),
    ],
    minArgs: 3,
    returns: "any",
    description: "The value paired with the first pattern equal to the expression, else the default.",
    example: "SWITCH({Status}, 'Todo', 1, 'Done', 2, 0)",
    check: (args, pos) => {
      const out: Typed[] = [...args];
      const { pairs, fallback } = switchShape(args.length);
      for (const [p] of pairs) out[p] = compareDomain(args[0]!, args[p]!, args[p]!.pos ?? pos).b;
      const values = [...pairs.map(([, v]) => out[v]!.type), ...(fallback ? [out[fallback]!.type] : [])];
      return { args: out, type: unify(values) };
    },
    compile: (c, args) => {
      const { pairs, fallback } = switchShape(args.length);
      const t = unify([...pairs.map(([, v]) => args[v]!.type), ...(fallback ? [args[fallback]!.type] : [])]);
      const x = args[0]!;
      const whens = pairs.map(([p, v]) => {
        const { domain } = compareDomain(x.node, args[p]!.node, 0);
        return sql`WHEN ${compileCompare(c, "=", domain, x, args[p]!)} THEN ${coerce(c, args[v]!.sql, args[v]!.type, t)}`;
      });
      const other = fallback ? coerce(c, args[fallback]!.sql, args[fallback]!.type, t) : nullOf(c.d, t);
      return sql`CASE ${join(whens, " ")} ELSE ${other} END`;
    },
  },
  logical(
    "AND",
    [{ ...cond(), repeat: true }],
    "True when every condition holds.",
    "AND({Qty} > 2, {Qty} < 10)",
    (c, xs) =>
      flagValue(
        c.d,
        sql`(${join(
          xs.map((x) => x.sql),
          " AND ",
        )})`,
      ),
  ),
  logical(
    "OR",
    [{ ...cond(), repeat: true }],
    "True when at least one condition holds.",
    "OR({Done}, {Qty} = 0)",
    (c, xs) =>
      flagValue(
        c.d,
        sql`(${join(
          xs.map((x) => x.sql),
          " OR ",
        )})`,
      ),
  ),
  logical("NOT", [cond()], "True when the condition does not hold.", "NOT({Done})", (c, [x]) =>
    flagValue(c.d, sql`(NOT ${x!.sql})`),
  ),
  logical("ISBLANK", [any("value")], "True when the value is blank or empty text.", "ISBLANK({Notes})", (c, [x]) =>
    flagValue(c.d, isBlank(c, x!.raw, x!.type)),
  ),
  logical(
    "ISNOTBLANK",
    [any("value")],
    "True when the value is neither blank nor empty text.",
    "ISNOTBLANK({Notes})",
    (c, [x]) => flagValue(c.d, sql`(NOT ${isBlank(c, x!.raw, x!.type)})`),
  ),
  logical("TRUE", [], "The value true.", "TRUE()", (c) => boolConst(c.d, true)),
  logical("FALSE", [], "The value false.", "FALSE()", (c) => boolConst(c.d, false)),
  {
    name: "BLANK",
    category: "logical",
    args: [],
    returns: "null",
    description: "The blank (empty) value.",
    example: "IF({Qty} > 0, {Qty}, BLANK())",
    compile: () => new Frag(["NULL"]),
  },
];
