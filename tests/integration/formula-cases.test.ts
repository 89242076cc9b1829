/** The shared formula cases on the project's own SQLite: a Durable Object's storage inside workerd. */
import { runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Stored } from "../../db/fields/types";
import { EXAMPLE_CASES, FORMULA_CASES, FORMULA_ROWS } from "../support/formula-cases";
import {
  assertFormulaCase,
  dropFormulaTable,
  formulaDdl,
  formulaInserts,
  runFormulaCase,
  type Exec,
} from "../support/formula-runner";
import { roomStub } from "./support";

const room = () => roomStub("formula-cases");
const exec: Exec = (q) => runInDurableObject(room(), (r) => r.store.exec(q.sql, ...(q.params as Stored[])));

describe("formula cases on SQLite (Durable Object)", () => {
  beforeAll(async () => {
    await exec({ sql: dropFormulaTable("sqlite"), params: [] });
    await exec({ sql: formulaDdl("sqlite"), params: [] });
    for (const insert of formulaInserts("sqlite")) await exec(insert);
  });

  it("holds the fixture rows", async () => {
    expect((await exec({ sql: 'SELECT count(*) AS n FROM "gridbase_formula_cases"', params: [] }))[0]?.n).toBe(
      FORMULA_ROWS.length,
    );
  });

  it.each([...FORMULA_CASES, ...EXAMPLE_CASES].map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    assertFormulaCase(c, await runFormulaCase(c, "sqlite", exec));
  });
});
