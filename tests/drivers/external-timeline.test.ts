/**
 * A timeline view's range read (issue 37) on an external database: the `timeline` op of the data
 * port's external source answers, on the machine's PostgreSQL and MariaDB, the records the
 * project's own SQLite answers for the same table, rows and view (db/views/timeline/range.ts), by
 * an end field and by a duration (whose longest value bounds the start, read by one sorted query
 * that must skip empty durations: PostgreSQL sorts NULL first in descending order), and the
 * unscheduled records.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSourceConfig } from "../../db/external/config";
import type { SourceDriver } from "../../db/external/driver";
import { openDriver } from "../../db/external/open-driver";
import { ExternalSource } from "../../db/data/external-source";
import { NativeSource } from "../../db/data/native-source";
import * as ext from "../../db/external/rows";
import * as schemaOps from "../../db/external/schema-ops";
import { syncSchema } from "../../db/external/schema-sync";
import * as rowsApi from "../../db/rows/api";
import { createTable } from "../../db/schema/tables";
import { createView } from "../../db/views/create";
import { mysqlSample, pgSample, type SampleDb } from "../support/external-sample";
import { nodeProjectStore } from "../support/node-store";

const actor = { id: "u1", email: "builder@example.com", name: "Builder" };
const INFLECTION = { table: "camelize", column: "camelize" } as const;

const TASKS = {
  table_name: "tl_tasks",
  title: "Tasks",
  columns: [
    { column_name: "id", title: "Id", uidt: "ID" },
    { column_name: "title", title: "Title", uidt: "SingleLineText" },
    { column_name: "starts", title: "Starts", uidt: "Date" },
    { column_name: "ends", title: "Ends", uidt: "Date" },
    { column_name: "days", title: "Days", uidt: "Number" },
  ],
};

const ROWS = [
  { Title: "before", Starts: "2026-10-01", Ends: "2026-10-20", Days: 3 },
  { Title: "overlapsStart", Starts: "2026-10-25", Ends: "2026-11-02", Days: 10 },
  { Title: "inside", Starts: "2026-11-10", Ends: "2026-11-12", Days: 1 },
  { Title: "overlapsEnd", Starts: "2026-11-29", Ends: "2026-12-05", Days: 2 },
  { Title: "around", Starts: "2026-10-01", Ends: "2026-12-31", Days: 60 },
  { Title: "after", Starts: "2026-12-02", Ends: "2026-12-03", Days: 1 },
  { Title: "noEnd", Starts: "2026-11-15", Ends: null, Days: null },
  { Title: "unscheduled", Starts: null, Ends: null, Days: null },
];

const samples: Array<[string, () => Promise<SampleDb | null>]> = [
  ["PostgreSQL", pgSample],
  ["MariaDB", mysqlSample],
];

type Page = { list: Array<Record<string, unknown>>; pageInfo: { totalRows: number } };
const titles = (p: Page) => p.list.map((r) => String(r.Title)).sort();

for (const [engine, open] of samples) {
  const sample = await open();
  describe.skipIf(!sample)(`timeline range reads on ${engine}`, () => {
    const db = sample!;
    let driver: SourceDriver;
    const store = nodeProjectStore();
    const native = nodeProjectStore();
    const x = () => ({ store, driver });
    let extTasks = "";
    let natTasks = "";
    const colId = (title: string) => ext.tableOf(x(), extTasks).all.find((c) => c.title === title)!.id;
    const natColId = (title: string) =>
      native.exec("SELECT id FROM _nc_columns WHERE fk_model_id = ? AND title = ?", natTasks, title)[0]!.id as string;

    beforeAll(async () => {
      driver = await openDriver(parseSourceConfig(db.config, true));
      syncSchema(store, await driver.introspect(), driver.dialect, INFLECTION, true);
      extTasks = (
        (await schemaOps.createTable({ ...x(), inflection: INFLECTION }, "p1", TASKS as never)) as { id: string }
      ).id;
      natTasks = (createTable(native, "p1", TASKS as never) as { id: string }).id;
      await ext.insertMany({ ...x(), by: actor }, extTasks, ROWS);
      rowsApi.insertMany(native, natTasks, ROWS, actor);
    }, 60_000);

    afterAll(async () => {
      await driver?.close();
      await db.drop();
    });

    async function both(settings: (id: (t: string) => string) => Record<string, string>, q: Record<string, unknown>) {
      const extView = createView(
        store,
        "p1",
        extTasks,
        "timeline",
        { title: `T${Math.random()}`, ...settings(colId) },
        "u1",
      ) as {
        id: string;
      };
      const natView = createView(
        native,
        "p1",
        natTasks,
        "timeline",
        { title: `T${Math.random()}`, ...settings(natColId) },
        "u1",
      ) as { id: string };
      const params = { limit: 100, offset: 0 };
      const req = { op: "timeline" as const, from: "2026-11-01", to: "2026-11-30", params, ...q };
      const got = (await new ExternalSource({ store, driver }).read(
        { ...req, table: extTasks, view: extView.id },
        null,
      )) as Page;
      const want = new NativeSource(native, new Map()).read(
        { ...req, table: natTasks, view: natView.id },
        null,
      ) as Page;
      return { got, want };
    }

    it("reads the bars overlapping a range by an end field as the native store does", async () => {
      const { got, want } = await both(
        (id) => ({ fk_start_column_id: id("Starts"), fk_end_column_id: id("Ends") }),
        {},
      );
      expect(titles(got)).toEqual(["around", "inside", "noEnd", "overlapsEnd", "overlapsStart"].sort());
      expect(titles(got)).toEqual(titles(want));
    });

    it("bounds the start by the longest duration, skipping empty ones", async () => {
      const { got, want } = await both(
        (id) => ({ fk_start_column_id: id("Starts"), fk_duration_column_id: id("Days") }),
        {},
      );
      for (const t of ["around", "inside", "noEnd", "overlapsEnd", "overlapsStart"]) expect(titles(got)).toContain(t);
      expect(titles(got)).not.toContain("after");
      expect(titles(got)).toEqual(titles(want));
    });

    it("pages the unscheduled records", async () => {
      const { got, want } = await both((id) => ({ fk_start_column_id: id("Starts") }), { unscheduled: true });
      expect(titles(got)).toEqual(["unscheduled"]);
      expect(got.pageInfo.totalRows).toBe(want.pageInfo.totalRows);
    });
  });
}
