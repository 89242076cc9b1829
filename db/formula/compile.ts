/**
 * Formula tree → SQL fragment for one dialect, checked first (check.ts). Rules:
 * - Every literal of the formula is a bound value; column titles never reach SQL (the resolver
 *   gives each column's fragment), function names map to the compiler's own SQL.
 * - Arithmetic: a blank operand gives blank; `/` is real division and x/0 is blank (pg would
 *   raise, sqlite and mysql give NULL: NULLIF(divisor, 0) everywhere).
 * - `&` and CONCAT read blank as "" and never give blank.
 * - The result: numbers are double on pg/mysql and float on SQL Server (so drivers hand back
 *   numbers, not decimal text), booleans are pg booleans or 1/0, dates are `YYYY-MM-DD[ HH:mm:ss]`
 *   text. `formulaValue` (columns.ts) turns a driver's answer into the API value.
 * - The SQL is always a value, also for a boolean formula: on SQL Server (T-SQL has no boolean
 *   values, only conditions) a comparison becomes CASE WHEN .. THEN 1 WHEN NOT (..) THEN 0 END
 *   (sqlkit.ts). Where a boolean formula must be a condition (a WHERE of its own), `formulaCondition`
 *   makes it one; the query compiler's filters compare it with a bound value instead.
 * - SQL Server's T-SQL is checked by cases only (db/query/mssql-cases.test.ts): no SQL Server ran it.
 */
import { dialectOf } from "../query/dialects";
import { Frag, sql } from "../query/sql";
import { compareDomain, compileCompare } from "./compare";
import { check } from "./check";
import { argSpecAt } from "./functions";
import { parseFormula } from "./parser";
import type { Arg, Typed } from "./spec";
import {
  asNumber,
  asReal,
  asText,
  boolConst,
  concat,
  conditionValue,
  holds,
  nullOf,
  numValue,
  textValue,
  truthy,
  valueCondition,
  type CompareOp,
  type Ctx,
} from "./sqlkit";
import type { Dialect, FormulaNode, FormulaResolver, FormulaType } from "./types";

export interface CompileOptions {
  /** The clock NOW() reads; the current time when left off. */
  now?: Date;
}

export interface CompiledFormula {
  sql: Frag;
  type: FormulaType;
}

const COMPARE: Record<string, CompareOp> = { "=": "=", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">=" };

function literal(c: Ctx, t: Extract<Typed, { kind: "literal" }>): Frag {
  if (typeof t.value === "number") return numValue(c.d, t.value);
  if (typeof t.value === "boolean") return boolConst(c.d, t.value);
  return textValue(c.d, t.value);
}

type Binary = Extract<Typed, { kind: "binary" }>;

/** A comparison as a condition, from its operands' SQL. */
function comparison(c: Ctx, t: Binary, a: Frag, b: Frag): Frag {
  const { domain } = compareDomain(t.left, t.right, t.pos);
  return compileCompare(c, COMPARE[t.op]!, domain, { sql: a, type: t.left.type }, { sql: b, type: t.right.type });
}

function argument(c: Ctx, node: Typed, kind: string): Arg {
  // SQL Server: a comparison's value form names it twice (CASE WHEN c .. WHEN NOT (c) ..), so a
  // comparison used as a condition is tested once, as a two-valued condition of its own.
  if (kind === "boolean" && !dialectOf(c.d).conditionsAreValues && node.kind === "binary" && COMPARE[node.op]) {
    const cond = comparison(c, node, emit(c, node.left), emit(c, node.right));
    return { sql: holds(c.d, cond), raw: sql`(${conditionValue(c.d, cond)})`, type: node.type, node };
  }
  const raw = emit(c, node);
  const t = node.type;
  const converted =
    kind === "number"
      ? asNumber(c.d, raw, t)
      : kind === "string"
        ? asText(c.d, raw, t)
        : kind === "boolean"
          ? truthy(c.d, raw, t)
          : t === "null" && kind === "date"
            ? nullOf(c.d, "string")
            : raw;
  return { sql: converted, raw, type: t, node };
}

function emit(c: Ctx, t: Typed): Frag {
  switch (t.kind) {
    case "literal":
      return literal(c, t);
    case "column":
      return sql`(${typeof t.column.sql === "function" ? t.column.sql(c.d) : t.column.sql})`;
    case "unary": {
      const x = asNumber(c.d, emit(c, t.arg), t.arg.type);
      return t.op === "-" ? sql`(-${x})` : x;
    }
    case "binary": {
      const [a, b] = [emit(c, t.left), emit(c, t.right)];
      if (t.op === "&")
        return concat(c.d, [
          sql`COALESCE(${asText(c.d, a, t.left.type)}, '')`,
          sql`COALESCE(${asText(c.d, b, t.right.type)}, '')`,
        ]);
      if (t.op === "/")
        return sql`(${asReal(c.d, asNumber(c.d, a, t.left.type))} / NULLIF(${asReal(c.d, asNumber(c.d, b, t.right.type))}, 0))`;
      if (t.op === "+" || t.op === "-" || t.op === "*") {
        return sql`(${asNumber(c.d, a, t.left.type)} ${new Frag([t.op])} ${asNumber(c.d, b, t.right.type)})`;
      }
      return sql`(${conditionValue(c.d, comparison(c, t, a, b))})`;
    }
    case "call": {
      const spec = t.spec;
      return sql`(${spec.compile(
        c,
        t.args.map((a, i) => argument(c, a, argSpecAt(spec, i, t.args.length).type)),
      )})`;
    }
  }
}

/** Compiles a parsed formula; throws FormulaError when it does not check. */
export function compileFormula(
  ast: FormulaNode,
  dialect: Dialect,
  resolver: FormulaResolver,
  options: CompileOptions = {},
): CompiledFormula {
  const typed = check(ast, resolver);
  const c: Ctx = { d: dialect, now: options.now ?? new Date() };
  const out = emit(c, typed);
  if (typed.type === "number") return { sql: dialectOf(dialect).numberResult(out), type: "number" };
  return { sql: out, type: typed.type };
}

/** A boolean formula's SQL as a condition (WHERE, CASE WHEN): blank and false do not hold. */
export const formulaCondition = (dialect: Dialect, compiled: Frag): Frag => valueCondition(dialect, compiled);

/** Parses and compiles formula text in one step. */
export const compileFormulaText = (
  text: string,
  dialect: Dialect,
  resolver: FormulaResolver,
  options?: CompileOptions,
): CompiledFormula => compileFormula(parseFormula(text), dialect, resolver, options);
