/** The shared formula cases on PostgreSQL through `pg`, in the scratch schema gridbase_test. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXAMPLE_CASES, FORMULA_CASES, FORMULA_ROWS } from "../support/formula-cases";
import {
  assertFormulaCase,
  dropFormulaTable,
  formulaDdl,
  formulaInserts,
  runFormulaCase,
  type Exec,
} from "../support/formula-runner";
import { pgScratch } from "./servers";

const db = await pgScratch();
const exec: Exec = (q) => db!.exec(q);

describe.skipIf(!db)("formula cases on PostgreSQL", () => {
  beforeAll(async () => {
    await exec({ sql: dropFormulaTable("pg"), params: [] });
    await exec({ sql: formulaDdl("pg"), params: [] });
    for (const insert of formulaInserts("pg")) await exec(insert);
  });

  afterAll(async () => {
    await exec({ sql: dropFormulaTable("pg"), params: [] });
    await db!.close();
  });

  it("holds the fixture rows", async () => {
    expect(Number((await exec({ sql: 'SELECT count(*) AS n FROM "gridbase_formula_cases"', params: [] }))[0]?.n)).toBe(
      FORMULA_ROWS.length,
    );
  });

  it.each([...FORMULA_CASES, ...EXAMPLE_CASES].map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    assertFormulaCase(c, await runFormulaCase(c, "pg", exec));
  });
});
