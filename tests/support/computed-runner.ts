/**
 * Runs the computed-field cases (computed-cases.ts) on one dialect through a driver callback, so
 * the SQLite, PostgreSQL and MariaDB suites differ only in how a statement is executed. Tables
 * come from the registry's storage types; the computed columns from db/query/computed.ts.
 */
import { expect } from "vitest";
import { fieldType, parseOptions } from "../../db/fields/registry";
import type { UIType } from "../../db/fields/types";
import { compileList } from "../../db/query/compile-list";
import { virtualColumns } from "../../db/query/computed";
import { fromDialectValue, toDialectValue } from "../../db/query/dialect-values";
import { quoteIdent } from "../../db/query/sql";
import type { Dialect, QueryColumn, QueryTable } from "../../db/query/types";
import { MODELS, ROWS, SCHEMA, type ComputedCase } from "./computed-cases";
import type { Exec } from "./query-runner";

const q = (d: Dialect, name: string) => quoteIdent(d, name);
const storedCols = (modelId: string) => SCHEMA.columns(modelId).filter((c) => c.columnName);

export function computedDdl(d: Dialect): string[] {
  return MODELS.map((m) => {
    const cols = storedCols(m.id).map((c) => {
      const uidt = c.uidt as UIType;
      return `${q(d, c.columnName!)} ${fieldType(uidt).storage(d, options(uidt))}${c.pk ? " PRIMARY KEY" : ""}`;
    });
    return `CREATE TABLE ${q(d, m.tableName)} (${cols.join(", ")})${d === "mysql" ? " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4" : ""}`;
  });
}

export const dropComputed = (d: Dialect) => MODELS.map((m) => `DROP TABLE IF EXISTS ${q(d, m.tableName)}`);

export function computedInserts(d: Dialect) {
  return MODELS.flatMap((m) => {
    const cols = storedCols(m.id);
    const marks = cols.map((_, i) => (d === "pg" ? `$${i + 1}` : "?")).join(", ");
    const sql = `INSERT INTO ${q(d, m.tableName)} (${cols.map((c) => q(d, c.columnName!)).join(", ")}) VALUES (${marks})`;
    return ROWS[m.tableName]!.map((row) => ({
      sql,
      params: cols.map((c) => toDialectValue(c.uidt as UIType, row[c.columnName!] ?? null, d)),
    }));
  });
}

function options(uidt: UIType): Record<string, unknown> {
  const res = parseOptions(uidt, {});
  if (!res.ok) throw new Error(res.error);
  return res.value as Record<string, unknown>;
}

/** The case's table as the compiler sees it: stored columns and the computed ones for this dialect. */
export function computedTable(tableName: string, d: Dialect) {
  const m = MODELS.find((x) => x.tableName === tableName)!;
  const cols = SCHEMA.columns(m.id);
  const virtual = virtualColumns(SCHEMA, m, cols, d);
  const physical: QueryColumn[] = storedCols(m.id).map((c) => ({
    id: c.id,
    title: c.title,
    columnName: c.columnName!,
    uidt: c.uidt as UIType,
    options: options(c.uidt as UIType),
    pk: !!c.pk,
  }));
  const table: QueryTable = { tableName, columns: [...physical, ...virtual] };
  return { table, virtual };
}

export async function runComputedCase(c: ComputedCase, d: Dialect, exec: Exec) {
  const { table, virtual } = computedTable(c.table, d);
  const compiled = compileList({ dialect: d, table, where: c.where, sort: c.sort, limit: 1000, offset: 0 });
  const rows = await exec(compiled.list);
  const ids = rows.map((r) => fromDialectValue("ID", r.id, d) as number);
  const values = Object.fromEntries(
    rows.map((r, i) => [ids[i], Object.fromEntries(virtual.map((v) => [v.title, v.decode(r[v.columnName] ?? null)]))]),
  );
  return { ids, values };
}

export function assertComputed(c: ComputedCase, got: Awaited<ReturnType<typeof runComputedCase>>) {
  expect(got.ids).toEqual(c.expect);
  for (const [id, want] of Object.entries(c.values ?? {}))
    expect(got.values[Number(id)], `row ${id}`).toMatchObject(want);
}
