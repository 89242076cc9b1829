/**
 * Runs the shared query cases (query-cases.ts) on one dialect through a driver callback, so the
 * SQLite, PostgreSQL and MariaDB suites differ only in how a statement is executed.
 * DDL comes from the field registry's storage types; values are bound via toDialectValue.
 */
import { expect } from "vitest";
import { fieldType } from "../../db/fields/registry";
import type { Stored } from "../../db/fields/types";
import { compileList } from "../../db/query/compile-list";
import { fromDialectValue, toDialectValue } from "../../db/query/dialect-values";
import { quoteIdent } from "../../db/query/sql";
import { QueryError, type Compiled, type Dialect } from "../../db/query/types";
import { FIXTURE_NOW, FIXTURE_ROWS, FIXTURE_TABLE, type QueryCase } from "./query-cases";

export type Exec = (q: Compiled) => Promise<Record<string, unknown>[]>;

export type CaseResult = { ids: number[]; count: number; columns: string[] } | { error: string };

const q = (d: Dialect, name: string) => quoteIdent(d, name);

export function fixtureDdl(d: Dialect): string {
  const cols = FIXTURE_TABLE.columns.map((c) => {
    const type = fieldType(c.uidt).storage(d, c.options);
    return `${q(d, c.columnName)} ${type}${c.pk ? " PRIMARY KEY" : ""}`;
  });
  const tail = d === "mysql" ? " ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci" : "";
  return `CREATE TABLE ${q(d, FIXTURE_TABLE.tableName)} (${cols.join(", ")})${tail}`;
}

export const dropFixture = (d: Dialect) => `DROP TABLE IF EXISTS ${q(d, FIXTURE_TABLE.tableName)}`;

export function fixtureInserts(d: Dialect): Compiled[] {
  const cols = FIXTURE_TABLE.columns;
  const names = cols.map((c) => q(d, c.columnName)).join(", ");
  const marks = cols.map((_, i) => (d === "pg" ? `$${i + 1}` : "?")).join(", ");
  const sql = `INSERT INTO ${q(d, FIXTURE_TABLE.tableName)} (${names}) VALUES (${marks})`;
  return FIXTURE_ROWS.map((row) => ({
    sql,
    params: cols.map((c) => toDialectValue(c.uidt, row[c.columnName] ?? null, d)),
  }));
}

/** Every fixture row read back and mapped to the canonical stored form, by Id. */
export async function readBack(d: Dialect, exec: Exec): Promise<Record<string, Stored>[]> {
  const cols = FIXTURE_TABLE.columns;
  const rows = await exec({ sql: `SELECT * FROM ${q(d, FIXTURE_TABLE.tableName)} ORDER BY ${q(d, "id")}`, params: [] });
  return rows.map((r) =>
    Object.fromEntries(cols.map((c) => [c.columnName, fromDialectValue(c.uidt, r[c.columnName], d)])),
  );
}

/** A case's page request as every dialect compiles it (the dialect and table aside). */
export const caseListInput = (c: QueryCase) => ({
  where: c.where,
  sort: c.sort,
  fields: c.fields,
  search: c.search,
  limit: c.limit ?? 1000,
  offset: c.offset ?? 0,
  now: c.now ?? FIXTURE_NOW,
  me: c.me ?? null,
});

export async function runQueryCase(c: QueryCase, d: Dialect, exec: Exec): Promise<CaseResult> {
  let compiled;
  try {
    compiled = compileList({ dialect: d, table: FIXTURE_TABLE, ...caseListInput(c) });
  } catch (err) {
    if (err instanceof QueryError) return { error: err.message };
    throw err;
  }
  const rows = await exec(compiled.list);
  const [counted] = await exec(compiled.count);
  return {
    ids: rows.map((r) => fromDialectValue("ID", r.id, d) as number),
    count: Number(counted?.count),
    columns: compiled.select.map((col) => col.title),
  };
}

export function assertCase(c: QueryCase, got: CaseResult) {
  if (!Array.isArray(c.expect)) {
    expect(got).toEqual({ error: expect.stringContaining(c.expect.error) });
    return;
  }
  expect(got).toMatchObject({
    ids: c.expect,
    count: c.count ?? c.expect.length,
    ...(c.columns ? { columns: c.columns } : {}),
  });
}
