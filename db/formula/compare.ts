/**
 * Comparisons and shared result types. Rules:
 * - Numbers and true/false compare as numbers; text as text (exact, case-sensitive, by code
 *   point); dates and date-times as the moments they name (a date is its midnight); a date
 *   against other text compares the fixed-form text. A text literal next to a date must be an
 *   ISO date. Anything else (a number against text...) is an error.
 * - `x = BLANK()` is ISBLANK(x) and `x != BLANK()` its negation; ordering against BLANK() is blank.
 *   Otherwise a comparison with a blank operand is blank (SQL's NULL), which conditions treat as false.
 * - Branches of IF/SWITCH share one type: text if any branch is text, number for numbers and
 *   true/false, date-time for dates with date-times; other mixes become text.
 * - `compileCompare` and `isBlank` give conditions (sqlkit.ts), which SQL Server needs turned into
 *   values wherever a value stands (compile.ts, fn-logic.ts).
 */
import { Frag, sql } from "../query/sql";
import { asDateTime, parseDateLiteral } from "./datekit";
import type { Typed } from "./spec";
import {
  asNumber,
  asText,
  condConst,
  isEmptyText,
  nullOf,
  textCompare,
  unknownCond,
  type CompareOp,
  type Ctx,
} from "./sqlkit";
import { FormulaError, TYPE_NAMES, type FormulaType } from "./types";

export type Domain = "number" | "text" | "date" | "datetime" | "blank";

const isNum = (t: FormulaType) => t === "number" || t === "boolean";
const isDate = (t: FormulaType) => t === "date" || t === "datetime";

/** A text literal read as a date, or an error naming it. */
export function asDateLiteral(node: Typed): Typed {
  if (node.kind !== "literal" || typeof node.value !== "string") return node;
  const parsed = parseDateLiteral(node.value);
  if (!parsed)
    throw new FormulaError(
      `'${node.value.slice(0, 40)}' is not a date (write YYYY-MM-DD or YYYY-MM-DD HH:mm:ss)`,
      node.pos,
    );
  return { ...node, value: parsed.value, type: parsed.type };
}

export function compareDomain(a: Typed, b: Typed, pos: number): { a: Typed; b: Typed; domain: Domain } {
  if (isDate(a.type) && b.kind === "literal" && b.type === "string") b = asDateLiteral(b);
  if (isDate(b.type) && a.kind === "literal" && a.type === "string") a = asDateLiteral(a);
  const [s, t] = [a.type, b.type];
  if (s === "null" || t === "null") return { a, b, domain: "blank" };
  if (isNum(s) && isNum(t)) return { a, b, domain: "number" };
  if (s === "string" && t === "string") return { a, b, domain: "text" };
  if (isDate(s) && isDate(t)) return { a, b, domain: s === t ? s : "datetime" };
  if ((isDate(s) && t === "string") || (s === "string" && isDate(t))) return { a, b, domain: "text" };
  throw new FormulaError(`Cannot compare ${TYPE_NAMES[s]} with ${TYPE_NAMES[t]}`, pos);
}

/** The condition that the value is blank or empty text. */
export function isBlank(c: Ctx, x: Frag, t: FormulaType): Frag {
  if (t === "null") return condConst(c.d, true);
  if (t === "string") return sql`(${x} IS NULL OR ${isEmptyText(c.d, x)})`;
  return sql`(${x} IS NULL)`;
}

interface Side {
  sql: Frag;
  type: FormulaType;
}

/** The comparison as a condition: unknown when an operand is blank (except `= BLANK()`). */
export function compileCompare(c: Ctx, op: CompareOp, domain: Domain, a: Side, b: Side): Frag {
  const o = new Frag([` ${op} `]);
  switch (domain) {
    case "blank": {
      const other = a.type === "null" ? b : a;
      if (op === "=") return isBlank(c, other.sql, other.type);
      if (op === "<>") return sql`NOT ${isBlank(c, other.sql, other.type)}`;
      return unknownCond(c.d);
    }
    case "number":
      return sql`(${asNumber(c.d, a.sql, a.type)}${o}${asNumber(c.d, b.sql, b.type)})`;
    case "datetime":
      return textCompare(c.d, op, asDateTime(c.d, a.sql, a.type), asDateTime(c.d, b.sql, b.type));
    default:
      return textCompare(c.d, op, a.sql, b.sql);
  }
}

/** The one type IF/SWITCH branches share. */
export function unify(types: FormulaType[]): FormulaType {
  const known = types.filter((t) => t !== "null");
  if (known.length === 0) return "null";
  if (known.every((t) => t === known[0])) return known[0]!;
  if (known.every(isNum)) return "number";
  if (known.every(isDate)) return "datetime";
  return "string";
}

/** A branch converted to the shared type. */
export function coerce(c: Ctx, x: Frag, from: FormulaType, to: FormulaType): Frag {
  if (from === to) return x;
  if (from === "null") return nullOf(c.d, to);
  if (to === "number") return asNumber(c.d, x, from);
  if (to === "datetime") return asDateTime(c.d, x, from);
  if (to === "string") return asText(c.d, x, from);
  return x;
}
