/**
 * Shapes of the formula engine. Rules:
 * - A formula value has one of five types (number, string, boolean, date, datetime) or is the
 *   untyped blank of BLANK() ("null"), which fits anywhere.
 * - Columns are found through a resolver the caller gives: title → type and a SQL fragment that
 *   already yields the formula form of the value (see columns.ts). A resolver answer of
 *   `{ type: "unsupported" }` names a column that exists but cannot be used in formulas.
 * - Every problem is a FormulaError (a QueryError, so HTTP 400) whose message ends with
 *   ` at <position>`, the 1-based character position in the formula text.
 */
import type { Dialect } from "../fields/types";
import type { Frag } from "../query/sql";
import { QueryError } from "../query/types";

export type { Dialect } from "../fields/types";

import type { FormulaType, ValueType } from "../query/dialects/dialect";

export type { FormulaType, ValueType };

export interface FormulaColumn {
  type: ValueType;
  /** The value in formula form: numbers, text, booleans, and dates as `YYYY-MM-DD[ HH:mm:ss]` text. */
  sql: Frag | ((dialect: Dialect) => Frag);
}

export interface UnsupportedColumn {
  type: "unsupported";
  uidt: string;
}

export type FormulaResolver = (title: string) => FormulaColumn | UnsupportedColumn | undefined;

export type BinaryOp = "+" | "-" | "*" | "/" | "&" | "=" | "!=" | "<" | "<=" | ">" | ">=";

/** The parse tree. `pos` is 1-based; for operators it is the operator's position. */
export type FormulaNode =
  | { kind: "number"; value: number; pos: number }
  | { kind: "string"; value: string; pos: number }
  | { kind: "boolean"; value: boolean; pos: number }
  | { kind: "column"; name: string; pos: number }
  | { kind: "call"; name: string; args: FormulaNode[]; pos: number }
  | { kind: "unary"; op: "-" | "+"; arg: FormulaNode; pos: number }
  | { kind: "binary"; op: BinaryOp; left: FormulaNode; right: FormulaNode; pos: number };

export class FormulaError extends QueryError {
  /** The message without its position. */
  readonly reason: string;
  constructor(reason: string, position: number) {
    super(`${reason} at ${position}`, position);
    this.name = "FormulaError";
    this.reason = reason;
  }
}

/** Human names of the types, for messages. */
export const TYPE_NAMES: Record<FormulaType, string> = {
  number: "a number",
  string: "text",
  boolean: "true/false",
  date: "a date",
  datetime: "a date-time",
  null: "blank",
};
