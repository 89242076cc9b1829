/**
 * Runs the shared formula cases (formula-cases.ts) on one dialect through a driver callback, so
 * the SQLite, PostgreSQL and MariaDB suites differ only in how a statement is executed.
 * Each case is compiled with the formula engine's own column resolver and read back with
 * `formulaValue`, then normalised in one place: numbers to 9 significant digits, booleans to
 * true/false. Boolean formulas are also run as a WHERE condition, numeric ones as an ORDER BY.
 */
import { expect } from "vitest";
import { fieldType, parseOptions } from "../../db/fields/registry";
import { columnResolver, compileFormulaText, formulaCondition, formulaValue, type FormulaType } from "../../db/formula";
import { toDialectValue } from "../../db/query/dialect-values";
import { ident, quoteIdent, render, sql, type Frag } from "../../db/query/sql";
import type { Compiled, Dialect } from "../../db/query/types";
import {
  FORMULA_COLUMNS,
  FORMULA_NOW,
  FORMULA_ROWS,
  FORMULA_TABLE,
  FORMULA_VIRTUAL,
  type FormulaCase,
} from "./formula-cases";

export type Exec = (q: Compiled) => Promise<Record<string, unknown>[]>;

const q = (d: Dialect, name: string) => quoteIdent(d, name);

export function formulaDdl(d: Dialect): string {
  const cols = FORMULA_COLUMNS.map((c) => {
    const options = parseOptions(c.uidt, {});
    if (!options.ok) throw new Error(options.error);
    return `${q(d, c.columnName)} ${fieldType(c.uidt).storage(d, options.value as never)}${c.uidt === "ID" ? " PRIMARY KEY" : ""}`;
  });
  const tail = d === "mysql" ? " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci" : "";
  return `CREATE TABLE ${q(d, FORMULA_TABLE)} (${cols.join(", ")})${tail}`;
}

export const dropFormulaTable = (d: Dialect) => `DROP TABLE IF EXISTS ${q(d, FORMULA_TABLE)}`;

export function formulaInserts(d: Dialect): Compiled[] {
  const names = FORMULA_COLUMNS.map((c) => q(d, c.columnName)).join(", ");
  const marks = FORMULA_COLUMNS.map((_, i) => (d === "pg" ? `$${i + 1}` : "?")).join(", ");
  const text = `INSERT INTO ${q(d, FORMULA_TABLE)} (${names}) VALUES (${marks})`;
  return FORMULA_ROWS.map((row) => ({
    sql: text,
    params: FORMULA_COLUMNS.map((c, i) => toDialectValue(c.uidt, row[i] ?? null, d)),
  }));
}

/** The single normalisation of answers: 9 significant digits, -0 as 0, booleans true/false. */
export function normalise(type: FormulaType, raw: unknown): unknown {
  const v = formulaValue(type, raw);
  if (typeof v !== "number") return v;
  const n = Number(v.toPrecision(9));
  return n === 0 ? 0 : n;
}

const resolver = columnResolver([...FORMULA_COLUMNS, ...FORMULA_VIRTUAL.map((c) => ({ ...c, columnName: c.title }))], {
  now: FORMULA_NOW,
});

export interface FormulaRun {
  values: unknown[];
  /** Ids of rows where the formula holds, when it is a boolean (run as WHERE). */
  matching?: number[];
  /** Ids sorted by the formula (blank last, ties by Id), when it is a number (run as ORDER BY). */
  sorted?: number[];
}

export async function runFormulaCase(c: FormulaCase, d: Dialect, exec: Exec): Promise<FormulaRun> {
  const compiled = compileFormulaText(c.formula, d, resolver, { now: FORMULA_NOW });
  const id = ident(d, "id");
  const table = ident(d, FORMULA_TABLE);
  const run = async (frag: Frag) => exec(render(frag, d));
  const rows = await run(sql`SELECT ${id} AS id, ${compiled.sql} AS v FROM ${table} ORDER BY ${id}`);
  const out: FormulaRun = { values: rows.map((r) => normalise(compiled.type, r.v)) };
  if (compiled.type === "boolean") {
    const holds = formulaCondition(d, compiled.sql);
    out.matching = (await run(sql`SELECT ${id} AS id FROM ${table} WHERE ${holds} ORDER BY ${id}`)).map((r) =>
      Number(r.id),
    );
  }
  if (compiled.type === "number") {
    const key = compiled.sql;
    out.sorted = (
      await run(
        sql`SELECT ${id} AS id FROM ${table} ORDER BY CASE WHEN ${key} IS NULL THEN 1 ELSE 0 END, ${key}, ${id}`,
      )
    ).map((r) => Number(r.id));
  }
  return out;
}

export function assertFormulaCase(c: FormulaCase, got: FormulaRun) {
  expect(got.values).toEqual(c.expect);
  const ids = FORMULA_ROWS.map((r) => r[0] as number);
  if (got.matching) expect(got.matching).toEqual(ids.filter((_, i) => c.expect[i] === true));
  if (got.sorted) {
    const order = ids
      .map((id, i) => ({ id, v: c.expect[i] as number | null }))
      .sort((a, b) => (a.v === null ? 1 : 0) - (b.v === null ? 1 : 0) || (a.v ?? 0) - (b.v ?? 0) || a.id - b.id);
    expect(got.sorted).toEqual(order.map((o) => o.id));
  }
}
