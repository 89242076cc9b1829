/** The shared query cases on PostgreSQL through `pg`, in the scratch schema gridbase_test. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_ROWS, QUERY_CASES } from "../support/query-cases";
import {
  assertCase,
  dropFixture,
  fixtureDdl,
  fixtureInserts,
  readBack,
  runQueryCase,
  type Exec,
} from "../support/query-runner";
import { pgScratch } from "./servers";

const db = await pgScratch();
const exec: Exec = (q) => db!.exec(q);

describe.skipIf(!db)("query cases on PostgreSQL", () => {
  beforeAll(async () => {
    await exec({ sql: dropFixture("pg"), params: [] });
    await exec({ sql: fixtureDdl("pg"), params: [] });
    for (const insert of fixtureInserts("pg")) await exec(insert);
  });

  afterAll(async () => {
    await exec({ sql: dropFixture("pg"), params: [] });
    await db!.close();
  });

  it("reads the fixture back in its stored form", async () => {
    expect(await readBack("pg", exec)).toEqual(FIXTURE_ROWS);
  });

  it.each(QUERY_CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    assertCase(c, await runQueryCase(c, "pg", exec));
  });
});
