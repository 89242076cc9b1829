/**
 * The shared formula cases on MySQL/MariaDB through `mysql2`, in the scratch database
 * gridbase_test. Statements run as server-side prepared statements (`execute`); DATETIME comes
 * back as text (dateStrings), read as UTC.
 */
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
import { mysqlScratch } from "./servers";

const db = await mysqlScratch();
const exec: Exec = (q) => db!.exec(q);

describe.skipIf(!db)("formula cases on MySQL/MariaDB", () => {
  beforeAll(async () => {
    await exec({ sql: dropFormulaTable("mysql"), params: [] });
    await exec({ sql: formulaDdl("mysql"), params: [] });
    for (const insert of formulaInserts("mysql")) await exec(insert);
  });

  afterAll(async () => {
    await exec({ sql: dropFormulaTable("mysql"), params: [] });
    await db!.close();
  });

  it("holds the fixture rows", async () => {
    expect(Number((await exec({ sql: "SELECT count(*) AS n FROM `gridbase_formula_cases`", params: [] }))[0]?.n)).toBe(
      FORMULA_ROWS.length,
    );
  });

  it.each([...FORMULA_CASES, ...EXAMPLE_CASES].map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    assertFormulaCase(c, await runFormulaCase(c, "mysql", exec));
  });
});
