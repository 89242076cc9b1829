import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser, type TestUser } from "./support";

const M = "/api/v1/db/meta";

async function setup() {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const make = async (table_name: string, columns: unknown[]) =>
    (await api("POST", `${M}/projects/${projectId}/tables`, { token: owner.token, body: { table_name, columns } }))
      .body;
  const customers = await make("Customers", [{ title: "Name" }]);
  const orders = await make("Orders", [{ title: "Item" }, { title: "Amount", uidt: "Decimal" }]);
  const data = (t: string) => `/api/v1/db/data/noco/${projectId}/${t}`;
  const bulk = (t: string) => `/api/v1/db/data/bulk/noco/${projectId}/${t}`;
  return { owner, projectId, customers, orders, data, bulk };
}

const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

async function addColumn(user: TestUser, tableId: string, body: unknown) {
  const res = await call(user, "POST", `${M}/tables/${tableId}/columns`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const colByTitle = (table: { columns: Array<{ title: string; id: string; rqd?: boolean }> }, title: string) =>
  table.columns.find((c) => c.title === title)!;

describe("has-many and belongs-to links", () => {
  it("creates both sides, links rows, embeds them in lists and cleans up", async () => {
    const { owner, customers, orders, data, bulk } = await setup();
    const after = await addColumn(owner, customers.id, {
      uidt: "LinkToAnotherRecord",
      title: "Orders",
      parentId: customers.id,
      childId: orders.id,
      type: "hm",
    });
    expect(colByTitle(after, "Orders")).toMatchObject({
      uidt: "LinkToAnotherRecord",
      colOptions: { type: "hm", fk_related_model_id: orders.id },
    });
    const ordersMeta = (await call(owner, "GET", `${M}/tables/${orders.id}`)).body;
    expect(colByTitle(ordersMeta, "Customers")).toMatchObject({
      colOptions: { type: "bt", fk_related_model_id: customers.id },
    });
    expect(ordersMeta.columns.find((c: { uidt: string }) => c.uidt === "ForeignKey")).toMatchObject({ system: true });

    await call(owner, "POST", bulk("Customers"), [{ Name: "Ada" }, { Name: "Bob" }]);
    await call(owner, "POST", bulk("Orders"), [
      { Item: "Pen", Amount: 2.5 },
      { Item: "Ink", Amount: 4 },
      { Item: "Pad", Amount: 1 },
    ]);
    expect((await call(owner, "POST", `${data("Customers")}/1/hm/Orders/1`)).body).toEqual({
      msg: "The relation data has been created successfully",
    });
    await call(owner, "POST", `${data("Customers")}/1/hm/Orders/2`);
    const dup = await call(owner, "POST", `${data("Customers")}/1/hm/Orders/2`);
    expect(dup).toMatchObject({ status: 400, body: { msg: "This record is already linked" } });

    const linked = await call(owner, "GET", `${data("Customers")}/1/hm/Orders`);
    expect(linked.body.list.map((r: { Item: string }) => r.Item)).toEqual(["Pen", "Ink"]);
    const excluded = await call(owner, "GET", `${data("Customers")}/1/hm/Orders/exclude`);
    expect(excluded.body.list.map((r: { Item: string }) => r.Item)).toEqual(["Pad"]);

    const list = await call(owner, "GET", `${data("Customers")}?sort=Name`);
    expect(list.body.list[0].Orders).toEqual([
      { Id: 1, Item: "Pen" },
      { Id: 2, Item: "Ink" },
    ]);
    expect(list.body.list[1].Orders).toEqual([]);
    expect((await call(owner, "GET", `${data("Orders")}/1`)).body.Customers).toEqual({ Id: 1, Name: "Ada" });
    expect((await call(owner, "GET", `${data("Orders")}/3`)).body.Customers).toBeNull();
    const byLink = await call(owner, "GET", `${data("Orders")}?where=(Customers,eq,Ada)`);
    expect(byLink.body.list.map((r: { Item: string }) => r.Item)).toEqual(["Pen", "Ink"]);
    expect(
      (await call(owner, "GET", `${data("Customers")}?where=(Orders,blank)`)).body.list.map(
        (r: { Name: string }) => r.Name,
      ),
    ).toEqual(["Bob"]);

    expect((await call(owner, "DELETE", `${data("Customers")}/1/hm/Orders/1`)).body).toEqual({
      msg: "The relation data has been deleted successfully",
    });
    expect((await call(owner, "DELETE", `${data("Customers")}/1/hm/Orders/1`)).status).toBe(404);
    await call(owner, "DELETE", `${data("Customers")}/1`);
    expect((await call(owner, "GET", `${data("Orders")}/2`)).body.Customers).toBeNull();
  });

  it("links from the child side (bt) and unlinks", async () => {
    const { owner, customers, orders, data, bulk } = await setup();
    await addColumn(owner, orders.id, {
      uidt: "LinkToAnotherRecord",
      title: "Buyer",
      parentId: orders.id,
      childId: customers.id,
      type: "bt",
    });
    expect(colByTitle((await call(owner, "GET", `${M}/tables/${customers.id}`)).body, "Orders List")).toBeTruthy();
    await call(owner, "POST", bulk("Customers"), [{ Name: "Ada" }]);
    await call(owner, "POST", bulk("Orders"), [{ Item: "Pen" }]);
    await call(owner, "POST", `${data("Orders")}/1/bt/Buyer/1`);
    expect((await call(owner, "GET", `${data("Orders")}/1`)).body.Buyer).toEqual({ Id: 1, Name: "Ada" });
    expect((await call(owner, "GET", `${data("Customers")}/1`)).body["Orders List"]).toEqual([{ Id: 1, Item: "Pen" }]);
    await call(owner, "DELETE", `${data("Orders")}/1/bt/Buyer/1`);
    expect((await call(owner, "GET", `${data("Orders")}/1`)).body.Buyer).toBeNull();
  });

  it("refuses bad link payloads", async () => {
    const { owner, customers } = await setup();
    const res = await call(owner, "POST", `${M}/tables/${customers.id}/columns`, {
      uidt: "LinkToAnotherRecord",
      title: "X",
      childId: "md_nothere000000",
      type: "hm",
    });
    expect(res.status).toBe(404);
    const noType = await call(owner, "POST", `${M}/tables/${customers.id}/columns`, {
      uidt: "LinkToAnotherRecord",
      title: "X",
      childId: customers.id,
    });
    expect(noType.body.msg).toContain("type must be hm, bt or mm");
  });
});

describe("many-to-many links", () => {
  it("uses a hidden junction table and cleans links when a row goes", async () => {
    const { owner, projectId, customers, orders, data, bulk } = await setup();
    await addColumn(owner, orders.id, {
      uidt: "LinkToAnotherRecord",
      title: "Fans",
      parentId: orders.id,
      childId: customers.id,
      type: "mm",
    });
    const tables = (await call(owner, "GET", `${M}/projects/${projectId}/tables`)).body.list.map(
      (t: { title: string }) => t.title,
    );
    expect(tables).toEqual(["Customers", "Orders"]);
    const all = (await call(owner, "GET", `${M}/projects/${projectId}/tables?includeM2M=true`)).body.list;
    expect(all.filter((t: { mm: boolean }) => t.mm)).toHaveLength(1);
    await call(owner, "POST", bulk("Customers"), [{ Name: "Ada" }, { Name: "Bob" }]);
    await call(owner, "POST", bulk("Orders"), [{ Item: "Pen" }, { Item: "Ink" }]);
    await call(owner, "POST", `${data("Orders")}/1/mm/Fans/1`);
    await call(owner, "POST", `${data("Orders")}/1/mm/Fans/2`);
    await call(owner, "POST", `${data("Orders")}/2/mm/Fans/2`);
    expect((await call(owner, "GET", `${data("Orders")}/1`)).body.Fans).toEqual([
      { Id: 1, Name: "Ada" },
      { Id: 2, Name: "Bob" },
    ]);
    expect((await call(owner, "GET", `${data("Customers")}/2`)).body["Orders List"]).toEqual([
      { Id: 1, Item: "Pen" },
      { Id: 2, Item: "Ink" },
    ]);
    expect(
      (await call(owner, "GET", `${data("Orders")}/2/mm/Fans/exclude`)).body.list.map((r: { Name: string }) => r.Name),
    ).toEqual(["Ada"]);
    await call(owner, "DELETE", `${data("Customers")}/2`);
    expect((await call(owner, "GET", `${data("Orders")}/2`)).body.Fans).toEqual([]);
  });
});

describe("lookups and rollups", () => {
  it("look up and roll up through links, also lookups of lookups, and filter and sort on them", async () => {
    const { owner, customers, orders, data, bulk } = await setup();
    const withLink = await addColumn(owner, customers.id, {
      uidt: "LinkToAnotherRecord",
      title: "Orders",
      childId: orders.id,
      type: "hm",
    });
    const link = colByTitle(withLink, "Orders");
    const amount = colByTitle(orders, "Amount");
    const item = colByTitle(orders, "Item");
    await addColumn(owner, customers.id, {
      uidt: "Lookup",
      title: "Items",
      fk_relation_column_id: link.id,
      fk_lookup_column_id: item.id,
    });
    await addColumn(owner, customers.id, {
      uidt: "Rollup",
      title: "Total",
      fk_relation_column_id: link.id,
      fk_rollup_column_id: amount.id,
      rollup_function: "sum",
    });
    await addColumn(owner, customers.id, {
      uidt: "Rollup",
      title: "Count",
      fk_relation_column_id: link.id,
      fk_rollup_column_id: item.id,
      rollup_function: "count",
    });
    const bad = await call(owner, "POST", `${M}/tables/${customers.id}/columns`, {
      uidt: "Rollup",
      title: "Bad",
      fk_relation_column_id: link.id,
      fk_rollup_column_id: item.id,
      rollup_function: "sum",
    });
    expect(bad.body.msg).toBe("sum needs a number column; Item is SingleLineText");

    await call(owner, "POST", bulk("Customers"), [{ Name: "Ada" }, { Name: "Bob" }, { Name: "Cy" }]);
    await call(owner, "POST", bulk("Orders"), [
      { Item: "Pen", Amount: 2.5 },
      { Item: "Ink", Amount: 4 },
      { Item: "Pad", Amount: 1 },
    ]);
    for (const [c, o] of [
      [1, 1],
      [1, 2],
      [2, 3],
    ])
      await call(owner, "POST", `${data("Customers")}/${c}/hm/Orders/${o}`);

    const list = (await call(owner, "GET", `${data("Customers")}?sort=-Total&fields=Name,Items,Total,Count`)).body.list;
    expect(list).toEqual([
      { Name: "Ada", Items: ["Pen", "Ink"], Total: 6.5, Count: 2 },
      { Name: "Bob", Items: ["Pad"], Total: 1, Count: 1 },
      { Name: "Cy", Items: [], Total: 0, Count: 0 },
    ]);
    expect(
      (await call(owner, "GET", `${data("Customers")}?where=(Total,gt,2)`)).body.list.map(
        (r: { Name: string }) => r.Name,
      ),
    ).toEqual(["Ada"]);
    expect(
      (await call(owner, "GET", `${data("Customers")}?where=(Items,like,ink)`)).body.list.map(
        (r: { Name: string }) => r.Name,
      ),
    ).toEqual(["Ada"]);

    // A lookup of a lookup: orders see their customer's other items.
    const ordersMeta = (await call(owner, "GET", `${M}/tables/${orders.id}`)).body;
    const back = colByTitle(ordersMeta, "Customers");
    const items = colByTitle((await call(owner, "GET", `${M}/tables/${customers.id}`)).body, "Items");
    await addColumn(owner, orders.id, {
      uidt: "Lookup",
      title: "Siblings",
      fk_relation_column_id: back.id,
      fk_lookup_column_id: items.id,
    });
    expect((await call(owner, "GET", `${data("Orders")}/2`)).body.Siblings).toEqual(["Pen", "Ink"]);

    // Values follow the linked rows.
    await call(owner, "PATCH", `${data("Orders")}/1`, { Amount: 10 });
    expect((await call(owner, "GET", `${data("Customers")}/1`)).body.Total).toBe(14);

    // Computed fields that read through a link keep it from being deleted; deleting the table takes them along.
    expect((await call(owner, "DELETE", `${M}/columns/${link.id}`)).body.msg).toContain("is used by");
    await call(owner, "DELETE", `${M}/tables/${orders.id}`);
    const left = (await call(owner, "GET", `${M}/tables/${customers.id}`)).body.columns.map(
      (c: { title: string }) => c.title,
    );
    expect(left).toEqual(["Id", "Name", "CreatedAt", "UpdatedAt"]);
    expect((await call(owner, "GET", data("Customers"))).body.list).toHaveLength(3);
  });
});

describe("a belongs-to link required from the start", () => {
  it("refuses rows without the link", async () => {
    const { owner, customers, orders, data } = await setup();
    const after = await addColumn(owner, orders.id, {
      uidt: "LinkToAnotherRecord",
      title: "Buyer",
      childId: customers.id,
      type: "bt",
      rqd: true,
    });
    expect(colByTitle(after, "Buyer").rqd).toBe(true);
    expect((await call(owner, "POST", data("Orders"), { Item: "Pen" })).body).toEqual({ msg: "Buyer is required" });
  });
});

describe("belongs-to written with the row", () => {
  it("sets the link from the row body and enforces a required belongs-to", async () => {
    const { owner, customers, orders, data } = await setup();
    const after = await addColumn(owner, orders.id, {
      uidt: "LinkToAnotherRecord",
      title: "Buyer",
      childId: customers.id,
      type: "bt",
    });
    await call(owner, "POST", data("Customers"), { Name: "Ada" });
    const created = await call(owner, "POST", data("Orders"), { Item: "Pen", Buyer: { Id: 1 } });
    expect(created.body.Buyer).toEqual({ Id: 1, Name: "Ada" });
    expect((await call(owner, "PATCH", `${data("Orders")}/1`, { Buyer: null })).body.Buyer).toBeNull();

    await call(owner, "PATCH", `${M}/columns/${colByTitle(after, "Buyer").id}`, { rqd: true });
    const missing = await call(owner, "POST", data("Orders"), { Item: "Ink" });
    expect(missing).toMatchObject({ status: 400, body: { msg: "Buyer is required" } });
    expect((await call(owner, "POST", data("Orders"), { Item: "Ink", Buyer: 1 })).status).toBe(200);
  });
});

describe("formulas", () => {
  it("compute from stored fields, lookups, rollups and other formulas, and filter and sort in SQL", async () => {
    const { owner, customers, orders, data, bulk } = await setup();
    const link = colByTitle(
      await addColumn(owner, customers.id, {
        uidt: "LinkToAnotherRecord",
        title: "Orders",
        childId: orders.id,
        type: "hm",
      }),
      "Orders",
    );
    await addColumn(owner, customers.id, {
      uidt: "Rollup",
      title: "Total",
      fk_relation_column_id: link.id,
      fk_rollup_column_id: colByTitle(orders, "Amount").id,
      rollup_function: "sum",
    });
    await addColumn(owner, customers.id, {
      uidt: "Lookup",
      title: "Items",
      fk_relation_column_id: link.id,
      fk_lookup_column_id: colByTitle(orders, "Item").id,
    });
    await addColumn(owner, customers.id, {
      uidt: "Formula",
      title: "Label",
      formula_raw: "CONCAT(UPPER({Name}), ': ', {Items})",
    });
    await addColumn(owner, customers.id, {
      uidt: "Formula",
      title: "Big",
      formula_raw: "IF({Total} > 5, 'yes', 'no')",
    });
    const withTwice = await addColumn(owner, customers.id, {
      uidt: "Formula",
      title: "Twice",
      formula_raw: "{Total} * 2",
    });

    await call(owner, "POST", bulk("Customers"), [{ Name: "Ada" }, { Name: "Bob" }]);
    await call(owner, "POST", bulk("Orders"), [
      { Item: "Pen", Amount: 2.5 },
      { Item: "Ink", Amount: 4 },
    ]);
    await call(owner, "POST", `${data("Customers")}/1/hm/Orders/1`);
    await call(owner, "POST", `${data("Customers")}/1/hm/Orders/2`);

    const rows = (await call(owner, "GET", `${data("Customers")}?fields=Name,Label,Big,Twice&sort=-Twice`)).body.list;
    expect(rows).toEqual([
      { Name: "Ada", Label: "ADA: Pen, Ink", Big: "yes", Twice: 13 },
      { Name: "Bob", Label: "BOB: ", Big: "no", Twice: 0 },
    ]);
    expect((await call(owner, "GET", `${data("Customers")}?where=(Twice,gt,1)&fields=Name`)).body.list).toEqual([
      { Name: "Ada" },
    ]);

    // The formula follows a change in a linked row, and a renamed column.
    await call(owner, "PATCH", `${data("Orders")}/1`, { Amount: 10 });
    expect((await call(owner, "GET", `${data("Customers")}/1`)).body.Twice).toBe(28);
    const name = colByTitle(customers, "Name");
    await call(owner, "PATCH", `${M}/columns/${name.id}`, { title: "Full name" });
    expect((await call(owner, "GET", `${data("Customers")}/1`)).body.Label).toBe("ADA: Pen, Ink");
    const label = (await call(owner, "GET", `${M}/tables/${customers.id}`)).body.columns.find(
      (c: { title: string }) => c.title === "Label",
    );
    expect(label.colOptions.formula_raw).toBe("CONCAT(UPPER({Full name}), ': ', {Items})");
    const retype = await call(owner, "PATCH", `${M}/columns/${label.id}`, { uidt: "Lookup" });
    expect(retype.body.msg).toContain("delete it and add a new field");

    // Errors name the position; cycles are refused.
    const bad = await call(owner, "POST", `${M}/tables/${customers.id}/columns`, {
      uidt: "Formula",
      title: "Bad",
      formula_raw: "CONCAT({Nope})",
    });
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.body.msg).toMatch(/Column 'Nope' not found at \d+/);
    const twice = colByTitle(withTwice, "Twice");
    const big = colByTitle(withTwice, "Big");
    await call(owner, "PATCH", `${M}/columns/${big.id}`, { formula_raw: "{Twice} + 1" });
    const cycle = await call(owner, "PATCH", `${M}/columns/${twice.id}`, { formula_raw: "{Big} * 2" });
    expect(cycle.status).toBe(400);
    expect(cycle.body.msg).toContain("Formula cycle");
  });
});

describe("CSV export of computed fields", () => {
  it("writes links and lookups as joined display values", async () => {
    const { owner, customers, orders, data, bulk } = await setup();
    const link = colByTitle(
      await addColumn(owner, customers.id, {
        uidt: "LinkToAnotherRecord",
        title: "Orders",
        childId: orders.id,
        type: "hm",
      }),
      "Orders",
    );
    await addColumn(owner, customers.id, {
      uidt: "Rollup",
      title: "Total",
      fk_relation_column_id: link.id,
      fk_rollup_column_id: colByTitle(orders, "Amount").id,
      rollup_function: "sum",
    });
    await call(owner, "POST", bulk("Customers"), [{ Name: "Ada" }]);
    await call(owner, "POST", bulk("Orders"), [
      { Item: "Pen", Amount: 1 },
      { Item: "Ink", Amount: 2 },
    ]);
    await call(owner, "POST", `${data("Customers")}/1/hm/Orders/1`);
    await call(owner, "POST", `${data("Customers")}/1/hm/Orders/2`);
    const res = await api("GET", `${data("Customers")}/export/csv?fields=Name,Orders,Total`, { token: owner.token });
    expect(res.body).toBe('Name,Orders,Total\r\nAda,"Pen, Ink",3\r\n');
  });
});
