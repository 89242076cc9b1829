/** The shared computed-field cases on MySQL/MariaDB, in the scratch schema (DRIVER_SCRATCH). */
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
import { mysqlScratch } from "./servers";

const db = await mysqlScratch();
const exec: Exec = (q) => db!.exec(q);

describe.skipIf(!db)("computed-field cases on MySQL/MariaDB", () => {
  beforeAll(async () => {
    for (const s of [...dropComputed("mysql"), ...computedDdl("mysql")]) await exec({ sql: s, params: [] });
    for (const insert of computedInserts("mysql")) await exec(insert);
  });

  afterAll(async () => {
    for (const s of dropComputed("mysql")) await exec({ sql: s, params: [] });
    await db!.close();
  });

  it.each(COMPUTED_CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    assertComputed(c, await runComputedCase(c, "mysql", exec));
  });
});
