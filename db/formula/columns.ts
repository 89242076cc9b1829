/**
 * Table columns as formula inputs, and formula answers as API values. Rules:
 * - a stored column's type follows the kind of value it holds (the registry's `kind`): numbers,
 *   text (text, selects, times), true/false, dates and date-times. Other kinds (attachments, JSON)
 *   and types marked `inFormulas: false` cannot be used; computed columns resolve in db/query/computed.ts.
 * - Each column is read into the formula form (datekit.ts): pg/mysql numbers as double (SQL Server
 *   float), dates and date-times as fixed text (pg timestamptz and SQL Server datetimeoffset read in
 *   UTC, fractions of a second dropped: SQL Server's style 121 text is cut after the seconds, so
 *   .999 is never rounded up); a checkbox stays the stored boolean (pg boolean, 0/1, SQL Server bit).
 * - A Formula column is compiled from its own formula_raw with the same resolver (a formula used
 *   inside a formula), so a circle of formulas is reported as `Formula cycle: A → B → A`.
 */
import { fieldType, isFormula } from "../fields/registry";
import type { Stored, UIType, ValueKind } from "../fields/types";
import { dialectOf } from "../query/dialects";
import { Frag, ident, sql } from "../query/sql";
import { compileFormula } from "./compile";
import { check } from "./check";
import { formatInstant } from "./datekit";
import { parseFormula } from "./parser";
import {
  FormulaError,
  type Dialect,
  type FormulaColumn,
  type FormulaResolver,
  type FormulaType,
  type ValueType,
} from "./types";

/** A stored column's formula type follows the kind of value its type holds (the registry's `kind`). */
const BY_KIND: Partial<Record<ValueKind, ValueType>> = {
  number: "number",
  text: "string",
  select: "string",
  multi: "string",
  time: "string",
  checkbox: "boolean",
  date: "date",
  datetime: "datetime",
};

export function formulaTypeOf(uidt: UIType): ValueType | undefined {
  const t = fieldType(uidt);
  return !t || t.virtual || t.inFormulas === false ? undefined : BY_KIND[t.kind];
}

/** A stored column value in the formula form of its type. */
export function physicalSql(uidt: UIType, col: Frag, d: Dialect): Frag {
  const type = formulaTypeOf(uidt);
  if (type === "number") return dialectOf(d).formulaColumn.number(col);
  if (type === "date") return dialectOf(d).formulaColumn.date(col);
  if (type === "datetime") return dialectOf(d).formulaColumn.datetime(col);
  if (fieldType(uidt)?.kind === "time") return dialectOf(d).formulaColumn.time(col);
  return col;
}

export interface ResolverColumn {
  title: string;
  columnName: string;
  uidt: UIType;
  options?: Record<string, unknown>;
}

export interface ResolverOptions {
  /** Table name or alias to qualify column names with. */
  table?: string;
  /** The clock NOW() reads inside Formula columns. */
  now?: Date;
}

/** A resolver over a table's columns (titles are exact). */
export function columnResolver(columns: readonly ResolverColumn[], options: ResolverOptions = {}): FormulaResolver {
  const byTitle = new Map(columns.map((c) => [c.title, c]));
  const formulas = new Map<string, FormulaColumn | undefined>();
  const visiting: string[] = [];
  const resolve: FormulaResolver = (title) => {
    const col = byTitle.get(title);
    if (!col) return undefined;
    if (isFormula(col.uidt)) {
      if (!formulas.has(title)) formulas.set(title, formulaColumn(col, resolve, visiting, options.now));
      return formulas.get(title);
    }
    const type = formulaTypeOf(col.uidt);
    if (!type) return { type: "unsupported", uidt: col.uidt };
    const at = (d: Dialect) =>
      options.table ? sql`${ident(d, options.table)}.${ident(d, col.columnName)}` : ident(d, col.columnName);
    return { type, sql: (d: Dialect) => physicalSql(col.uidt, at(d), d) };
  };
  return resolve;
}

function formulaColumn(
  col: ResolverColumn,
  resolve: FormulaResolver,
  visiting: string[],
  now?: Date,
): FormulaColumn | undefined {
  const raw = col.options?.formula_raw;
  if (typeof raw !== "string") return undefined;
  if (visiting.includes(col.title))
    throw new FormulaError(
      `Formula cycle: ${[...visiting.slice(visiting.indexOf(col.title)), col.title].join(" → ")}`,
      1,
    );
  visiting.push(col.title);
  let type: FormulaType;
  const ast = (() => {
    try {
      const tree = parseFormula(raw);
      type = check(tree, resolve).type;
      return tree;
    } catch (err) {
      if (!(err instanceof FormulaError) || err.reason.startsWith("Formula cycle")) throw err;
      throw new FormulaError(`Column '${col.title}' has an invalid formula (${err.message})`, 1);
    } finally {
      visiting.pop();
    }
  })();
  const compiled = new Map<Dialect, Frag>();
  const sqlFor = (d: Dialect) => {
    if (!compiled.has(d)) compiled.set(d, compileFormula(ast, d, resolve, { now }).sql);
    return compiled.get(d)!;
  };
  return { type: type! === "null" ? "string" : type!, sql: sqlFor };
}

/**
 * A driver's answer for a formula of this type as the API value (booleans true/false). Formulas
 * answer numbers, text and 1/0 (pg booleans; a SQL Server bit column comes from tedious as a
 * JavaScript boolean). Dates are text in every dialect's SQL; should a driver still hand back a
 * Date object, it is written in the fixed text form, in UTC.
 */
export function formulaValue(type: FormulaType, raw: unknown): string | number | boolean | null {
  if (raw === null || raw === undefined || type === "null") return null;
  if (type === "number") {
    const n =
      typeof raw === "number"
        ? raw
        : typeof raw === "boolean"
          ? Number(raw)
          : Number(typeof raw === "bigint" ? raw : String(raw));
    return Number.isFinite(n) ? n : null;
  }
  if (type === "boolean")
    return raw === true || raw === 1 || raw === 1n || raw === "1" || raw === "t" || raw === "true";
  if (raw instanceof Date) {
    if (Number.isNaN(raw.getTime())) return null;
    return type === "date" ? formatInstant(raw).slice(0, 10) : formatInstant(raw);
  }
  if (raw instanceof Uint8Array) return new TextDecoder().decode(raw);
  return String(raw as Stored);
}
