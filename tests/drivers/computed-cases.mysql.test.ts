/** The shared computed-field cases on MySQL/MariaDB, in the scratch schema (DRIVER_SCRATCH). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

  it("keeps a link's first 25 records by key and a lookup's every value, in key order", async () => {
    // 30 orders of customer 3 (who has none in the cases), inserted in descending key order.
    const ids = Array.from({ length: 30 }, (_, i) => 1030 - i);
    for (const id of ids)
      await exec({
        sql: "INSERT INTO `gcc_orders` (`id`, `ref`, `amount`, `customer_id`) VALUES (?, ?, ?, ?)",
        params: [id, `X-${id}`, 1, 3],
      });
    try {
      const got = await runComputedCase({ name: "many", table: "gcc_customers", expect: [1, 2, 3] }, "mysql", exec);
      const orders = got.values[3]!.Orders as Array<{ Id: number; Ref: string }>;
      expect(orders.map((o) => o.Id)).toEqual(ids.slice().reverse().slice(0, 25));
      expect(orders[0]).toEqual({ Id: 1001, Ref: "X-1001" });
      expect(got.values[3]!["Order refs"]).toEqual(
        ids
          .slice()
          .reverse()
          .map((id) => `X-${id}`),
      );
      expect(got.values[3]![`Amount count`]).toBe(30);
    } finally {
      await exec({ sql: "DELETE FROM `gcc_orders` WHERE `customer_id` = ? AND `id` > 1000", params: [3] });
    }
  });
});
