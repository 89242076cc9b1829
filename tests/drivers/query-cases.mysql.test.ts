/**
 * The shared query cases on MySQL/MariaDB through `mysql2`, in the scratch database gridbase_test.
 * Statements run as server-side prepared statements (`execute`), so `?` inside quoted identifiers
 * is never mistaken for a placeholder; DATETIME comes back as text (dateStrings), read as UTC.
 */
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
import { mysqlScratch } from "./servers";

const db = await mysqlScratch();
const exec: Exec = (q) => db!.exec(q);

describe.skipIf(!db)("query cases on MySQL/MariaDB", () => {
  beforeAll(async () => {
    await exec({ sql: dropFixture("mysql"), params: [] });
    await exec({ sql: fixtureDdl("mysql"), params: [] });
    for (const insert of fixtureInserts("mysql")) await exec(insert);
  });

  afterAll(async () => {
    await exec({ sql: dropFixture("mysql"), params: [] });
    await db!.close();
  });

  it("reads the fixture back in its stored form", async () => {
    expect(await readBack("mysql", exec)).toEqual(FIXTURE_ROWS);
  });

  it.each(QUERY_CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    assertCase(c, await runQueryCase(c, "mysql", exec));
  });
});
