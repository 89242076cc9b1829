/**
 * Links, lookups, rollups and formulas on external tables (issue 20) through the real Worker
 * bundle, on the sample schema of the machine's PostgreSQL, MariaDB and a local sqld: added
 * through the columns API, read in the same page as the rows, filtered and sorted in the
 * database; new links made as foreign keys and junction tables on the source itself, then used
 * through the link routes; CSV export; deletes of computed fields and links, and the refusals that remain.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { mysqlSample, pgSample, sqldSample, type SampleDb } from "../support/external-sample";
import { signedIn, startWorker } from "../support/worker-server";

// Each step is several schema changes and reads through wrangler dev: slow on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

const PORT = Number(process.env.EXT_COMPUTED_PORT ?? 8880);
const SQLD_PORT = Number(process.env.EXT_COMPUTED_SQLD_PORT ?? PORT + 2);

let server: Awaited<ReturnType<typeof startWorker>>;
let api: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  server = await startWorker(PORT, PORT + 1);
  api = await signedIn(server.base);
}, 240_000);

afterAll(() => server?.stop());

type Column = { id: string; title: string; uidt: string; colOptions?: Record<string, unknown> };
type Table = { id: string; title: string; columns: Column[] };

const samples: Array<[string, () => Promise<SampleDb | null>]> = [
  ["PostgreSQL", pgSample],
  ["MariaDB", mysqlSample],
  ["libSQL (sqld)", () => sqldSample(SQLD_PORT)],
];

for (const [engine, open] of samples) {
  const sample = await open();
  describe.skipIf(!sample)(`computed fields on ${engine}`, () => {
    const db = sample!;
    let pid = "";
    const data = (path: string) => `/api/v1/db/data/noco/${pid}/${path}`;
    const table = async (title: string) => {
      const list = (await api("GET", `/api/v1/db/meta/projects/${pid}/tables`)).body.list as Table[];
      return (await api("GET", `/api/v1/db/meta/tables/${list.find((t) => t.title === title)!.id}`)).body as Table;
    };
    const colId = (t: Table, title: string) => t.columns.find((c) => c.title === title)!.id;
    const add = async (t: Table, body: Record<string, unknown>) =>
      api("POST", `/api/v1/db/meta/tables/${t.id}/columns`, body);
    const ph = (n: number) => (engine === "PostgreSQL" ? `$${n}` : "?");

    afterAll(() => db.drop());

    it("adds lookups, rollups and formulas and reads them with the rows, in one page", async () => {
      const p = await api("POST", "/api/v1/db/meta/projects", {
        title: `Computed ${engine}`,
        external: true,
        bases: [{ type: db.config.client, config: db.config }],
      });
      expect(p.status, p.text).toBe(200);
      pid = p.body.id;
      const customers = await table("Customers");
      const orders = await table("Orders");
      const tags = await table("Tags");
      const ordersList = colId(customers, "OrdersList");
      const steps: Array<[Table, Record<string, unknown>]> = [
        [
          customers,
          {
            uidt: "Lookup",
            title: "Order notes",
            fk_relation_column_id: ordersList,
            fk_lookup_column_id: colId(orders, "Note"),
          },
        ],
        [
          customers,
          {
            uidt: "Rollup",
            title: "Spent",
            fk_relation_column_id: ordersList,
            fk_rollup_column_id: colId(orders, "Total"),
            rollup_function: "sum",
          },
        ],
        [
          customers,
          {
            uidt: "Rollup",
            title: "Order count",
            fk_relation_column_id: ordersList,
            fk_rollup_column_id: colId(orders, "Id"),
            rollup_function: "count",
          },
        ],
        [
          customers,
          {
            uidt: "Rollup",
            title: "Biggest",
            fk_relation_column_id: ordersList,
            fk_rollup_column_id: colId(orders, "Total"),
            rollup_function: "max",
          },
        ],
        [
          customers,
          {
            uidt: "Lookup",
            title: "Tag names",
            fk_relation_column_id: colId(customers, "TagsList"),
            fk_lookup_column_id: colId(tags, "Label"),
          },
        ],
        [customers, { uidt: "Formula", title: "Twice", formula_raw: "{Spent} * 2" }],
        [
          orders,
          {
            uidt: "Lookup",
            title: "Buyer",
            fk_relation_column_id: colId(orders, "Customers"),
            fk_lookup_column_id: colId(customers, "Name"),
          },
        ],
        [orders, { uidt: "Formula", title: "Label", formula_raw: `CONCAT({Note}, " for ", {Buyer})` }],
      ];
      for (const [t, body] of steps) {
        const res = await add(t, body);
        expect(res.status, `${body.title}: ${res.text}`).toBe(200);
      }
      const page = await api("GET", data("Customers?sort=Id"));
      expect(page.status, page.text).toBe(200);
      const [ada, bob, cy] = page.body.list;
      expect(ada).toMatchObject({
        Name: "Ada",
        "Order notes": ["first", "second"],
        Spent: 119.9,
        "Order count": 2,
        Biggest: 99.9,
        "Tag names": ["gold", "new"],
        Twice: 239.8,
      });
      expect(ada.OrdersList.map((o: { Id: number }) => o.Id)).toEqual([1, 2]);
      expect(bob).toMatchObject({ Spent: 5, "Order count": 1, "Tag names": ["new"], Twice: 10 });
      expect(cy).toMatchObject({
        "Order notes": [],
        Spent: 0,
        "Order count": 0,
        Biggest: null,
        "Tag names": [],
        OrdersList: [],
      });
      const one = await api("GET", data("Orders/1"));
      expect(one.body).toMatchObject({ Buyer: "Ada", Label: "first for Ada", Customers: { Name: "Ada" } });
    });

    it("filters and sorts on computed fields in the database", async () => {
      const ids = async (path: string) => {
        const res = await api("GET", data(path));
        expect(res.status, res.text).toBe(200);
        return res.body.list.map((r: { Id: number }) => r.Id);
      };
      expect(await ids("Customers?where=(Spent,gt,10)")).toEqual([1]);
      expect(await ids("Customers?where=(Tag names,like,new)&sort=Id")).toEqual([1, 2]);
      expect(await ids("Customers?sort=-Spent")).toEqual([1, 2, 3]);
      expect(await ids("Customers?where=(Twice,eq,10)")).toEqual([2]);
      expect(await ids("Orders?where=(Buyer,eq,Ada)&sort=-Id")).toEqual([2, 1]);
      expect((await api("GET", data("Customers/count?where=(Order count,eq,0)"))).body.count).toBe(1);
    });

    it("exports CSV read from the database in pages, computed fields included", async () => {
      const res = await api("GET", data("Customers/export/csv?fields=Name,Spent,Tag names,OrdersList&sort=Id"));
      expect(res.status, res.text).toBe(200);
      expect(res.text).toBe(
        'Name,Spent,Tag names,OrdersList\r\nAda,119.9,"gold, new","first, second"\r\nBob,5,new,\r\nCy,0,,\r\n',
      );
      const filtered = await api("GET", data("Orders/export/csv?fields=Id,Buyer,Total&where=(Buyer,eq,Ada)&sort=-Id"));
      expect(filtered.text).toBe("Id,Buyer,Total\r\n2,Ada,20\r\n1,Ada,99.9\r\n");
    });

    it("creates new links as foreign keys and a junction table on the database", async () => {
      const orders = await table("Orders");
      const tags = await table("Tags");
      const bt = await add(orders, { uidt: "LinkToAnotherRecord", title: "Main tag", childId: tags.id, type: "bt" });
      expect(bt.status, bt.text).toBe(200);
      const mm = await add(orders, { uidt: "LinkToAnotherRecord", title: "Labels", childId: tags.id, type: "mm" });
      expect(mm.status, mm.text).toBe(200);
      expect((await api("POST", data("Orders/1/bt/Main tag/2"))).status).toBe(200);
      expect((await db.query(`SELECT tags_id FROM orders WHERE id = ${ph(1)}`, [1]))[0]).toMatchObject({ tags_id: 2 });
      expect((await api("POST", data("Orders/2/mm/Labels/1"))).status).toBe(200);
      expect(await db.query("SELECT orders_id, tags_id FROM orders_tags")).toEqual([{ orders_id: 2, tags_id: 1 }]);
      const row = (await api("GET", data("Orders/1"))).body;
      expect(row["Main tag"]).toMatchObject({ Id: 2, Label: "new" });
      const withLookup = await add(await table("Orders"), {
        uidt: "Lookup",
        title: "Label names",
        fk_relation_column_id: colId(await table("Orders"), "Labels"),
        fk_lookup_column_id: colId(tags, "Label"),
      });
      expect(withLookup.status, withLookup.text).toBe(200);
      expect((await api("GET", data("Orders/2"))).body["Label names"]).toEqual(["gold"]);
    });

    it("deletes computed fields and links, refusing what other fields still use", async () => {
      const customers = await table("Customers");
      const used = await api("DELETE", `/api/v1/db/meta/columns/${colId(customers, "Spent")}`);
      expect(used.status).toBe(400);
      expect(used.body.msg).toMatch(/Twice/);
      expect((await api("DELETE", `/api/v1/db/meta/columns/${colId(customers, "Order notes")}`)).status).toBe(200);
      expect((await table("Customers")).columns.map((c) => c.title)).not.toContain("Order notes");
      const orders = await table("Orders");
      const labelsUsed = await api("DELETE", `/api/v1/db/meta/columns/${colId(orders, "Labels")}`);
      expect(labelsUsed.status).toBe(400);
      expect((await api("DELETE", `/api/v1/db/meta/columns/${colId(orders, "Label names")}`)).status).toBe(200);
      expect((await api("DELETE", `/api/v1/db/meta/columns/${colId(await table("Orders"), "Labels")}`)).status).toBe(
        200,
      );
      const left = await db.query(
        engine === "libSQL (sqld)"
          ? "SELECT name FROM sqlite_master WHERE name = 'orders_tags'"
          : `SELECT table_name FROM information_schema.tables WHERE table_name = 'orders_tags'${engine === "PostgreSQL" ? " AND table_schema = current_schema()" : " AND table_schema = database()"}`,
      );
      expect(left).toEqual([]);
      const mainTag = await api("DELETE", `/api/v1/db/meta/columns/${colId(await table("Orders"), "Main tag")}`);
      if (engine === "libSQL (sqld)") {
        expect(mainTag.status).toBe(400);
        expect(mainTag.body.msg).toMatch(/SQLite cannot drop/);
      } else {
        expect(mainTag.status, mainTag.text).toBe(200);
        expect((await table("Orders")).columns.map((c) => c.title)).not.toContain("Main tag");
        expect(Object.keys((await db.query("SELECT * FROM orders"))[0]!)).not.toContain("tags_id");
      }
    });

    it("changes a formula's text and a computed field's title", async () => {
      const added = await add(await table("Customers"), { uidt: "Formula", title: "Plus", formula_raw: "{Spent} + 1" });
      expect(added.status, added.text).toBe(200);
      const id = colId(await table("Customers"), "Plus");
      const changed = await api("PATCH", `/api/v1/db/meta/columns/${id}`, {
        title: "Plus two",
        uidt: "Formula",
        formula_raw: "{Spent} + 2",
      });
      expect(changed.status, changed.text).toBe(200);
      expect((await api("GET", data("Customers/2"))).body["Plus two"]).toBe(7);
      const refused = await api("PATCH", `/api/v1/db/meta/columns/${id}`, {
        uidt: "Formula",
        formula_raw: "{Nope} + 2",
      });
      expect(refused.status).toBe(400);
      expect((await api("GET", data("Customers/2"))).body["Plus two"]).toBe(7);
    });

    it("refuses with a clear 400 what it cannot do, keeping nothing", async () => {
      const customers = await table("Customers");
      const before = customers.columns.length;
      const noLink = await add(customers, {
        uidt: "Lookup",
        title: "X",
        fk_relation_column_id: colId(customers, "Name"),
        fk_lookup_column_id: colId(customers, "Name"),
      });
      expect(noLink.status).toBe(400);
      expect(noLink.body.msg).toMatch(/link column/);
      const badFormula = await add(customers, { uidt: "Formula", title: "Y", formula_raw: "{Nope} + 1" });
      expect(badFormula.status).toBe(400);
      expect(badFormula.body.msg).toMatch(/Nope/);
      const lines = await table("OrderLines");
      const composite = await add(customers, {
        uidt: "LinkToAnotherRecord",
        title: "Lines",
        childId: lines.id,
        type: "mm",
      });
      expect(composite.status).toBe(400);
      expect(composite.body.msg).toMatch(/single-column primary key/);
      expect((await table("Customers")).columns.length).toBe(before);
      const grouped = await api("GET", data("Customers/groupby?column_name=Twice"));
      expect(grouped.status).toBe(400);
      expect(grouped.body.msg).toMatch(/Grouping by Twice/);
    });
  });
}
