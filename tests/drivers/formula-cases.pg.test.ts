/** The shared formula cases on PostgreSQL through `pg`, in the scratch schema gridbase_test. */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_CASES, FORMULA_CASES, FORMULA_ROWS } from "../support/formula-cases";
import { assertFormulaCase, dropFormulaTable, formulaDdl, formulaInserts, runFormulaCase, type Exec } from "../support/formula-runner";
import { PG_URL, SCRATCH, reach } from "./servers";

const client = await reach("PostgreSQL", async () => {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    // The query-case suite may create the schema at the same moment: a unique violation is fine.
    await c.query(`CREATE SCHEMA IF NOT EXISTS ${SCRATCH}`).catch((err: { code?: string }) => {
      if (err.code !== "23505") throw err;
    });
    await c.query(`SET search_path TO ${SCRATCH}`);
    return c;
  } catch (err) {
    await c.end().catch(() => undefined);
    throw err;
  }
});

const exec: Exec = async (q) => (await client!.query({ text: q.sql, values: q.params })).rows;

describe.skipIf(!client)("formula cases on PostgreSQL", () => {
  beforeAll(async () => {
    await exec({ sql: dropFormulaTable("pg"), params: [] });
    await exec({ sql: formulaDdl("pg"), params: [] });
    for (const insert of formulaInserts("pg")) await exec(insert);
  });

  afterAll(async () => {
    await exec({ sql: dropFormulaTable("pg"), params: [] });
    await client!.end();
  });

  it("holds the fixture rows", async () => {
    expect(Number((await exec({ sql: 'SELECT count(*) AS n FROM "gridbase_formula_cases"', params: [] }))[0]?.n)).toBe(FORMULA_ROWS.length);
  });

  it.each([...FORMULA_CASES, ...EXAMPLE_CASES].map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    assertFormulaCase(c, await runFormulaCase(c, "pg", exec));
  });
});
