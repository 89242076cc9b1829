import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser, type TestUser } from "./support";

const M = "/api/v1/db/meta";

const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

async function setup() {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const make = async (table_name: string, columns: unknown[]) =>
    (await call(owner, "POST", `${M}/projects/${projectId}/tables`, { table_name, columns })).body;
  const customers = await make("Customers", [{ title: "Name" }]);
  const orders = await make("Orders", [
    { title: "Item" },
    { title: "Amount", uidt: "Decimal" },
    { title: "Done", uidt: "Checkbox" },
  ]);
  const linked = await call(owner, "POST", `${M}/tables/${customers.id}/columns`, {
    uidt: "LinkToAnotherRecord",
    title: "Orders",
    parentId: customers.id,
    childId: orders.id,
    type: "hm",
  });
  expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  const data = (t: string) => `/api/v1/db/data/noco/${projectId}/${t}`;
  const history = async (tableId: string, rowId: number) =>
    (await call(owner, "GET", `${M}/audits/comments?fk_model_id=${tableId}&row_id=${rowId}`)).body.list as Array<{
      op_sub_type: string;
      description: string;
      details: unknown;
    }>;
  return { owner, customers, orders, data, history };
}

describe("record history", () => {
  it("records each changed field's old and new values as the API answers them", async () => {
    const { owner, orders, data, history } = await setup();
    await call(owner, "POST", data("Orders"), { Item: "Pen", Amount: 2.5 });
    await call(owner, "PATCH", `${data("Orders")}/1`, { Amount: 4, Done: true });
    const [change] = await history(orders.id, 1);
    expect(change).toMatchObject({ op_sub_type: "UPDATE", description: "changed Amount, Done" });
    // A checkbox is stored as 1 but answered as true: the history holds what the API answers,
    // so the web formats it as the grid does and can write the old value back.
    expect(change!.details).toEqual({ Amount: { old: 2.5, new: 4 }, Done: { old: null, new: true } });

    await call(owner, "PATCH", `${data("Orders")}/1`, { Done: false });
    // Writing an old value back is itself a new entry.
    await call(owner, "PATCH", `${data("Orders")}/1`, { Amount: 2.5 });
    const [restored, unchecked] = await history(orders.id, 1);
    expect(restored!.details).toEqual({ Amount: { old: 4, new: 2.5 } });
    expect(unchecked!.details).toEqual({ Done: { old: true, new: false } });
  });

  it("names linked and unlinked records by their display value, kept after the record is deleted", async () => {
    const { owner, customers, data, history } = await setup();
    await call(owner, "POST", data("Customers"), { Name: "Ada" });
    await call(owner, "POST", data("Orders"), { Item: "Pen" });
    await call(owner, "POST", data("Orders"), { Item: "Ink" });
    await call(owner, "POST", `${data("Customers")}/1/hm/Orders/1`);
    await call(owner, "POST", `${data("Customers")}/1/hm/Orders/2`);
    await call(owner, "DELETE", `${data("Customers")}/1/hm/Orders/2`);
    expect((await call(owner, "DELETE", `${data("Orders")}/1`)).status).toBe(200);
    const [unlinked, second, first] = await history(customers.id, 1);
    expect(first).toMatchObject({
      description: "linked Orders Pen",
      details: { Orders: { linked: { id: 1, title: "Pen" } } },
    });
    expect(second).toMatchObject({ details: { Orders: { linked: { id: 2, title: "Ink" } } } });
    expect(unlinked).toMatchObject({
      description: "unlinked Orders Ink",
      details: { Orders: { unlinked: { id: 2, title: "Ink" } } },
    });
  });
});
