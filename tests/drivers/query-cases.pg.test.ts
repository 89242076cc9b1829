/** The shared query cases on PostgreSQL through `pg`, in the scratch schema gridbase_test. */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_ROWS, QUERY_CASES } from "../support/query-cases";
import { assertCase, dropFixture, fixtureDdl, fixtureInserts, readBack, runQueryCase, type Exec } from "../support/query-runner";
import { PG_URL, SCRATCH, reach } from "./servers";

const client = await reach("PostgreSQL", async () => {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query(`CREATE SCHEMA IF NOT EXISTS ${SCRATCH}`);
    await c.query(`SET search_path TO ${SCRATCH}`);
    return c;
  } catch (err) {
    await c.end().catch(() => undefined);
    throw err;
  }
});

const exec: Exec = async (q) => (await client!.query({ text: q.sql, values: q.params })).rows;

describe.skipIf(!client)("query cases on PostgreSQL", () => {
  beforeAll(async () => {
    await exec({ sql: dropFixture("pg"), params: [] });
    await exec({ sql: fixtureDdl("pg"), params: [] });
    for (const insert of fixtureInserts("pg")) await exec(insert);
  });

  afterAll(async () => {
    await exec({ sql: dropFixture("pg"), params: [] });
    await client!.end();
  });

  it("reads the fixture back in its stored form", async () => {
    expect(await readBack("pg", exec)).toEqual(FIXTURE_ROWS);
  });

  it.each(QUERY_CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    assertCase(c, await runQueryCase(c, "pg", exec));
  });
});
