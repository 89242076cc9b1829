/** The shared query cases on the project's own SQLite: a Durable Object's storage inside workerd. */
import { runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Stored } from "../../db/fields/types";
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
import { roomStub } from "./support";

const room = () => roomStub("query-cases");
const exec: Exec = (q) => runInDurableObject(room(), (r) => r.store.exec(q.sql, ...(q.params as Stored[])));

describe("query cases on SQLite (Durable Object)", () => {
  beforeAll(async () => {
    await exec({ sql: dropFixture("sqlite"), params: [] });
    await exec({ sql: fixtureDdl("sqlite"), params: [] });
    for (const insert of fixtureInserts("sqlite")) await exec(insert);
  });

  it("reads the fixture back in its stored form", async () => {
    expect(await readBack("sqlite", exec)).toEqual(FIXTURE_ROWS);
  });

  it.each(QUERY_CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    assertCase(c, await runQueryCase(c, "sqlite", exec));
  });
});
