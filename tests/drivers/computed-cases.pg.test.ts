/** The shared computed-field cases on PostgreSQL, in the scratch schema (DRIVER_SCRATCH). */
import { afterAll, beforeAll, describe, it } from "vitest";
import { COMPUTED_CASES } from "../support/computed-cases";
import {
  assertComputed,
  computedDdl,
  computedInserts,
  dropComputed,
  runComputedCase,
} from "../support/computed-runner";
import type { Exec } from "../support/query-runner";
import { pgScratch } from "./servers";

const db = await pgScratch();
const exec: Exec = (q) => db!.exec(q);

describe.skipIf(!db)("computed-field cases on PostgreSQL", () => {
  beforeAll(async () => {
    for (const s of [...dropComputed("pg"), ...computedDdl("pg")]) await exec({ sql: s, params: [] });
    for (const insert of computedInserts("pg")) await exec(insert);
  });

  afterAll(async () => {
    for (const s of dropComputed("pg")) await exec({ sql: s, params: [] });
    await db!.close();
  });

  it.each(COMPUTED_CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    assertComputed(c, await runComputedCase(c, "pg", exec));
  });
});
