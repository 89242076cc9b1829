/**
 * The shared formula cases on MySQL/MariaDB through `mysql2`, in the scratch database
 * gridbase_test. Statements run as server-side prepared statements (`execute`); DATETIME comes
 * back as text (dateStrings), read as UTC.
 */
import mysql from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_CASES, FORMULA_CASES, FORMULA_ROWS } from "../support/formula-cases";
import { assertFormulaCase, dropFormulaTable, formulaDdl, formulaInserts, runFormulaCase, type Exec } from "../support/formula-runner";
import { MYSQL_URL, SCRATCH, reach } from "./servers";

const conn = await reach("MySQL", async () => {
  const c = await mysql.createConnection({ uri: MYSQL_URL, dateStrings: true, supportBigNumbers: true, connectTimeout: 3000 });
  try {
    await c.query(`CREATE DATABASE IF NOT EXISTS ${SCRATCH} CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci`);
    await c.query(`USE ${SCRATCH}`);
    return c;
  } catch (err) {
    await c.end().catch(() => undefined);
    throw err;
  }
});

const exec: Exec = async (q) => {
  const [rows] = q.params.length ? await conn!.execute(q.sql, q.params as never[]) : await conn!.query(q.sql);
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
};

describe.skipIf(!conn)("formula cases on MySQL/MariaDB", () => {
  beforeAll(async () => {
    await exec({ sql: dropFormulaTable("mysql"), params: [] });
    await exec({ sql: formulaDdl("mysql"), params: [] });
    for (const insert of formulaInserts("mysql")) await exec(insert);
  });

  afterAll(async () => {
    await exec({ sql: dropFormulaTable("mysql"), params: [] });
    await conn!.end();
  });

  it("holds the fixture rows", async () => {
    expect(Number((await exec({ sql: "SELECT count(*) AS n FROM `gridbase_formula_cases`", params: [] }))[0]?.n)).toBe(FORMULA_ROWS.length);
  });

  it.each([...FORMULA_CASES, ...EXAMPLE_CASES].map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    assertFormulaCase(c, await runFormulaCase(c, "mysql", exec));
  });
});
