/**
 * Filter values coerced through the field registry, so a filter compares what a cell stores:
 * `(Price,gt,10)` binds 10, `(Done,eq,true)` binds 1, dates bind ISO text. Rules:
 * - A value the column's `parseText` refuses is a QueryError with the registry's sentence, which
 *   names the column and the value.
 * - Text that `parseText` maps to no value (blank after trimming) compares as "".
 * - Values with a NUL character are refused: PostgreSQL cannot bind them, so no dialect does.
 * - Lists (`in`, `btw`, select ops) split on commas; blank items are dropped.
 */
import { fieldType, parseOptions } from "../fields/registry";
import type { FieldContext, Stored } from "../fields/types";
import { QueryError, type QueryColumn } from "./types";

const contexts = new WeakMap<QueryColumn, FieldContext<Record<string, unknown>>>();

/** The registry context of a column; options are re-checked so raw meta works too. */
export function contextOf(column: QueryColumn): FieldContext<Record<string, unknown>> {
  let ctx = contexts.get(column);
  if (!ctx) {
    const parsed = parseOptions(column.uidt, column.options);
    ctx = { title: column.title, options: parsed.ok ? parsed.value : column.options };
    contexts.set(column, ctx);
  }
  return ctx;
}

export function checkText(column: QueryColumn, text: string): string {
  if (text.includes("\0")) throw new QueryError(`${column.title}: the filter value contains a NUL character`);
  return text;
}

/** One value in the column's stored form. */
export function coerce(column: QueryColumn, text: string): Stored {
  checkText(column, text);
  const res = fieldType(column.uidt).parseText(text, contextOf(column));
  if (!res.ok) throw new QueryError(res.error);
  return res.value;
}

/** A text-like value: the stored form, or "" for text the type stores as no value. */
export const coerceText = (column: QueryColumn, text: string): string => String(coerce(column, text) ?? "");

/** A number (numeric types); a QueryError for anything else. */
export function coerceNumber(column: QueryColumn, text: string): number {
  const v = coerce(column, text);
  if (typeof v !== "number") throw new QueryError(`${column.title}: ${JSON.stringify(text)} is not a number`);
  return v;
}

/** Comma-separated items, blank ones dropped. */
export const listItems = (text: string): string[] => text.split(",").filter((t) => t.trim() !== "");

/** `like` pattern: `%v%` unless the value starts or ends with %; `_` and `!` are literal (escape `!`). */
export function likePattern(column: QueryColumn, text: string): string {
  checkText(column, text);
  const escaped = text.replace(/[!_]/g, "!$&");
  return text.startsWith("%") || text.endsWith("%") ? escaped : `%${escaped}%`;
}

/** Whether a value would bind for `eq` on this column (search uses it to skip columns). */
export function parses(column: QueryColumn, text: string): boolean {
  try {
    return coerce(column, text) !== null;
  } catch (err) {
    if (err instanceof QueryError) return false;
    throw err;
  }
}
