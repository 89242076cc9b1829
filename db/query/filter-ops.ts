/**
 * SQL for each comparison operator on non-date columns (API-CONTRACT 1.7). NULL rules:
 * - neq/not, nlike, notempty, notchecked, nanyof and nallof also match NULL; nbtw does not.
 * - eq on a Rating with 0 and eq false on a Checkbox also match NULL (an empty cell shows as 0 /
 *   unchecked), and their neq is the exact complement.
 * - blank is NULL or '' for text and selects, NULL, '', '[]' or 'null' for Attachment, NULL only
 *   for numbers, dates, checkboxes, times and JSON.
 */
import { fieldType } from "../fields/registry";
import type { FilterOp, Stored, UIType, ValueKind } from "../fields/types";
import { toDialectValue } from "./dialect-values";
import { jsonEq, joinComma, like, listContains, textEq, textIn } from "./dialect";
import { Frag, and, not, or, param, sql } from "./sql";
import { QueryError, type Dialect, type QueryColumn } from "./types";
import { coerce, coerceNumber, coerceText, likePattern, listItems } from "./filter-values";

export type Kind = ValueKind;

/** The registry's value kind of a type (db/fields/<Type>.ts `kind`). */
export const kindOf = (uidt: UIType): Kind => fieldType(uidt).kind;

/** What an operator builder needs: the dialect, the column and its quoted name, the clock. */
export interface OpCtx {
  d: Dialect;
  column: QueryColumn;
  c: Frag;
  now: Date;
  /** The user who runs the query (`@me` in filters on user columns); null without one. */
  me?: string | null;
}

export const bind = (x: OpCtx, stored: Stored): Frag => param(toDialectValue(x.column.uidt, stored, x.d));
export const isNull = (x: OpCtx) => sql`${x.c} IS NULL`;
export const CMP: Partial<Record<FilterOp, Frag>> = {
  gt: sql`>`,
  lt: sql`<`,
  gte: sql`>=`,
  ge: sql`>=`,
  lte: sql`<=`,
  le: sql`<=`,
};

export const NO_VALUE_OPS: ReadonlySet<string> = new Set([
  "empty",
  "notempty",
  "null",
  "notnull",
  "blank",
  "notblank",
  "checked",
  "notchecked",
]);

function blank(x: OpCtx): Frag {
  const kind = kindOf(x.column.uidt);
  if (kind === "text" || kind === "select" || kind === "multi" || kind === "user")
    return or([isNull(x), textEq(x.d, x.c, sql`''`)]);
  if (kind === "attachment") return or([isNull(x), sql`${x.c} IN ('', '[]', 'null')`]);
  return isNull(x);
}

export function noValueOp(x: OpCtx, op: string): Frag {
  const empty = () => textEq(x.d, x.c, sql`''`);
  switch (op) {
    case "null":
      return isNull(x);
    case "notnull":
      return sql`${x.c} IS NOT NULL`;
    case "blank":
      return blank(x);
    case "notblank":
      return not(blank(x));
    case "empty":
      return empty();
    case "notempty":
      return or([not(empty()), isNull(x)]);
    case "checked":
      return sql`${x.c} = ${bind(x, 1)}`;
    default:
      return or([sql`${x.c} = ${bind(x, 0)}`, isNull(x)]); // notchecked
  }
}

/** eq, and whether it already matches NULL (then neq is its plain negation). */
function eq(x: OpCtx, value: string): { frag: Frag; nullToo: boolean } {
  const kind = kindOf(x.column.uidt);
  if (kind === "number") {
    const n = coerceNumber(x.column, value);
    const frag = sql`${x.c} = ${bind(x, n)}`;
    return fieldType(x.column.uidt)?.emptyIsZero && n === 0
      ? { frag: or([frag, isNull(x)]), nullToo: true }
      : { frag, nullToo: false };
  }
  if (kind === "checkbox") {
    const checked = coerce(x.column, value) === 1;
    return checked
      ? { frag: noValueOp(x, "checked"), nullToo: false }
      : { frag: noValueOp(x, "notchecked"), nullToo: true };
  }
  if (kind === "time") return { frag: sql`${x.c} = ${bind(x, coerce(x.column, value))}`, nullToo: false };
  if (kind === "json") return { frag: jsonEq(x.d, x.c, param(coerceText(x.column, value))), nullToo: false };
  return { frag: textEq(x.d, x.c, param(coerceText(x.column, value))), nullToo: false };
}

export function neqOf(x: OpCtx, e: { frag: Frag; nullToo: boolean }): Frag {
  return e.nullToo ? not(e.frag) : or([not(e.frag), isNull(x)]);
}

function between(x: OpCtx, op: string, value: string): Frag {
  const parts = value.split(",");
  if (parts.length !== 2 || parts.some((p) => p.trim() === "")) {
    throw new QueryError(`${x.column.title}: '${op}' needs two values, min and max, separated by a comma`);
  }
  const [lo, hi] = parts.map((p) => bind(x, coerceNumber(x.column, p)));
  return and([sql`${x.c} >= ${lo!}`, sql`${x.c} <= ${hi!}`]);
}

function selectOp(x: OpCtx, op: string, value: string): Frag | null {
  const kind = kindOf(x.column.uidt);
  if (kind === "select") {
    const items = listItems(value).map((v) => param(coerceText(x.column, v)));
    if (items.length === 0) return null;
    const any = textIn(x.d, x.c, items);
    return op === "anyof" ? any : or([not(any), isNull(x)]);
  }
  const canonical = coerce(x.column, value);
  if (canonical === null) return null;
  const has = String(canonical)
    .split(",")
    .map((t) => listContains(x.d, x.c, param(`,${t},`)));
  if (op === "anyof") return or(has);
  if (op === "allof") return and(has);
  return or([not(op === "nanyof" ? or(has) : and(has)), isNull(x)]);
}

/** Operators that take a value; null when the list is empty (the condition is then ignored). */
export function valueOp(x: OpCtx, op: FilterOp, value: string): Frag | null {
  const kind = kindOf(x.column.uidt);
  switch (op) {
    case "eq":
      return eq(x, value).frag;
    case "neq":
      return neqOf(x, eq(x, value));
    case "like":
      return like(x.d, x.c, param(likePattern(x.column, value)));
    case "nlike":
      return or([not(like(x.d, x.c, param(likePattern(x.column, value)))), isNull(x)]);
    case "in": {
      const items = listItems(value);
      if (items.length === 0) return null;
      if (kind === "number") return sql`${x.c} IN (${joinComma(items.map((v) => bind(x, coerceNumber(x.column, v))))})`;
      return textIn(
        x.d,
        x.c,
        items.map((v) => param(coerceText(x.column, v))),
      );
    }
    case "btw":
      return between(x, op, value);
    case "nbtw":
      return not(between(x, op, value));
    case "anyof":
    case "allof":
    case "nanyof":
    case "nallof":
      return selectOp(x, op, value);
    default: {
      const cmp = CMP[op];
      if (!cmp) throw new QueryError(`${op} is not supported.`);
      const v = kind === "number" ? coerceNumber(x.column, value) : coerce(x.column, value);
      return sql`${x.c} ${cmp} ${bind(x, v)}`;
    }
  }
}
