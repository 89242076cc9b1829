import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { Stored } from "../../db/fields/types";
import { stillNamed } from "../../db/rows/files";
import { api, roomStub, seedProject, seedUser, type TestUser } from "./support";

/**
 * The trash of fields, tables and views (issue 35): a delete through the routes, then a restore,
 * checked against the state before (values, links both ways, view settings, lookups, hooks,
 * shares); title collisions, the 409 of a field whose table is in the trash, and purge.
 */
const M = "/api/v1/db/meta";
const P = "/api/v1/db/public/shared-view";

const call = (u: TestUser, method: string, path: string, body?: unknown) => api(method, path, { token: u.token, body });

async function ok(u: TestUser, method: string, path: string, body?: unknown) {
  const res = await call(u, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

async function setup() {
  const owner = await seedUser("org-level-creator");
  const editor = await seedUser("org-level-viewer");
  const viewer = await seedUser("org-level-viewer");
  const projectId = await seedProject([
    [owner, "owner"],
    [editor, "editor"],
    [viewer, "viewer"],
  ]);
  const table = (table_name: string, columns: unknown[]) =>
    ok(owner, "POST", `${M}/projects/${projectId}/tables`, { table_name, columns });
  const data = (t: string) => `/api/v1/db/data/noco/${projectId}/${t}`;
  const sql = (q: string, ...params: Stored[]) =>
    runInDurableObject(roomStub(projectId), (r) => r.store.exec(q, ...params));
  const trash = async () => (await ok(owner, "GET", `${M}/projects/${projectId}/trash?limit=100`)).list;
  const restore = (id: string) => call(owner, "POST", `${M}/projects/${projectId}/trash/${id}/restore`);
  const purge = (id: string) => ok(owner, "DELETE", `${M}/projects/${projectId}/trash/${id}`);
  const rows = async (t: string, q = "") => (await ok(owner, "GET", `${data(t)}?limit=100${q}`)).list;
  return { owner, editor, viewer, projectId, table, data, sql, trash, restore, purge, rows };
}

type Col = { id: string; title: string; column_name?: string };
const col = (t: { columns: Col[] }, title: string) => t.columns.find((c) => c.title === title)!;
const meta = (u: TestUser, tableId: string) => ok(u, "GET", `${M}/tables/${tableId}`);
const leftovers = (s: Awaited<ReturnType<typeof setup>>) =>
  s.sql("SELECT name FROM sqlite_master WHERE name LIKE '\\_nc\\_trash\\_%' ESCAPE '\\' AND type = 'table'");
const trashColumns = (s: Awaited<ReturnType<typeof setup>>, table: string) =>
  s.sql("SELECT name FROM pragma_table_info(?) WHERE name LIKE '\\_nc\\_trash\\_%' ESCAPE '\\'", table);

describe("trash of fields, tables and views", () => {
  it("a field comes back with its values, view settings, filter and sort; a taken title gets a free one; purge drops it", async () => {
    const s = await setup();
    const { owner } = s;
    let items = await s.table("Items", [{ title: "Name" }, { title: "Price", uidt: "Decimal" }]);
    for (const [Name, Price] of [
      ["a", 1.25],
      ["b", 30],
      ["c", null],
    ] as const)
      await ok(owner, "POST", s.data("Items"), { Name, Price });
    const price = col(items, "Price").id;
    const view = await ok(owner, "POST", `${M}/tables/${items.id}/grids`, { title: "Cheap" });
    const vcs = (await ok(owner, "GET", `${M}/grids/${view.id}/grid-columns`)) as Array<{
      id: string;
      fk_column_id: string;
    }>;
    await ok(owner, "PATCH", `${M}/grid-columns/${vcs.find((c) => c.fk_column_id === price)!.id}`, {
      width: "222px",
      show: false,
    });
    await ok(owner, "POST", `${M}/views/${view.id}/filters`, { fk_column_id: price, comparison_op: "gt", value: "1" });
    await ok(owner, "POST", `${M}/views/${view.id}/sorts`, { fk_column_id: price, direction: "desc" });
    const raw = "SELECT id, typeof(price) AS t, price FROM items ORDER BY id";
    const before = await s.sql(raw);

    const answer = await ok(owner, "DELETE", `${M}/columns/${price}`);
    expect(answer.columns.map((c: Col) => c.title)).not.toContain("Price");
    expect((await s.rows("Items"))[0]).not.toHaveProperty("Price");
    // A new row still inserts with the kept column aside (no NOT NULL, no unique).
    await ok(owner, "POST", s.data("Items"), { Name: "d" });
    const [entry] = await s.trash();
    expect(entry).toMatchObject({ type: "field", title: "Price", table_id: items.id, deleted_by: owner.email });

    // A new field took the title meanwhile.
    await ok(owner, "POST", `${M}/tables/${items.id}/columns`, { title: "Price", uidt: "Number" });
    const res = await s.restore(entry.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ type: "field", title: "Price (restored)", table_id: items.id });
    expect(res.body.dropped).toEqual([`Field name "Price" was taken; it came back as "Price (restored)"`]);
    items = await meta(owner, items.id);
    expect(col(items, "Price (restored)").id).toBe(price);
    const physical = col(items, "Price (restored)").column_name!;
    expect(physical).not.toBe("price");
    const after = await s.sql(
      `SELECT id, typeof(${physical}) AS t, ${physical} AS price FROM items WHERE id <= 3 ORDER BY id`,
    );
    expect(after).toEqual(before);
    expect((await s.rows("Items")).map((r: Record<string, unknown>) => r["Price (restored)"])).toEqual([
      1.25,
      30,
      null,
      null,
    ]);
    const vcAfter = (await ok(owner, "GET", `${M}/grids/${view.id}/grid-columns`)) as Array<Record<string, unknown>>;
    expect(vcAfter.find((c) => c.fk_column_id === price)).toMatchObject({ width: "222px", show: false });
    expect((await ok(owner, "GET", `${M}/views/${view.id}/filters`)).list).toMatchObject([
      { fk_column_id: price, comparison_op: "gt", value: "1" },
    ]);
    expect((await ok(owner, "GET", `${M}/views/${view.id}/sorts`)).list).toMatchObject([
      { fk_column_id: price, direction: "desc" },
    ]);
    expect(
      (await s.rows("Items", "&sort=-Price (restored)&where=(Price (restored),gt,1)")).map(
        (r: { Name: string }) => r.Name,
      ),
    ).toEqual(["b", "a"]);
    expect(await s.trash()).toEqual([]);

    // Deleted again and purged: the kept column is gone from the table.
    await ok(owner, "DELETE", `${M}/columns/${price}`);
    expect(await trashColumns(s, "items")).toHaveLength(1);
    await s.purge((await s.trash())[0].id);
    expect(await trashColumns(s, "items")).toEqual([]);
    expect(await s.trash()).toEqual([]);
  });

  it("link fields come back linked both ways (has-many and many-to-many)", async () => {
    const s = await setup();
    const { owner } = s;
    const customers = await s.table("Customers", [{ title: "Name" }]);
    const orders = await s.table("Orders", [{ title: "Item" }]);
    for (const Name of ["Ada", "Bob"]) await ok(owner, "POST", s.data("Customers"), { Name });
    for (const Item of ["Pen", "Ink", "Pad"]) await ok(owner, "POST", s.data("Orders"), { Item });
    await ok(owner, "POST", `${M}/tables/${customers.id}/columns`, {
      uidt: "LinkToAnotherRecord",
      title: "Orders",
      childId: orders.id,
      type: "hm",
    });
    await ok(owner, "POST", `${M}/tables/${customers.id}/columns`, {
      uidt: "LinkToAnotherRecord",
      title: "Tags",
      childId: orders.id,
      type: "mm",
    });
    await ok(owner, "POST", `${s.data("Customers")}/1/hm/Orders/1`);
    await ok(owner, "POST", `${s.data("Customers")}/1/hm/Orders/3`);
    await ok(owner, "POST", `${s.data("Customers")}/2/mm/Tags/2`);
    await ok(owner, "POST", `${s.data("Customers")}/2/mm/Tags/3`);
    const state = async () => ({
      customers: await s.rows("Customers"),
      orders: await s.rows("Orders"),
      hm: await ok(owner, "GET", `${s.data("Customers")}/1/hm/Orders`),
      mm: await ok(owner, "GET", `${s.data("Orders")}/3/mm/Customers List`),
    });
    const before = await state();
    expect(before.hm.list.map((o: { Item: string }) => o.Item)).toEqual(["Pen", "Pad"]);

    const c = await meta(owner, customers.id);
    await ok(owner, "DELETE", `${M}/columns/${col(c, "Orders").id}`);
    await ok(owner, "DELETE", `${M}/columns/${col(c, "Tags").id}`);
    const o = await meta(owner, orders.id);
    expect(o.columns.map((x: Col) => x.title)).toEqual(["Id", "Item", "CreatedAt", "UpdatedAt"]);
    for (const e of await s.trash()) expect((await s.restore(e.id)).body.dropped).toEqual([]);
    expect(await state()).toEqual(before);
    expect(await leftovers(s)).toEqual([]);
    expect(await trashColumns(s, "orders")).toEqual([]);

    // Deleted again, and then their other table: the links cannot come back, and say so.
    await ok(owner, "DELETE", `${M}/columns/${col(c, "Orders").id}`);
    await ok(owner, "DELETE", `${M}/columns/${col(c, "Tags").id}`);
    await ok(owner, "DELETE", `${M}/tables/${orders.id}`);
    const links = (await s.trash()).filter((e: { type: string }) => e.type === "field");
    const reports = await Promise.all(links.map(async (e: { id: string }) => (await s.restore(e.id)).body));
    expect(reports.map((r) => r.dropped).sort()).toEqual([
      [`Link field "Orders" was not restored: the table it links to is gone`],
      [`Link field "Tags" was not restored: the table it links to is gone`],
    ]);
    expect((await meta(owner, customers.id)).columns.map((x: Col) => x.title)).toEqual([
      "Id",
      "Name",
      "CreatedAt",
      "UpdatedAt",
    ]);
    // Only the table's own entry keeps data aside; the junction table went with its link.
    expect(await leftovers(s)).toHaveLength(1);
    expect((await ok(owner, "GET", `${M}/projects/${s.projectId}/tables?includeM2M=true`)).list).toHaveLength(1);
  });

  it("a table comes back with its rows, views, filters, sorts, hooks and a lookup elsewhere; its field waits for it (409); purge drops it", async () => {
    const s = await setup();
    const { owner } = s;
    const customers = await s.table("Customers", [{ title: "Name" }]);
    let orders = await s.table("Orders", [{ title: "Item" }, { title: "Amount", uidt: "Number" }]);
    await ok(owner, "POST", s.data("Customers"), { Name: "Ada" });
    for (const [Item, Amount] of [
      ["Pen", 2],
      ["Ink", 40],
    ] as const)
      await ok(owner, "POST", s.data("Orders"), { Item, Amount });
    const c1 = await ok(owner, "POST", `${M}/tables/${customers.id}/columns`, {
      uidt: "LinkToAnotherRecord",
      title: "Orders",
      childId: orders.id,
      type: "hm",
    });
    await ok(owner, "POST", `${s.data("Customers")}/1/hm/Orders/2`);
    orders = await meta(owner, orders.id);
    await ok(owner, "POST", `${M}/tables/${customers.id}/columns`, {
      uidt: "Lookup",
      title: "Items",
      fk_relation_column_id: col(c1, "Orders").id,
      fk_lookup_column_id: col(orders, "Item").id,
    });
    const big = await ok(owner, "POST", `${M}/tables/${orders.id}/grids`, { title: "Big" });
    await ok(owner, "POST", `${M}/views/${big.id}/filters`, {
      fk_column_id: col(orders, "Amount").id,
      comparison_op: "gt",
      value: "10",
    });
    await ok(owner, "POST", `${M}/views/${big.id}/sorts`, { fk_column_id: col(orders, "Item").id });
    const hook = await ok(owner, "POST", `${M}/tables/${orders.id}/hooks`, {
      title: "On insert",
      event: "after",
      operation: "insert",
      notification: { type: "URL", payload: { method: "POST", path: "http://127.0.0.1:9/x" } },
    });
    const before = {
      customers: await s.rows("Customers"),
      orders: await s.rows("Orders"),
      big: (await ok(owner, "GET", `${s.data("Orders")}/views/Big`)).list,
      views: (await ok(owner, "GET", `${M}/tables/${orders.id}/views`)).list,
      filters: (await ok(owner, "GET", `${M}/views/${big.id}/filters`)).list,
      sorts: (await ok(owner, "GET", `${M}/views/${big.id}/sorts`)).list,
      hooks: (await ok(owner, "GET", `${M}/tables/${orders.id}/hooks`)).list,
      meta: { ...(await meta(owner, orders.id)), updated_at: null },
    };
    expect(before.customers[0].Items).toEqual(["Ink"]);
    expect(before.big.map((r: { Item: string }) => r.Item)).toEqual(["Ink"]);

    // Its field first, then the table: the field waits for the table.
    const amount = col(orders, "Amount");
    const dropFilter = await call(owner, "DELETE", `${M}/columns/${amount.id}`);
    expect(dropFilter.status).toBe(200);
    await ok(owner, "DELETE", `${M}/tables/${orders.id}`);
    expect((await meta(owner, customers.id)).columns.map((x: Col) => x.title)).toEqual([
      "Id",
      "Name",
      "CreatedAt",
      "UpdatedAt",
    ]);
    expect((await call(owner, "GET", `${M}/tables/${orders.id}`)).status).toBe(404);
    const [tableEntry, fieldEntry] = await s.trash();
    expect(tableEntry).toMatchObject({ type: "table", title: "Orders", table_id: orders.id });
    expect(fieldEntry).toMatchObject({ type: "field", title: "Amount" });
    const early = await s.restore(fieldEntry.id);
    expect(early).toMatchObject({ status: 409, body: { msg: "The table is in the trash: restore the table first" } });

    const back = await s.restore(tableEntry.id);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body).toMatchObject({ type: "table", title: "Orders", dropped: [] });
    expect((await s.restore(fieldEntry.id)).status).toBe(200);
    expect({
      customers: await s.rows("Customers"),
      orders: await s.rows("Orders"),
      big: (await ok(owner, "GET", `${s.data("Orders")}/views/Big`)).list,
      views: (await ok(owner, "GET", `${M}/tables/${orders.id}/views`)).list,
      filters: (await ok(owner, "GET", `${M}/views/${big.id}/filters`)).list,
      sorts: (await ok(owner, "GET", `${M}/views/${big.id}/sorts`)).list,
      hooks: (await ok(owner, "GET", `${M}/tables/${orders.id}/hooks`)).list,
      meta: { ...(await meta(owner, orders.id)), updated_at: null },
    }).toEqual(before);
    expect(before.hooks[0].id).toBe(hook.id);
    // The link's index is back: a new row links and the lookup reads it.
    await ok(owner, "POST", `${s.data("Customers")}/1/hm/Orders/1`);
    expect((await s.rows("Customers"))[0].Items).toEqual(["Pen", "Ink"]);

    // A record, its field, then it, deleted again; the table purged takes the field's and the
    // record's entries along, and its history: nothing is left under a trash name.
    await ok(owner, "DELETE", `${s.data("Orders")}/2`);
    await ok(owner, "DELETE", `${M}/columns/${amount.id}`);
    await ok(owner, "DELETE", `${M}/tables/${orders.id}`);
    expect(await leftovers(s)).toHaveLength(1);
    const again = await s.trash();
    expect(again.map((e: { type: string }) => e.type)).toEqual(["table", "field", "record"]);
    expect((await s.sql("SELECT count(*) AS n FROM _nc_audit WHERE fk_model_id = ?", orders.id))[0]!.n).toBeGreaterThan(
      0,
    );
    await s.purge(again[0].id);
    expect(await s.trash()).toEqual([]);
    expect(await s.sql("SELECT count(*) AS n FROM _nc_audit WHERE fk_model_id = ?", orders.id)).toEqual([{ n: 0 }]);
    expect(await leftovers(s)).toEqual([]);
    expect(await trashColumns(s, "customers")).toEqual([]);
    expect(await s.sql("SELECT name FROM sqlite_master WHERE name = 'orders'")).toEqual([]);
  });

  it("uploads named by a kept field or table stay named until its purge", async () => {
    const s = await setup();
    const t = await s.table("Docs", [{ title: "Name" }, { title: "Files", uidt: "Attachment" }]);
    const path = `download/noco/${s.projectId}/${t.id}/${col(t, "Files").id}/a.png`;
    await ok(s.owner, "POST", s.data("Docs"), { Name: "a" });
    await s.sql("UPDATE docs SET files = ? WHERE id = 1", JSON.stringify([{ path, title: "a.png" }]));
    const named = () => runInDurableObject(roomStub(s.projectId), (r) => [...stillNamed(r.store, [path])]);
    await ok(s.owner, "DELETE", `${M}/columns/${col(t, "Files").id}`);
    expect(await named()).toEqual([path]);
    await ok(s.owner, "DELETE", `${M}/tables/${t.id}`);
    expect(await named()).toEqual([path]);
    const [table] = await s.trash();
    await s.purge(table.id);
    expect(await s.trash()).toEqual([]);
    expect(await named()).toEqual([]);
  });

  it("a view comes back with its columns, filters, sorts and public link; a table whose name was taken comes back renamed", async () => {
    const s = await setup();
    const { owner } = s;
    const t = await s.table("Tasks", [{ title: "Name" }, { title: "Points", uidt: "Number" }]);
    for (const [Name, Points] of [
      ["a", 1],
      ["b", 5],
    ] as const)
      await ok(owner, "POST", s.data("Tasks"), { Name, Points });
    const points = col(t, "Points").id;
    const v = await ok(owner, "POST", `${M}/tables/${t.id}/grids`, { title: "Top" });
    await ok(owner, "POST", `${M}/views/${v.id}/filters`, { fk_column_id: points, comparison_op: "gt", value: "2" });
    await ok(owner, "POST", `${M}/views/${v.id}/sorts`, { fk_column_id: points, direction: "desc" });
    const vcs = (await ok(owner, "GET", `${M}/grids/${v.id}/grid-columns`)) as Array<{
      id: string;
      fk_column_id: string;
    }>;
    await ok(owner, "PATCH", `${M}/grid-columns/${vcs.find((c) => c.fk_column_id === points)!.id}`, { width: "99px" });
    const uuid = (await ok(owner, "POST", `${M}/views/${v.id}/share`)).uuid as string;
    const before = {
      cols: await ok(owner, "GET", `${M}/grids/${v.id}/grid-columns`),
      filters: (await ok(owner, "GET", `${M}/views/${v.id}/filters`)).list,
      sorts: (await ok(owner, "GET", `${M}/views/${v.id}/sorts`)).list,
      shared: (await api("GET", `${P}/${uuid}/meta`)).body,
    };
    await ok(owner, "DELETE", `${M}/views/${v.id}`);
    expect((await api("GET", `${P}/${uuid}/meta`)).status).toBe(404);
    const [entry] = await s.trash();
    expect(entry).toMatchObject({ type: "view", title: "Top", table_id: t.id });
    // An editor sees and restores records only; a viewer not even the list.
    const T = `${M}/projects/${s.projectId}/trash`;
    expect((await call(s.editor, "GET", T)).body.list).toEqual([]);
    expect((await call(s.editor, "POST", `${T}/${entry.id}/restore`)).status).toBe(403);
    expect((await call(s.viewer, "GET", T)).status).toBe(403);
    expect((await s.restore(entry.id)).body).toMatchObject({ type: "view", title: "Top", dropped: [] });
    expect({
      cols: await ok(owner, "GET", `${M}/grids/${v.id}/grid-columns`),
      filters: (await ok(owner, "GET", `${M}/views/${v.id}/filters`)).list,
      sorts: (await ok(owner, "GET", `${M}/views/${v.id}/sorts`)).list,
      shared: (await api("GET", `${P}/${uuid}/meta`)).body,
    }).toEqual(before);

    // The table goes, a new "Tasks" takes its title and name; the old one comes back beside it.
    await ok(owner, "DELETE", `${M}/tables/${t.id}`);
    await s.table("Tasks", [{ title: "Other" }]);
    const res = await s.restore((await s.trash())[0].id);
    expect(res.body).toMatchObject({
      title: "Tasks (restored)",
      dropped: [`Table name "Tasks" was taken; it came back as "Tasks (restored)"`],
    });
    expect(
      (await ok(owner, "GET", `/api/v1/db/data/noco/${s.projectId}/${t.id}`)).list.map((r: { Name: string }) => r.Name),
    ).toEqual(["a", "b"]);
    expect(await s.rows("Tasks")).toEqual([]);
  });
});
