/**
 * The function list: one registry for the checker and compiler, and FORMULA_FUNCTIONS, its
 * plain-data form for the web formula editor (names, categories, argument hints, result types,
 * a one-line description and an example). Names are matched case-insensitively; REPEAT is
 * accepted as NocoDB's older name of REPT.
 */
import { DATE } from "./fn-date";
import { LOGIC } from "./fn-logic";
import { NUMERIC } from "./fn-numeric";
import { TEXT } from "./fn-text";
import type { ArgKind, ArgSpec, Category, FnSpec } from "./spec";
import type { FormulaType } from "./types";

const ALL: FnSpec[] = [...NUMERIC, ...TEXT, ...DATE, ...LOGIC];
const BY_NAME = new Map(ALL.map((f) => [f.name, f]));

export const FUNCTION_ALIASES: Readonly<Record<string, string>> = { REPEAT: "REPT" };

export function functionSpec(name: string): FnSpec | undefined {
  const upper = name.toUpperCase();
  return BY_NAME.get(FUNCTION_ALIASES[upper] ?? upper);
}

export interface FormulaFunctionInfo {
  name: string;
  category: Category;
  args: Array<{ name: string; type: ArgKind; optional: boolean; repeat: boolean; choices?: string[] }>;
  /** "any" when the result follows the arguments (IF, SWITCH, DATEADD). */
  returns: FormulaType | "any";
  description: string;
  example: string;
  /** `NAME(arg, [optional], more...)` for argument hints. */
  syntax: string;
}

function syntax(f: FnSpec): string {
  const parts = f.args.map((a) => {
    const text = a.repeat ? `${a.name}...` : a.name;
    return a.optional ? `[${text}]` : text;
  });
  return `${f.name}(${parts.join(", ")})`;
}

export const FORMULA_FUNCTIONS: readonly FormulaFunctionInfo[] = ALL.map((f) => ({
  name: f.name,
  category: f.category,
  args: f.args.map((a) => ({
    name: a.name,
    type: a.type,
    optional: !!a.optional,
    repeat: !!a.repeat,
    ...(a.choices ? { choices: [...a.choices] } : {}),
  })),
  returns: f.returns,
  description: f.description,
  example: f.example,
  syntax: syntax(f),
}));

/** Least and most argument counts (most is Infinity when an argument repeats). */
export function arity(f: FnSpec): { min: number; max: number } {
  const min = f.minArgs ?? f.args.filter((a) => !a.optional).length;
  return { min, max: f.args.some((a) => a.repeat) ? Infinity : f.args.length };
}

/** The spec of the i-th of `count` arguments; arguments past a repeating one share its spec. */
export function argSpecAt(f: FnSpec, i: number, count: number): ArgSpec {
  const repeat = f.args.findIndex((a) => a.repeat);
  if (repeat >= 0 && i >= repeat) return f.args[repeat]!;
  // An optional argument first (LOG([base], value)): a lone argument is the last one.
  if (count < f.args.length && f.args[0]?.optional) return f.args[i + f.args.length - count]!;
  return f.args[Math.min(i, f.args.length - 1)]!;
}
