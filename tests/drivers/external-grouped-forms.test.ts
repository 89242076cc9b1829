/**
 * The grouped data list (kanban stacks) and form submits on an external database (issue 34), on
 * the machine's PostgreSQL, MariaDB and a local sqld, over a project's meta in an in-memory store
 * (tests/support/node-store.ts): the grouped pages and the plain form submit through the data port's
 * external source (db/data/external-source.ts), as the room runs them, the rest through db/external:
 * - grouped pages per option equal what the same table and rows give on the project's own
 *   SQLite (db/views/kanban/group.ts), with and without a kanban view, for some groups only and
 *   page by page; refusals carry the native message;
 * - a form submit writes the form's shown fields only and refuses a missing required field with
 *   the native message, writing nothing;
 * - a form's record takes its view's record template for the fields the form does not ask;
 * - a shared form's record and its links (junction rows, a foreign key) are written in one
 *   transaction: a record the picker does not offer, or a link that fails, leaves nothing written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VISITOR } from "../../db/access/reader";
import { parseSourceConfig } from "../../db/external/config";
import type { SourceDriver } from "../../db/external/driver";
import { openDriver } from "../../db/external/open-driver";
import { submitForm as extSubmitForm, submitFormWithLinks } from "../../db/external/form-submit";
import { groupedList as extGroupedList } from "../../db/external/grouped-list";
import { ExternalSource } from "../../db/data/external-source";
import * as ext from "../../db/external/rows";
import * as schemaOps from "../../db/external/schema-ops";
import { syncSchema } from "../../db/external/schema-sync";
import type { ListParams } from "../../db/query";
import * as rowsApi from "../../db/rows/api";
import { createTable } from "../../db/schema/tables";
import type { ProjectStore } from "../../db/store/store";
import { createView } from "../../db/views/create";
import { updateFormColumn } from "../../db/views/form/settings";
import { saveRecordTemplate } from "../../db/views/record-template";
import { submitForm } from "../../db/views/form/submit";
import { groupedList } from "../../db/views/kanban/group";
import type { RowScope } from "../../db/views/scope";
import { viewColumns } from "../../db/store/schema";
import { eq } from "drizzle-orm";
import { mysqlSample, pgSample, sqldSample, type SampleDb } from "../support/external-sample";
import { nodeProjectStore } from "../support/node-store";

const SQLD_PORT = Number(process.env.EXT_GROUPED_FORMS_SQLD_PORT ?? 8952);
const actor = { id: "u1", email: "builder@example.com", name: "Builder" };
const INFLECTION = { table: "camelize", column: "camelize" } as const;

/** The same table on both sides: created through each side's own schema engine. */
const TASKS = {
  table_name: "gf_tasks",
  title: "Tasks",
  columns: [
    { column_name: "id", title: "Id", uidt: "ID" },
    { column_name: "title", title: "Title", uidt: "SingleLineText" },
    {
      column_name: "status",
      title: "Status",
      uidt: "SingleSelect",
      colOptions: { options: [{ title: "todo" }, { title: "doing" }, { title: "done" }] },
    },
    { column_name: "note", title: "Note", uidt: "SingleLineText" },
    { column_name: "size", title: "Size", uidt: "Number" },
  ],
};

const ROWS = [
  { Title: "write", Status: "todo", Note: "a", Size: 3 },
  { Title: "read", Status: "doing", Note: "b", Size: 1 },
  { Title: "plan", Status: "todo", Note: null, Size: 5 },
  { Title: "ship", Status: "done", Note: "c", Size: 2 },
  { Title: "test", Status: null, Note: "d", Size: 8 },
  { Title: "fix", Status: "todo", Note: "e", Size: 1 },
  { Title: "skip", Status: "doing", Note: "f", Size: 4 },
  { Title: "idle", Status: null, Note: null, Size: 0 },
];

const samples: Array<[string, () => Promise<SampleDb | null>]> = [
  ["PostgreSQL", pgSample],
  ["MariaDB", mysqlSample],
  ["libSQL (sqld)", () => sqldSample(SQLD_PORT)],
];

/** A thrown error's message (the call must throw). */
async function refusal(fn: () => unknown): Promise<string> {
  try {
    await fn();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("expected a refusal");
}

/** The view-column row of `columnId` in view `viewId`. */
const viewColumnOf = (store: ProjectStore, viewId: string, columnId: string) =>
  store.meta
    .select()
    .from(viewColumns)
    .where(eq(viewColumns.viewId, viewId))
    .all()
    .find((vc) => vc.columnId === columnId)!;

for (const [engine, open] of samples) {
  const sample = await open();
  describe.skipIf(!sample)(`grouped lists and form submits on ${engine}`, () => {
    const db = sample!;
    let driver: SourceDriver;
    const store = nodeProjectStore();
    const native = nodeProjectStore();
    const x = () => ({ store, driver });
    const port = () => new ExternalSource({ store, driver });
    let extTasks = "";
    let natTasks = "";
    /** A column's id by title in the external project's meta. */
    const colId = (tableKey: string, title: string) =>
      ext.tableOf(x(), tableKey).all.find((c) => c.title === title)!.id;
    const natColId = (title: string) =>
      native.exec("SELECT id FROM _nc_columns WHERE fk_model_id = ? AND title = ?", natTasks, title)[0]!.id as string;
    const count = async (sql: string) => Number((await db.query(sql))[0]!.n);

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

    const both = async (params: ListParams, scope: { ext: RowScope; nat: RowScope }, options?: string) => ({
      // Through the data port (db/data/external-source.ts), as the room reads it.
      got: (await port().read(
        {
          op: "grouped",
          table: extTasks,
          columnId: colId(extTasks, "Status"),
          params,
          scope: scope.ext,
          optionsArrJson: options,
        },
        null,
      )) as Awaited<ReturnType<typeof extGroupedList>>,
      want: groupedList(native, natTasks, natColId("Status"), params, scope.nat, options),
    });

    it("answers the grouped pages the project's own SQLite answers for the same rows", async () => {
      const params: ListParams = { limit: 2, offset: 0, sort: ["Title"], fields: ["Title", "Status", "Size"] };
      const { got, want } = await both(params, { ext: {}, nat: {} });
      expect(got.map((g) => g.key)).toEqual(["todo", "doing", "done", null]);
      expect(got).toEqual(want);
      // A page past the first, a filter, and some groups only (how one stack loads more).
      const next = await both({ ...params, offset: 2, where: "(Size,gt,0)" }, { ext: {}, nat: {} }, '["todo", null]');
      expect(next.got.map((g) => [g.key, g.value.pageInfo.totalRows])).toEqual([
        ["todo", 3],
        [null, 1],
      ]);
      expect(next.got).toEqual(next.want);
      expect(next.got[0]!.value.list).toEqual([{ Title: "write", Status: "todo", Size: 3 }]);
    });

    it("reads through a kanban view as the native list does", async () => {
      const board = { title: "Board", fk_grp_col_id: colId(extTasks, "Status") };
      const extView = createView(store, "p1", extTasks, "kanban", board, "u1") as { id: string };
      const natView = createView(
        native,
        "p1",
        natTasks,
        "kanban",
        { ...board, fk_grp_col_id: natColId("Status") },
        "u1",
      ) as {
        id: string;
      };
      const params: ListParams = { limit: 25, offset: 0 };
      const { got, want } = await both(params, { ext: { view: extView.id }, nat: { view: natView.id } });
      expect(got).toEqual(want);
      expect(got.map((g) => g.value.list.length)).toEqual([3, 2, 1, 2]);
    });

    it("refuses what cannot group with the native message", async () => {
      const params: ListParams = { limit: 25, offset: 0 };
      const notSelect = await refusal(() => extGroupedList(x(), extTasks, colId(extTasks, "Title"), params, {}));
      expect(notSelect).toBe(await refusal(() => groupedList(native, natTasks, natColId("Title"), params, {})));
      expect(notSelect).toBe("columnId: 'Title' is not a single select field");
      const badJson = await refusal(() => extGroupedList(x(), extTasks, colId(extTasks, "Status"), params, {}, "[1]"));
      expect(badJson).toBe(await refusal(() => groupedList(native, natTasks, natColId("Status"), params, {}, "[1]")));
    });

    it("keeps a form's shown fields only, and refuses a missing required field as native does, writing nothing", async () => {
      const extForm = createView(store, "p1", extTasks, "form", { title: "Intake" }, "u1") as { id: string };
      const natForm = createView(native, "p1", natTasks, "form", { title: "Intake" }, "u1") as { id: string };
      for (const [s, view, id] of [
        [store, extForm.id, (t: string) => colId(extTasks, t)],
        [native, natForm.id, natColId],
      ] as const) {
        updateFormColumn(s, viewColumnOf(s, view, id("Title")).id, { required: true, label: "What to do" });
        updateFormColumn(s, viewColumnOf(s, view, id("Note")).id, { show: false });
      }
      const before = await count("SELECT COUNT(*) AS n FROM gf_tasks");
      const res = (await port().write(
        { op: "formSubmit", table: extTasks, view: extForm.id, body: { Title: "form", Status: "doing", Note: "no" } },
        actor,
        null,
      )) as Awaited<ReturnType<typeof extSubmitForm>>;
      expect(res.row).toMatchObject({ Title: "form", Status: "doing", Note: null });
      expect(res).toMatchObject({ notify: null, hiddenColumns: [] });
      const [written] = await db.query(`SELECT title, status, note FROM gf_tasks WHERE title = 'form'`);
      expect(written).toEqual({ title: "form", status: "doing", note: null });

      const body = { Status: "todo", Note: "x" };
      const msg = await refusal(() => extSubmitForm(x(), extTasks, extForm.id, body, actor));
      expect(msg).toBe(await refusal(() => submitForm(native, natTasks, natForm.id, body, actor)));
      expect(msg).toBe("What to do is required");
      expect(await count("SELECT COUNT(*) AS n FROM gf_tasks")).toBe(before + 1);
    });

    it("sets the fields a form does not ask from its view's record template, over what the visitor sends", async () => {
      const form = createView(store, "p1", extTasks, "form", { title: "With defaults" }, "u1") as { id: string };
      const id = (t: string) => colId(extTasks, t);
      for (const t of ["Note", "Size"])
        updateFormColumn(store, viewColumnOf(store, form.id, id(t)).id, { show: false });
      saveRecordTemplate(store, form.id, {
        values: { [id("Note")]: "from the template", [id("Size")]: 3, [id("Status")]: "todo" },
      });
      const res = (await port().write(
        { op: "formSubmit", table: extTasks, view: form.id, body: { Title: "tmpl", Status: "doing", Note: "visitor" } },
        actor,
        null,
      )) as Awaited<ReturnType<typeof extSubmitForm>>;
      expect(res.row).toMatchObject({ Title: "tmpl", Status: "doing", Note: "from the template" });
      const [written] = await db.query(`SELECT status, note, size FROM gf_tasks WHERE title = 'tmpl'`);
      expect(written).toMatchObject({ status: "doing", note: "from the template" });
      expect(Number((written as { size: unknown }).size)).toBe(3);
    });

    describe("a shared form's record and its links", () => {
      let customersForm = "";
      let ordersForm = "";
      const tagsList = () => colId("Customers", "TagsList");
      const buyer = () => colId("Orders", "Customers");
      const tableId = (title: string) => ext.tableOf(x(), title).ref.model.id;
      const tagRows = () => count("SELECT COUNT(*) AS n FROM customer_tags");

      beforeAll(() => {
        customersForm = (
          createView(store, "p1", tableId("Customers"), "form", { title: "Join" }, "u1") as { id: string }
        ).id;
        ordersForm = (createView(store, "p1", tableId("Orders"), "form", { title: "Order" }, "u1") as { id: string })
          .id;
        // Link questions start hidden in a new form (computed fields): the builder shows them.
        updateFormColumn(store, viewColumnOf(store, customersForm, tagsList()).id, { show: true });
        updateFormColumn(store, viewColumnOf(store, ordersForm, buyer()).id, { show: true });
      });

      it("writes the record and its junction rows together", async () => {
        const links = [
          { columnId: tagsList(), refId: "1" },
          { columnId: tagsList(), refId: "2" },
        ];
        const res = await submitFormWithLinks(x(), "Customers", customersForm, { Name: "Dee" }, links, actor, VISITOR);
        expect(res.row).toMatchObject({ Name: "Dee" });
        expect(res.relatedTableIds).toEqual([tableId("Tags")]);
        const id = (res.row as { Id: number }).Id;
        const tags = await db.query(
          `SELECT tag_id FROM customer_tags WHERE customer_id = ${Number(id)} ORDER BY tag_id`,
        );
        expect(tags.map((t) => Number(t.tag_id))).toEqual([1, 2]);
      });

      it("sets a belongs-to link on the new record", async () => {
        const links = [{ columnId: buyer(), refId: "2" }];
        const res = await submitFormWithLinks(x(), "Orders", ordersForm, { Note: "via form" }, links, actor, VISITOR);
        const [order] = await db.query(`SELECT customer_id FROM orders WHERE note = 'via form'`);
        expect(Number(order!.customer_id)).toBe(2);
        expect(res.relatedTableIds).toEqual([tableId("Customers")]);
      });

      it("writes nothing when a link names a record the form does not offer, or a link fails", async () => {
        const customers = await count("SELECT COUNT(*) AS n FROM customers");
        const orders = await count("SELECT COUNT(*) AS n FROM orders");
        const junction = await tagRows();
        const missingTag = [
          { columnId: tagsList(), refId: "1" },
          { columnId: tagsList(), refId: "999" },
        ];
        expect(
          await refusal(() =>
            submitFormWithLinks(x(), "Customers", customersForm, { Name: "Eve" }, missingTag, actor, VISITOR),
          ),
        ).toBe('TagsList: record "999" is not one this form offers');
        // Not a key at all (a number column): refused alike, never a database error.
        expect(
          await refusal(() =>
            submitFormWithLinks(
              x(),
              "Orders",
              ordersForm,
              { Note: "bad buyer" },
              [{ columnId: buyer(), refId: "abc" }],
              actor,
              VISITOR,
            ),
          ),
        ).toBe('Customers: record "abc" is not one this form offers');
        // The same tag twice: the second link fails after the record and the first link were written.
        const twice = [
          { columnId: tagsList(), refId: "2" },
          { columnId: tagsList(), refId: "2" },
        ];
        expect(
          await refusal(() =>
            submitFormWithLinks(x(), "Customers", customersForm, { Name: "Fay" }, twice, actor, VISITOR),
          ),
        ).toBe("This record is already linked");
        expect(await count("SELECT COUNT(*) AS n FROM customers")).toBe(customers);
        expect(await count("SELECT COUNT(*) AS n FROM orders")).toBe(orders);
        expect(await tagRows()).toBe(junction);
      });

      it("refuses a missing required field before anything is written", async () => {
        const customers = await count("SELECT COUNT(*) AS n FROM customers");
        const links = [{ columnId: tagsList(), refId: "1" }];
        expect(
          await refusal(() => submitFormWithLinks(x(), "Customers", customersForm, {}, links, actor, VISITOR)),
        ).toBe("Name is required");
        expect(await count("SELECT COUNT(*) AS n FROM customers")).toBe(customers);
      });
    });
  });
}
