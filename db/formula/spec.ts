/**
 * How a function is described once for the checker, the compiler and the formula editor. Rules:
 * - `args` lists the parameters in order; `optional` ones may be left off from the end, a
 *   `repeat` one may be given any number of times (at least once unless optional).
 * - Argument kinds: number (numbers and true/false; text is an error), string (anything, turned
 *   into text), date (dates, date-times, ISO text literals), boolean (anything, as a condition),
 *   any (the function decides). `choices` requires a text literal from the list.
 * - `compile` receives each argument already converted to its kind, plus its original type.
 */
import { dialectOf } from "../query/dialects";
import type { Frag } from "../query/sql";
import { intValue, lit, toInt, type Ctx } from "./sqlkit";
import type { FormulaColumn, FormulaType } from "./types";

export type ArgKind = "number" | "string" | "date" | "boolean" | "any";
export type Category = "numeric" | "string" | "date" | "logical";

export interface ArgSpec {
  name: string;
  type: ArgKind;
  optional?: boolean;
  repeat?: boolean;
  /** The argument must be one of these text literals (compared case-insensitively). */
  choices?: readonly string[];
}

/** A checked tree node; literal text used as a date carries the date type and fixed form. */
export type Typed =
  | { kind: "literal"; value: number | string | boolean; type: FormulaType; pos: number }
  | { kind: "column"; name: string; column: FormulaColumn; type: FormulaType; pos: number }
  | { kind: "call"; spec: FnSpec; args: Typed[]; type: FormulaType; pos: number }
  | { kind: "unary"; op: "-" | "+"; arg: Typed; type: FormulaType; pos: number }
  | { kind: "binary"; op: string; left: Typed; right: Typed; type: FormulaType; pos: number };

export interface Arg {
  /** The argument converted to its kind (number, text, condition); dates and `any` unchanged. */
  sql: Frag;
  /** The argument as it came. */
  raw: Frag;
  type: FormulaType;
  node: Typed;
}

export interface FnSpec {
  name: string;
  category: Category;
  args: readonly ArgSpec[];
  /** The result type shown in the editor; "any" when it follows the arguments. */
  returns: FormulaType | "any";
  description: string;
  example: string;
  /** Least number of arguments when the args list alone does not say (SWITCH). */
  minArgs?: number;
  /** Extra checks and the result type from the checked arguments; may replace arguments. */
  check?: (args: Typed[], pos: number) => { args?: Typed[]; type: FormulaType };
  compile(c: Ctx, args: Arg[]): Frag;
}

export const literalText = (node: Typed | undefined): string | undefined =>
  node?.kind === "literal" && typeof node.value === "string" ? node.value : undefined;

/** The number a literal argument spells (`-2` is a unary minus on a literal), if it is one. */
export function literalNumber(node: Typed | undefined): number | undefined {
  if (node?.kind === "literal" && typeof node.value === "number") return node.value;
  if (node?.kind === "unary") {
    const v = literalNumber(node.arg);
    return v === undefined ? undefined : node.op === "-" ? -v : v;
  }
  return undefined;
}

/**
 * An argument as a whole number (truncated toward zero, within ±2^31), at least `min` when given.
 * Literals are worked out here and bound; other arguments are converted in SQL.
 */
export function intArg(c: Ctx, arg: Arg, min?: number): Frag {
  const v = literalNumber(arg.node);
  if (v !== undefined)
    return intValue(c.d, Math.max(Math.max(-2147483647, Math.min(2147483647, Math.trunc(v))), min ?? -Infinity));
  const k = toInt(c.d, arg.sql);
  if (min === undefined) return k;
  const m = lit(String(min));
  return dialectOf(c.d).atLeast(k, m);
}
