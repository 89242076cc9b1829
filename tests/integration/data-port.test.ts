import { beforeAll, describe, expect, it } from "vitest";
import type { ReadRequest, RowChange } from "../../db/data/requests";
import { PORT_CASES, type PortUnderTest } from "../support/data-port-cases";
import { api, roomStub, seedProject, seedUser } from "./support";

/**
 * The data port's case list (tests/support/data-port-cases.ts) on the project's own SQLite: the
 * room's `read` and `write` called as the Worker calls them, on the records of the external
 * sample (tests/drivers/data-port.test.ts runs the same list on PostgreSQL, MariaDB and sqld).
 */
const M = "/api/v1/db/meta";
const ACTOR = { id: "", email: "port@example.com" };

let port: PortUnderTest;

beforeAll(async () => {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const as = (method: string, path: string, body?: unknown) => api(method, path, { token: owner.token, body });
  const make = async (table_name: string, columns: unknown[]) =>
    (await as("POST", `${M}/projects/${projectId}/tables`, { table_name, columns })).body as { id: string };
  const customers = await make("Customers", [{ title: "Name" }, { title: "Email" }]);
  const orders = await make("Orders", [{ title: "Total", uidt: "Decimal" }, { title: "Note" }]);
  const link = await as("POST", `${M}/tables/${customers.id}/columns`, {
    uidt: "LinkToAnotherRecord",
    title: "Orders",
    parentId: customers.id,
    childId: orders.id,
    type: "hm",
  });
  expect(link.status).toBe(200);
  const room = roomStub(projectId);
  const answer = (res: { ok: boolean; data?: unknown; status?: number; msg?: string }) => {
    if (!res.ok) throw new Error(`${res.status}: ${res.msg}`);
    return res.data;
  };
  port = {
    read: async (req: ReadRequest) => answer(await room.read(req, null)),
    write: async (change: RowChange) => answer(await room.write(change, ACTOR, null)),
    links: "Orders",
  };
  for (const Name of ["Ada", "Bob", "Cy"])
    await port.write({ op: "insert", table: "Customers", body: { Name, Email: `${Name.toLowerCase()}@example.com` } });
  const orderRows: Array<[number, string | null, string]> = [
    [99.9, "first", "1"],
    [20, "second", "1"],
    [5, null, "2"],
  ];
  for (const [Total, Note, customer] of orderRows) {
    const order = (await port.write({ op: "insert", table: "Orders", body: { Total, Note } })) as { Id: number };
    await port.write({
      op: "link",
      table: "Customers",
      rowId: customer,
      column: "Orders",
      refRowId: String(order.Id),
      add: true,
    });
  }
});

describe("the data port on the project's own tables", () => {
  for (const [name, run] of PORT_CASES) it(name, () => run(port));

  it("refuses what is not a request", async () => {
    const res = await roomStub("p_none").read({ op: "drop" } as never, null);
    expect(res).toEqual({ ok: false, status: 400, msg: "Not a data request" });
  });
});
