/**
 * One case list for the data port (db/data, issue 34), run on the project's own SQLite in workerd
 * (tests/integration/data-port.test.ts) and on each external database (tests/drivers/data-port.test.ts):
 * every read and write request, on the same records, with the same answers.
 *
 * The records (the external sample's, tests/support/external-sample.ts): Customers Ada, Bob, Cy
 * (Name, Email); Orders 99.9 "first" and 20 "second" of Ada, 5 of Bob; `links` names Customers'
 * has-many link to Orders, as each source titles it.
 */
import { expect } from "vitest";
import type { ReadRequest, RowChange } from "../../db/data/requests";

export interface PortUnderTest {
  /** The answer's data; a refusal throws with its status and message. */
  read(req: ReadRequest): Promise<unknown>;
  write(change: RowChange): Promise<unknown>;
  /** Customers' has-many link to Orders (its title). */
  links: string;
}

type Page = { list: Array<Record<string, unknown>>; pageInfo: { totalRows: number } };

const page = { limit: 25, offset: 0 };
const names = (p: Page) => p.list.map((r) => r.Name);

export const PORT_CASES: Array<[string, (port: PortUnderTest) => Promise<void>]> = [
  [
    "lists, filters and counts",
    async (port) => {
      const all = (await port.read({ op: "list", table: "Customers", params: { ...page, sort: ["Name"] } })) as Page;
      expect(names(all)).toEqual(["Ada", "Bob", "Cy"]);
      expect(all.pageInfo.totalRows).toBe(3);
      const bob = (await port.read({
        op: "list",
        table: "Customers",
        params: { ...page, where: "(Name,eq,Bob)" },
      })) as Page;
      expect(names(bob)).toEqual(["Bob"]);
      expect(await port.read({ op: "count", table: "Customers" })).toEqual({ count: 3 });
      expect(await port.read({ op: "count", table: "Customers", where: "(Name,eq,Ada)" })).toEqual({ count: 1 });
    },
  ],
  [
    "finds one record, reads one by key and says whether one exists",
    async (port) => {
      const cy = (await port.read({
        op: "find",
        table: "Customers",
        params: { ...page, where: "(Name,eq,Cy)" },
      })) as Record<string, unknown>;
      expect(cy.Name).toBe("Cy");
      const one = (await port.read({ op: "one", table: "Customers", rowId: String(cy.Id) })) as Record<string, unknown>;
      expect(one).toMatchObject({ Id: cy.Id, Name: "Cy" });
      expect(await port.read({ op: "exists", table: "Customers", rowId: String(cy.Id) })).toBe(true);
      expect(await port.read({ op: "exists", table: "Customers", rowId: "9999" })).toBe(false);
    },
  ],
  [
    "groups by a field",
    async (port) => {
      const groups = (await port.read({ op: "groupBy", table: "Customers", column: "Name", params: page })) as {
        list: Array<Record<string, unknown>>;
      };
      // Keyed by the field's column name, which each source names its own way.
      const value = (g: Record<string, unknown>) => Object.entries(g).find(([k]) => k !== "count")?.[1];
      expect(groups.list.map(value).sort()).toEqual(["Ada", "Bob", "Cy"]);
      expect(groups.list.every((g) => Number(g.count) === 1)).toBe(true);
    },
  ],
  [
    "groups with sums and averages of a number field (the MCP aggregate)",
    async (port) => {
      const groups = (await port.read({
        op: "groupBy",
        table: "Orders",
        column: "Note",
        params: page,
        measures: [
          { fn: "sum", column: "Total" },
          { fn: "avg", column: "Total" },
        ],
      })) as { list: Array<Record<string, unknown>> };
      // Measures are numbers whatever the driver answers (PostgreSQL's numeric is text).
      const sums = groups.list.map((g) => {
        // The value (keyed by the column name, each source's own), count, sum_<column>, avg_<column>.
        return Object.values(g).map((v) => (typeof v === "number" ? Math.round(v * 10) / 10 : v));
      });
      expect(sums.sort((a, b) => Number(a[2]) - Number(b[2]))).toEqual([
        [null, 1, 5, 5],
        ["second", 1, 20, 20],
        ["first", 1, 99.9, 99.9],
      ]);
      await expect(
        port.read({
          op: "groupBy",
          table: "Orders",
          column: "Total",
          params: page,
          measures: [{ fn: "avg", column: "Note" }],
        }),
      ).rejects.toThrow("Cannot avg 'Note': it is not a number field");
    },
  ],
  [
    "aggregates fields over the matching records in one statement (the v2 aggregate), refusing as natively",
    async (port) => {
      const all = (await port.read({
        op: "fieldAggregates",
        table: "Orders",
        aggregations: [
          { field: "Total", type: "sum" },
          { field: "Total", type: "avg" },
          { field: "Total", type: "max" },
          { field: "Note", type: "count_empty" },
          { field: "Note", type: "count_filled" },
          { field: "Note", type: "count_unique" },
        ],
      })) as Record<string, number>;
      // Keyed by field title (a field's first aggregation answers, as NocoDB's);
      // numbers whatever the driver gives (PostgreSQL's numeric, MySQL's decimal are text).
      expect(Object.keys(all).sort()).toEqual(["Note", "Total"]);
      expect(Math.round(all.Total! * 10) / 10).toBe(124.9);
      expect(all.Note).toBe(1);
      const one = async (field: string, type: string, where?: string) =>
        (
          (await port.read({
            op: "fieldAggregates",
            table: "Orders",
            aggregations: [{ field, type }],
            where,
          })) as Record<string, number | null>
        )[field];
      expect(Math.round((await one("Total", "sum"))! * 10) / 10).toBe(124.9);
      expect(Math.round((await one("Total", "avg"))! * 100) / 100).toBe(41.63);
      expect(await one("Total", "min")).toBe(5);
      expect(await one("Note", "count_empty")).toBe(1);
      expect(await one("Note", "count_filled")).toBe(2);
      expect(await one("Note", "count_unique")).toBe(2);
      expect(await one("Total", "sum", "(Total,gt,10)")).toBe(119.9);
      expect(await one("Total", "max", "(Total,gt,1000)")).toBe(null);
      await expect(
        port.read({ op: "fieldAggregates", table: "Orders", aggregations: [{ field: "Note", type: "sum" }] }),
      ).rejects.toThrow("aggregation: sum needs a number field; 'Note' is not one");
      await expect(
        port.read({ op: "fieldAggregates", table: "Orders", aggregations: [{ field: "Nope", type: "count" }] }),
      ).rejects.toThrow("aggregation: 'Nope' is not a field of this table");
    },
  ],
  [
    "groups with the grid footer's aggregates per group (issue 37), in the same statement",
    async (port) => {
      const groups = (await port.read({
        op: "groupBy",
        table: "Orders",
        column: "Note",
        params: page,
        aggregations: [
          { column: "Total", type: "sum" },
          { column: "Total", type: "max" },
          { column: "Note", type: "count_filled" },
          { column: "Total", type: "percent_filled" },
          { column: "Note", type: "min" },
        ],
      })) as { list: Array<{ count: unknown; aggregates: Array<{ value: unknown }> }> };
      const rows = groups.list.map((g) => [
        Number(g.count),
        ...g.aggregates.map((a) => (typeof a.value === "number" ? Math.round(a.value * 10) / 10 : a.value)),
      ]);
      expect(rows.sort((a, b) => Number(a[1]) - Number(b[1]))).toEqual([
        [1, 5, 5, 0, 100, null],
        [1, 20, 20, 1, 100, "second"],
        [1, 99.9, 99.9, 1, 100, "first"],
      ]);
    },
  ],
  [
    "lists linked records and the ones still to link",
    async (port) => {
      const ada = await idOf(port, "Ada");
      const linked = (await port.read({
        op: "nested",
        table: "Customers",
        rowId: ada,
        column: port.links,
        params: page,
        linked: true,
      })) as Page;
      expect(linked.pageInfo.totalRows).toBe(2);
      const others = (await port.read({
        op: "nested",
        table: "Customers",
        rowId: ada,
        column: port.links,
        params: page,
        linked: false,
      })) as Page;
      expect(others.pageInfo.totalRows).toBe(1);
    },
  ],
  [
    "inserts, updates and deletes one record by its key",
    async (port) => {
      const dee = (await port.write({
        op: "insert",
        table: "Customers",
        body: { Name: "Dee", Email: "dee@example.com" },
      })) as Record<string, unknown>;
      expect(dee).toMatchObject({ Name: "Dee", Email: "dee@example.com" });
      const id = String(dee.Id);
      const updated = (await port.write({
        op: "update",
        table: "Customers",
        rowId: id,
        body: { Email: "d@example.com" },
      })) as Record<string, unknown>;
      expect(updated).toMatchObject({ Name: "Dee", Email: "d@example.com" });
      expect(await port.read({ op: "one", table: "Customers", rowId: id })).toMatchObject({ Email: "d@example.com" });
      await port.write({ op: "delete", table: "Customers", rowId: id });
      expect(await port.read({ op: "exists", table: "Customers", rowId: id })).toBe(false);
    },
  ],
  [
    "inserts many, updates and deletes many by keys and by where",
    async (port) => {
      await port.write({
        op: "insertMany",
        table: "Customers",
        bodies: [
          { Name: "Tmp1", Email: "tmp@example.com" },
          { Name: "Tmp2", Email: "tmp@example.com" },
        ],
      });
      const where = "(Email,eq,tmp@example.com)";
      expect(await port.read({ op: "count", table: "Customers", where })).toEqual({ count: 2 });
      await port.write({ op: "updateWhere", table: "Customers", where, body: { Email: "tmp2@example.com" } });
      expect(await port.read({ op: "count", table: "Customers", where: "(Email,eq,tmp2@example.com)" })).toEqual({
        count: 2,
      });
      const [a, b] = [await idOf(port, "Tmp1"), await idOf(port, "Tmp2")];
      await port.write({
        op: "updateMany",
        table: "Customers",
        bodies: [
          { Id: Number(a), Email: "tmp3@example.com" },
          { Id: Number(b), Email: "tmp3@example.com" },
        ],
      });
      expect(await port.read({ op: "count", table: "Customers", where: "(Email,eq,tmp3@example.com)" })).toEqual({
        count: 2,
      });
      await port.write({ op: "deleteMany", table: "Customers", bodies: [{ Id: Number(a) }] });
      expect(await port.read({ op: "exists", table: "Customers", rowId: a })).toBe(false);
      await port.write({ op: "deleteWhere", table: "Customers", where: "(Email,eq,tmp3@example.com)" });
      expect(await port.read({ op: "count", table: "Customers" })).toEqual({ count: 3 });
    },
  ],
  [
    "links and unlinks a record",
    async (port) => {
      const [cy, ada] = [await idOf(port, "Cy"), await idOf(port, "Ada")];
      const adaOrders = (await port.read({
        op: "nested",
        table: "Customers",
        rowId: ada,
        column: port.links,
        params: { ...page, sort: ["Id"] },
        linked: true,
      })) as Page;
      const order = String(adaOrders.list[0]!.Id);
      const nested = async () =>
        (
          (await port.read({
            op: "nested",
            table: "Customers",
            rowId: cy,
            column: port.links,
            params: page,
            linked: true,
          })) as Page
        ).pageInfo.totalRows;
      const add = { op: "link", table: "Customers", rowId: cy, column: port.links, refRowId: order } as const;
      expect(await port.write({ ...add, add: true })).toMatchObject({
        msg: "The relation data has been created successfully",
      });
      expect(await nested()).toBe(1);
      expect(await port.write({ ...add, add: false })).toMatchObject({
        msg: "The relation data has been deleted successfully",
      });
      expect(await nested()).toBe(0);
      // Back where it was: the order belongs to Ada again.
      await port.write({ ...add, rowId: ada, add: true });
    },
  ],
  [
    "links and unlinks several records in one change, all or nothing (the v2 link routes)",
    async (port) => {
      const [cy, ada] = [await idOf(port, "Cy"), await idOf(port, "Ada")];
      const ordersOf = async (rowId: string) =>
        (
          (await port.read({
            op: "nested",
            table: "Customers",
            rowId,
            column: port.links,
            params: { ...page, sort: ["Id"] },
            linked: true,
          })) as Page
        ).list.map((r) => String(r.Id));
      const adas = await ordersOf(ada);
      expect(adas).toHaveLength(2);
      const links = (rowId: string, refRowIds: string[], add: boolean) =>
        port.write({ op: "links", table: "Customers", rowId, column: port.links, refRowIds, add });
      // A missing record, named: nothing moved, not even the records before it.
      await expect(links(cy, [adas[0]!, "999999", adas[1]!], true)).rejects.toThrow("Record '999999' not found");
      expect(await ordersOf(cy)).toEqual([]);
      expect(await ordersOf(ada)).toEqual(adas);
      expect(await links(cy, adas, true)).toMatchObject({ changed: 2 });
      expect(await ordersOf(cy)).toEqual(adas);
      expect(await ordersOf(ada)).toEqual([]);
      // Already linked, or not linked to Cy at all: done, nothing changed.
      expect(await links(cy, [adas[0]!], true)).toMatchObject({ changed: 0 });
      await expect(links(cy, [adas[0]!, "999999"], false)).rejects.toThrow("Record '999999' not found");
      expect(await ordersOf(cy)).toEqual(adas);
      expect(await links(cy, adas, false)).toMatchObject({ changed: 2 });
      expect(await ordersOf(cy)).toEqual([]);
      expect(await links(cy, [adas[0]!], false)).toMatchObject({ changed: 0 });
      // Back where they were.
      expect(await links(ada, adas, true)).toMatchObject({ changed: 2 });
    },
  ],
];

async function idOf(port: PortUnderTest, name: string): Promise<string> {
  const found = (await port.read({
    op: "find",
    table: "Customers",
    params: { ...page, where: `(Name,eq,${name})` },
  })) as Record<string, unknown>;
  return String(found.Id);
}
