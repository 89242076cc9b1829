/**
 * The type checker: gives every node a type, finds columns and functions, and rejects what
 * cannot run, naming the place. Rules:
 * - `+ - * /` and unary minus take numbers (true/false count as 1/0); `&` joins anything as text;
 *   comparisons follow compare.ts.
 * - A function's argument count and argument kinds come from its spec (spec.ts). Text literals
 *   where a date is expected must be ISO dates; unit-like arguments must be literals from a list.
 * - Messages: `Unknown function FOO at 1`, `Column 'X' not found at 8`,
 *   `CONCAT needs at least 1 argument at 1`, `ROUND: value must be a number, not text at 7`.
 */
import { asDateLiteral, compareDomain } from "./compare";
import { argSpecAt, arity, functionSpec } from "./functions";
import type { ArgSpec, FnSpec, Typed } from "./spec";
import { FormulaError, TYPE_NAMES, type FormulaNode, type FormulaResolver, type FormulaType } from "./types";

const NUMERIC: readonly FormulaType[] = ["number", "boolean", "null"];
const DATES: readonly FormulaType[] = ["date", "datetime", "null"];

function arityMessage(f: FnSpec, count: number): string | null {
  const { min, max } = arity(f);
  if (count >= min && count <= max) return null;
  const plural = (n: number) => `${n} argument${n === 1 ? "" : "s"}`;
  if (max === 0) return `${f.name} takes no arguments`;
  if (max === Infinity) return `${f.name} needs at least ${plural(min)}`;
  if (min === max) return `${f.name} needs exactly ${plural(min)}`;
  return `${f.name} needs ${min}${max === min + 1 ? " or " : " to "}${plural(max)}`;
}

function checkArg(f: FnSpec, spec: ArgSpec, arg: Typed): Typed {
  const wrong = (want: string) =>
    new FormulaError(`${f.name}: ${spec.name} must be ${want}, not ${TYPE_NAMES[arg.type]}`, arg.pos);
  if (spec.choices) {
    const text = arg.kind === "literal" && typeof arg.value === "string" ? arg.value : undefined;
    const ok =
      text !== undefined &&
      (spec.choices.includes(text) || spec.choices.some((c) => c.toLowerCase() === text.toLowerCase()));
    if (!ok)
      throw new FormulaError(
        `${f.name}: ${spec.name} must be one of ${spec.choices.map((c) => `'${c}'`).join(", ")}`,
        arg.pos,
      );
    return arg;
  }
  if (spec.type === "number" && !NUMERIC.includes(arg.type)) throw wrong("a number");
  if (spec.type === "date") {
    if (arg.kind === "literal" && arg.type === "string") return asDateLiteral(arg);
    if (!DATES.includes(arg.type)) throw wrong("a date");
  }
  return arg;
}

function checkCall(node: Extract<FormulaNode, { kind: "call" }>, resolve: FormulaResolver): Typed {
  const f = functionSpec(node.name);
  if (!f) throw new FormulaError(`Unknown function ${node.name}`, node.pos);
  const message = arityMessage(f, node.args.length);
  if (message) throw new FormulaError(message, node.pos);
  let args = node.args.map((a, i) => checkArg(f, argSpecAt(f, i, node.args.length), check(a, resolve)));
  let type: FormulaType;
  if (f.check) {
    const out = f.check(args, node.pos);
    args = out.args ?? args;
    type = out.type;
  } else type = f.returns === "any" ? "null" : f.returns;
  return { kind: "call", spec: f, args, type, pos: node.pos };
}

function needNumber(op: string, side: Typed): void {
  if (NUMERIC.includes(side.type)) return;
  const hint =
    side.type === "string"
      ? " (join text with & or CONCAT)"
      : DATES.includes(side.type)
        ? " (use DATEADD or DATETIME_DIFF with dates)"
        : "";
  throw new FormulaError(`'${op}' needs numbers, not ${TYPE_NAMES[side.type]}${hint}`, side.pos);
}

export function check(node: FormulaNode, resolve: FormulaResolver): Typed {
  switch (node.kind) {
    case "number":
      return { kind: "literal", value: node.value, type: "number", pos: node.pos };
    case "string":
      return { kind: "literal", value: node.value, type: "string", pos: node.pos };
    case "boolean":
      return { kind: "literal", value: node.value, type: "boolean", pos: node.pos };
    case "column": {
      let column;
      try {
        column = resolve(node.name);
      } catch (err) {
        // A formula column whose own formula fails: report it where this formula uses it.
        if (err instanceof FormulaError) throw new FormulaError(err.reason, node.pos);
        throw err;
      }
      if (!column) throw new FormulaError(`Column '${node.name}' not found`, node.pos);
      if (column.type === "unsupported")
        throw new FormulaError(`Column '${node.name}' (${column.uidt}) cannot be used in a formula`, node.pos);
      return { kind: "column", name: node.name, column, type: column.type, pos: node.pos };
    }
    case "unary": {
      const arg = check(node.arg, resolve);
      needNumber(node.op, arg);
      return { kind: "unary", op: node.op, arg, type: "number", pos: node.pos };
    }
    case "binary": {
      let left = check(node.left, resolve);
      let right = check(node.right, resolve);
      if (node.op === "&") return { kind: "binary", op: "&", left, right, type: "string", pos: node.pos };
      if (["+", "-", "*", "/"].includes(node.op)) {
        needNumber(node.op, left);
        needNumber(node.op, right);
        return { kind: "binary", op: node.op, left, right, type: "number", pos: node.pos };
      }
      ({ a: left, b: right } = compareDomain(left, right, node.pos));
      return { kind: "binary", op: node.op, left, right, type: "boolean", pos: node.pos };
    }
    case "call":
      return checkCall(node, resolve);
  }
}
