/** The shared computed-field cases on the project's own SQLite: a Durable Object's storage inside workerd. */
import { runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, it } from "vitest";
import type { Stored } from "../../db/fields/types";
import { COMPUTED_CASES } from "../support/computed-cases";
import {
  assertComputed,
  computedDdl,
  computedInserts,
  dropComputed,
  runComputedCase,
} from "../support/computed-runner";
import type { Exec } from "../support/query-runner";
import { roomStub } from "./support";

const room = () => roomStub("computed-cases");
const exec: Exec = (q) => runInDurableObject(room(), (r) => r.store.exec(q.sql, ...(q.params as Stored[])));

describe("computed-field cases on SQLite (Durable Object)", () => {
  beforeAll(async () => {
    for (const s of [...dropComputed("sqlite"), ...computedDdl("sqlite")]) await exec({ sql: s, params: [] });
    for (const insert of computedInserts("sqlite")) await exec(insert);
  });

  it.each(COMPUTED_CASES.map((c) => [c.name, c] as const))("%s", async (_name, c) => {
    assertComputed(c, await runComputedCase(c, "sqlite", exec));
  });
});
