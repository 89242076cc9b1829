/**
 * The shared query cases on MySQL/MariaDB through `mysql2`, in the scratch database gridbase_test.
 * Statements run as server-side prepared statements (`execute`), so `?` inside quoted identifiers
 * is never mistaken for a placeholder; DATETIME comes back as text (dateStrings), read as UTC.
 */
import mysql from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXTURE_ROWS, QUERY_CASES } from "../support/query-cases";
import { assertCase, dropFixture, fixtureDdl, fixtureInserts, readBack, runQueryCase, type Exec } from "../support/query-runner";
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

describe.skipIf(!conn)("query cases on MySQL/MariaDB", () => {
  beforeAll(async () => {
    await exec({ sql: dropFixture("mysql"), params: [] });
    await exec({ sql: fixtureDdl("mysql"), params: [] });
    for (const insert of fixtureInserts("mysql")) await exec(insert);
  });

  afterAll(async () => {
    await exec({ sql: dropFixture("mysql"), params: [] });
    await conn!.end();
  });

  it("reads the fixture back in its stored form", async () => {
    expect(await readBack("mysql", exec)).toEqual(FIXTURE_ROWS);
  });

  it.each(QUERY_CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    assertCase(c, await runQueryCase(c, "mysql", exec));
  });
});
