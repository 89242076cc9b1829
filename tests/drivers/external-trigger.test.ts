/**
 * The record triggers of external tables (db/automations/external-trigger.ts) on each engine, in
 * Node: the project's meta in an in-memory store, a real connection to the machine's PostgreSQL,
 * MariaDB and a local sqld. What runs are queued for a write, read from the database: conditions,
 * chosen fields, deleted records kept, a bulk write as one entry (tests/drivers/
 * external-automations.test.ts runs them through the Worker end to end).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SourceDriver } from "../../db/external/driver";
import { ExternalSource } from "../../db/data/external-source";
import type { RowChange } from "../../db/data/requests";
import { createAutomation } from "../../db/automations/automations";
import { externalAfter, externalAutomationsFor, externalBefore } from "../../db/automations/external-trigger";
import { expandBatches } from "../../db/automations/batches";
import { fullTableRef } from "../../db/rows/table-ref";
import type { ProjectStore } from "../../db/store/store";
import { everyEngine } from "../support/external-sample";
import { sampleProject } from "../support/sample-meta";

const SQLD_PORT = Number(process.env.TRIGGER_SQLD_PORT ?? 8819);
const ACTOR = { id: "u1", email: "writer@example.com" };
const BUILDER = { id: "u1", email: "writer@example.com", role: "owner" as const };

const samples = everyEngine(SQLD_PORT);

for (const [engine, open] of samples) {
  const sample = await open();
  describe.skipIf(!sample)(`record triggers on ${engine} tables`, () => {
    let driver: SourceDriver;
    let store: ProjectStore;
    const col = (table: string, title: string) => fullTableRef(store, table).cols.find((c) => c.title === title)!.id;
    const model = (table: string) => fullTableRef(store, table).model.id;

    /** A write through the data port with its automations around it, as the room does it. */
    async function write(change: RowChange) {
      const ctx = { store, driver, reader: null };
      const plan = externalAutomationsFor(ctx, change);
      const before = plan ? await externalBefore(ctx, change, plan) : null;
      const data = await new ExternalSource({ store, driver }).write(change, ACTOR, null);
      return plan ? externalAfter(ctx, change, data, plan, before, ACTOR, 3) : 0;
    }
    const runsOf = (automationId: string) =>
      store.exec(
        "SELECT row_id, trigger, status FROM _nc_automation_runs WHERE fk_automation_id = ? ORDER BY id",
        automationId,
      );
    const automation = (trigger: Record<string, unknown>) => {
      // The room empties its schema cache after a save (the write path's memo of automations).
      store.schemaCache.clear();
      return createAutomation(
        store,
        "p1",
        { title: "t", trigger, steps: [{ type: "condition", if: "{{record.Name}}" }] } as never,
        BUILDER,
        [{ type: "condition", if: "{{record.Name}}" }] as never,
      ).id;
    };

    beforeAll(async () => {
      ({ store, driver } = await sampleProject(sample!));
    });
    afterAll(async () => {
      await driver?.close?.();
      await sample!.drop();
    });

    it("record.created with a condition read from the database; the record kept with the run", async () => {
      const a = automation({
        type: "record.created",
        table_id: model("Customers"),
        condition: [{ fk_column_id: col("Customers", "Balance"), comparison_op: "gt", value: "100" }],
      });
      expect(await write({ op: "insert", table: "Customers", body: { Name: "Small", Balance: 5 } })).toBe(0);
      expect(await write({ op: "insert", table: "Customers", body: { Name: "Rich", Balance: 500 } })).toBe(1);
      const [run] = runsOf(a);
      expect(JSON.parse(String(run!.trigger)).record).toMatchObject({ Name: "Rich" });
    });

    it("a bulk insert over 100 rows is one entry, expanded into a run per matching row", async () => {
      const a = automation({
        type: "record.created",
        table_id: model("Tags"),
        condition: [{ fk_column_id: col("Tags", "Label"), comparison_op: "like", value: "keep" }],
      });
      const bodies = Array.from({ length: 130 }, (_, i) => ({ Label: i < 110 ? `keep-${i}` : `drop-${i}` }));
      expect(await write({ op: "insertMany", table: "Tags", bodies })).toBe(110);
      expect(runsOf(a)).toHaveLength(0);
      expect(store.exec("SELECT count(*) AS n FROM _nc_automation_batches")[0]!.n).toBe(1);
      expandBatches(store, 1000);
      const runs = runsOf(a);
      expect(runs).toHaveLength(110);
      expect(new Set(runs.map((r) => r.row_id)).size).toBe(110);
      const labels = await sample!.query("SELECT id FROM tags WHERE label LIKE 'keep-%'");
      expect(new Set(runs.map((r) => String(r.row_id)))).toEqual(new Set(labels.map((r) => String(r.id))));
    });

    it("record.updated only when a chosen field changed; updates by filter name their rows", async () => {
      const a = automation({
        type: "record.updated",
        table_id: model("Customers"),
        fields: [col("Customers", "Email")],
      });
      expect(await write({ op: "update", table: "Customers", rowId: "2", body: { Name: "Bobby" } })).toBe(0);
      expect(await write({ op: "update", table: "Customers", rowId: "2", body: { Email: "b@new.example.com" } })).toBe(
        1,
      );
      expect(
        await write({
          op: "updateWhere",
          table: "Customers",
          where: "(Name,eq,Cy)",
          body: { Email: "cy@x.example.com" },
        }),
      ).toBe(1);
      expect(runsOf(a).map((r) => r.row_id)).toEqual(["2", "3"]);
    });

    it("record.deleted keeps the record as it was; record.matches fires once on entering", async () => {
      const gone = automation({ type: "record.deleted", table_id: model("Orders") });
      const entering = automation({
        type: "record.matches",
        table_id: model("Orders"),
        condition: [{ fk_column_id: col("Orders", "Total"), comparison_op: "gt", value: "50" }],
      });
      const made = (await new ExternalSource({ store, driver }).write(
        { op: "insert", table: "Orders", body: { Note: "short-lived", Total: 1 } },
        ACTOR,
        null,
      )) as { Id: number };
      expect(await write({ op: "update", table: "Orders", rowId: String(made.Id), body: { Total: 60 } })).toBe(1);
      expect(await write({ op: "update", table: "Orders", rowId: String(made.Id), body: { Total: 70 } })).toBe(0);
      expect(runsOf(entering)).toHaveLength(1);
      expect(await write({ op: "delete", table: "Orders", rowId: String(made.Id) })).toBe(1);
      const [run] = runsOf(gone);
      expect(JSON.parse(String(run!.trigger)).record).toMatchObject({ Note: "short-lived" });
    });
  });
}
