/**
 * External databases through the real Worker bundle (wrangler dev; pg and mysql2 do not load in
 * the workerd test pool): a project created on the sample schema of the machine's PostgreSQL,
 * MariaDB and a local sqld; tables, fields and links as the issue maps them; the data API (list,
 * filters, sorts, CRUD, bulk all-or-nothing, links, group-by) checked against the database itself;
 * refusals with the database's message and nothing created; credentials in no response.
 */
import { createServer, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { mysqlSample, pgSample, sqldSample, type SampleDb } from "../support/external-sample";
import { startFakeDns } from "../support/fake-dns";
import { freePort } from "../support/free-port";
import { startFakePlanetscale, type FakePlanetscale } from "../support/planetscale-fake";
import { signedIn, startWorker, type Answer } from "../support/worker-server";

const PORT = Number(process.env.EXT_API_PORT ?? 8876);
const SECRET_PASSWORD = "s3cret-Pass-never-shown";

let server: Awaited<ReturnType<typeof startWorker>>;
let api: Awaited<ReturnType<typeof signedIn>>;
const answers: Answer[] = [];
const call = async (method: string, path: string, body?: unknown) => {
  const a = await api(method, path, body);
  answers.push(a);
  return a;
};

let dns: Awaited<ReturnType<typeof startFakeDns>>;

beforeAll(async () => {
  // The loopback resolver names the unknown host when a connection fails (db/external/unreachable.ts).
  const dnsPort = await freePort();
  dns = await startFakeDns(dnsPort, await freePort());
  server = await startWorker(PORT, PORT + 1, [`DNS_RESOLVER_URL:http://127.0.0.1:${dnsPort}/dns-query`]);
  api = await signedIn(server.base);
}, 240_000);

afterAll(() => {
  server?.stop();
  dns?.close();
  // Whatever was asked, no answer carried the password.
  for (const a of answers) expect(a.text).not.toContain(SECRET_PASSWORD);
});

type Table = {
  id: string;
  title: string;
  type: string;
  mm: boolean | number;
  columns: Array<{
    title: string;
    uidt: string;
    pk: unknown;
    ai: unknown;
    rqd: unknown;
    colOptions?: Record<string, unknown>;
  }>;
};

async function createProject(sample: SampleDb, title: string) {
  const config =
    typeof sample.config.connection === "object" && sample.config.client !== "sqlite3"
      ? { ...sample.config, connection: { ...sample.config.connection, password: SECRET_PASSWORD } }
      : sample.config;
  // trust / empty-password servers here accept any password for the MariaDB root? Not MariaDB: keep its own.
  const body = {
    title,
    external: true,
    bases: [{ type: sample.config.client, config: sample.config.client === "pg" ? config : sample.config }],
  };
  const res = await call("POST", "/api/v1/db/meta/projects", body);
  expect(res.status, res.text).toBe(200);
  return res.body as { id: string; bases: Array<{ type: string; config?: { connection: Record<string, unknown> } }> };
}

async function tables(projectId: string, includeM2M = false): Promise<Table[]> {
  const list = (await call("GET", `/api/v1/db/meta/projects/${projectId}/tables?includeM2M=${includeM2M}`)).body
    .list as Table[];
  return Promise.all(list.map(async (t) => (await call("GET", `/api/v1/db/meta/tables/${t.id}`)).body as Table));
}

/**
 * order_lines has the key (order_id, line_no): its row id is `order___line` (contract 1.8). Read,
 * edit (the one-row route, and the bulk route naming both key columns) and delete, each seen in
 * the database; a row id missing a part is a 404, not a write to another row.
 */
async function compositeKeyRows(
  sample: SampleDb,
  bulk: string,
  data: (path: string) => string,
  ph: (i: number) => string,
) {
  const line = await call("GET", data("OrderLines/1___2"));
  expect(line.status, line.text).toBe(200);
  expect(line.body).toMatchObject({ OrderId: 1, LineNo: 2, Product: "ink" });
  const listed = await call("GET", data("OrderLines?where=(OrderId,eq,1)&sort=-LineNo"));
  expect(listed.body.list.map((r: { LineNo: number }) => r.LineNo)).toEqual([2, 1]);
  const edited = await call("PATCH", data("OrderLines/1___2"), { Product: "ink refill", Qty: 3 });
  expect(edited.status, edited.text).toBe(200);
  expect(edited.body).toMatchObject({ OrderId: 1, LineNo: 2, Product: "ink refill", Qty: 3 });
  const q = `SELECT product, qty FROM order_lines WHERE order_id = ${ph(1)} AND line_no = ${ph(2)}`;
  expect(await sample.query(q, [1, 2])).toEqual([{ product: "ink refill", qty: 3 }]);
  // The other line of order 1 is untouched.
  expect(await sample.query(q, [1, 1])).toEqual([{ product: "pen", qty: 2 }]);
  expect((await call("PATCH", data("OrderLines/1"), { Product: "x" })).status).toBe(404);
  expect((await call("PATCH", data("OrderLines/1___9"), { Product: "x" })).status).toBe(404);
  const bulkEdit = await call("PATCH", `${bulk}/OrderLines`, [
    { OrderId: 1, LineNo: 1, Qty: 5 },
    { OrderId: 2, LineNo: 1, Qty: 6 },
  ]);
  expect(bulkEdit.status, bulkEdit.text).toBe(200);
  expect(await sample.query(`SELECT qty FROM order_lines ORDER BY order_id, line_no`)).toEqual([
    { qty: 5 },
    { qty: 3 },
    { qty: 6 },
  ]);
  const lacking = await call("PATCH", `${bulk}/OrderLines`, [{ OrderId: 1, Qty: 9 }]);
  expect(lacking.status).toBe(400);
  expect(lacking.body.msg).toMatch(/LineNo/);
  const added = await call("POST", data("OrderLines"), { OrderId: 2, LineNo: 2, Product: "clip", Qty: 1 });
  expect(added.status, added.text).toBe(200);
  expect((await call("DELETE", data("OrderLines/2___2"))).status).toBe(200);
  expect(await sample.query(q, [2, 2])).toEqual([]);
  expect(await sample.query(q, [2, 1])).toEqual([{ product: "pad", qty: 6 }]);
  expect((await call("DELETE", data("OrderLines/2___2"))).status).toBe(404);
}

/**
 * NocoDB v2's field aggregates (`GET /api/v2/tables/{id}/aggregate`) of the external Orders,
 * computed by the database: the same numbers as the database's own SUM/AVG/COUNT.
 */
async function v2Aggregates(sample: SampleDb, ordersId: string) {
  const aggregation = (items: Array<{ field: string; type: string }>) => encodeURIComponent(JSON.stringify(items));
  const sums = await call(
    "GET",
    `/api/v2/tables/${ordersId}/aggregate?aggregation=${aggregation([{ field: "Total", type: "sum" }])}&where=(Total,gt,10)`,
  );
  expect(sums.status, sums.text).toBe(200);
  const [db] = await sample.query("SELECT SUM(total) AS s, AVG(total) AS a, COUNT(note) AS n FROM orders");
  const [big] = await sample.query("SELECT SUM(total) AS s FROM orders WHERE total > 10");
  expect(sums.body).toEqual({ Total: Number(big!.s) });
  const more = await call(
    "GET",
    `/api/v2/tables/${ordersId}/aggregate?aggregation=${aggregation([
      { field: "Total", type: "avg" },
      { field: "Note", type: "count_filled" },
    ])}`,
  );
  expect(more.status, more.text).toBe(200);
  expect(more.body.Total).toBeCloseTo(Number(db!.a), 6);
  expect(more.body.Note).toBe(Number(db!.n));
  const refused = await call(
    "GET",
    `/api/v2/tables/${ordersId}/aggregate?aggregation=${aggregation([{ field: "Note", type: "sum" }])}`,
  );
  expect(refused.status).toBe(400);
  expect(refused.body).toMatchObject({ message: "aggregation: sum needs a number field; 'Note' is not one" });
}

/**
 * NocoDB v2's `Links` values on the external Customers: has-many (OrdersList) and many-to-many
 * (TagsList) as the number of linked records, counted by the database in the page's statement,
 * the same numbers as the database's own COUNT, exact past 25 (30 tags linked to Cy through the v2
 * link route, then unlinked and deleted again); belongs-to (an order's Customers) stays the record.
 */
async function v2LinkCounts(sample: SampleDb, projectId: string, all: Table[]) {
  const id = (title: string) => all.find((t) => t.title === title)!.id;
  const C = `/api/v2/tables/${id("Customers")}`;
  const tagsList = (await call("GET", `/api/v1/db/meta/tables/${id("Customers")}`)).body.columns.find(
    (c: { title: string }) => c.title === "TagsList",
  ).id as string;
  const made = await call(
    "POST",
    `/api/v2/tables/${id("Tags")}/records`,
    Array.from({ length: 30 }, (_, i) => ({ Label: `v2-count-${i}` })),
  );
  expect(made.status, made.text).toBe(200);
  const L = `${C}/links/${tagsList}/records/3`;
  expect((await call("POST", L, made.body)).status).toBe(201);
  const counted = async () =>
    (
      await sample.query(
        `SELECT c.id, (SELECT COUNT(*) FROM orders o WHERE o.customer_id = c.id) AS orders,
           (SELECT COUNT(*) FROM customer_tags t WHERE t.customer_id = c.id) AS tags FROM customers c ORDER BY c.id`,
      )
    ).map((r) => ({ Id: Number(r.id), OrdersList: Number(r.orders), TagsList: Number(r.tags) }));
  const page = await call("GET", `${C}/records?fields=Id,OrdersList,TagsList&sort=Id`);
  expect(page.status, page.text).toBe(200);
  expect(page.body.list).toEqual(await counted());
  expect(page.body.list[2].TagsList).toBe(30);
  // Filters and sorts compare the count, in the database.
  const many = await call(
    "GET",
    `${C}/records?where=${encodeURIComponent("(TagsList,gt,1)")}&sort=-TagsList&fields=Id`,
  );
  expect(many.body.list).toEqual([{ Id: 3 }, { Id: 1 }]);
  const none = await call("GET", `${C}/records/count?where=${encodeURIComponent("(OrdersList,eq,0)")}`);
  expect(none.body).toEqual({ count: 1 });
  const summed = await call(
    "GET",
    `${C}/aggregate?aggregation=${encodeURIComponent(JSON.stringify([{ field: "TagsList", type: "sum" }]))}`,
  );
  const [links] = await sample.query("SELECT COUNT(*) AS n FROM customer_tags");
  expect(summed.body).toEqual({ TagsList: Number(links!.n) });
  expect((await call("GET", `${C}/records/1`)).body).toMatchObject({ OrdersList: 2, TagsList: 2 });
  expect((await call("GET", `${C}/records/3`)).body).toMatchObject({ OrdersList: 0, TagsList: 30 });
  // v1 still reads up to 25 of them.
  const v1 = await call("GET", `/api/v1/db/data/noco/${projectId}/Customers/3`);
  expect(v1.body.TagsList).toHaveLength(25);
  const order = await call("GET", `/api/v2/tables/${id("Orders")}/records/1`);
  expect(order.body.Customers).toMatchObject({ Id: 1, Name: "Ada" });
  expect((await call("DELETE", L, made.body)).status).toBe(200);
  expect((await call("GET", `${C}/records/3`)).body.TagsList).toBe(0);
  expect((await call("DELETE", `/api/v2/tables/${id("Tags")}/records`, made.body)).status).toBe(200);
}

const pgDb = await pgSample();
describe.skipIf(!pgDb)("PostgreSQL project", () => {
  const sample = pgDb!;
  let pid = "";
  const data = (path: string) => `/api/v1/db/data/noco/${pid}/${path}`;
  afterAll(() => sample.drop());

  it("creates the project from the database, with its base and no credentials", async () => {
    const p = await createProject(sample, "Shop PG");
    pid = p.id;
    expect(p.bases[0]!.type).toBe("pg");
    expect(p.bases[0]!.config!.connection).toMatchObject({ host: "127.0.0.1", user: "postgres" });
    expect(JSON.stringify(p)).not.toContain(SECRET_PASSWORD);
    const bases = await call("GET", `/api/v1/db/meta/projects/${pid}/bases`);
    expect(bases.body.list[0].type).toBe("pg");
  });

  it("shows tables, views, fields and links as the database has them", async () => {
    const visible = await tables(pid);
    expect(visible.map((t) => t.title).sort()).toEqual(["BigSpenders", "Customers", "OrderLines", "Orders", "Tags"]);
    const all = await tables(pid, true);
    expect(all.find((t) => t.title === "CustomerTags")!.mm).toBeTruthy();
    expect(all.find((t) => t.title === "BigSpenders")!.type).toBe("view");
    const customers = all.find((t) => t.title === "Customers")!;
    const col = (title: string) => customers.columns.find((c) => c.title === title)!;
    expect(col("Id")).toMatchObject({ uidt: "Number" });
    expect(col("Id").pk).toBeTruthy();
    expect(col("Id").ai).toBeTruthy();
    expect(col("Name").uidt).toBe("SingleLineText");
    expect(col("Name").rqd).toBeTruthy();
    expect(col("Email").uidt).toBe("LongText");
    expect(col("Active").uidt).toBe("Checkbox");
    expect(col("Mood").uidt).toBe("SingleSelect");
    expect(col("Profile").uidt).toBe("JSON");
    expect(col("ExtId").uidt).toBe("SpecificDBType");
    expect(col("Born").uidt).toBe("Date");
    expect(col("CreatedAt").uidt).toBe("DateTime");
    expect(col("Balance").uidt).toBe("Decimal");
    expect(col("OrdersList")).toMatchObject({
      uidt: "LinkToAnotherRecord",
      colOptions: expect.objectContaining({ type: "hm" }),
    });
    expect(col("TagsList")).toMatchObject({
      uidt: "LinkToAnotherRecord",
      colOptions: expect.objectContaining({ type: "mm" }),
    });
    const orders = all.find((t) => t.title === "Orders")!;
    expect(orders.columns.find((c) => c.title === "Customers")).toMatchObject({
      uidt: "LinkToAnotherRecord",
      colOptions: expect.objectContaining({ type: "bt" }),
    });
    const lines = all.find((t) => t.title === "OrderLines")!;
    expect(lines.columns.filter((c) => c.pk).map((c) => c.title)).toEqual(["OrderId", "LineNo"]);
  });

  it("lists with filters, sorts, search, paging and links", async () => {
    const page = await call("GET", data("Orders?where=(Total,gt,10)&sort=-Total"));
    expect(page.status, page.text).toBe(200);
    expect(page.body.list.map((r: { Total: number }) => r.Total)).toEqual([99.9, 20]);
    expect(page.body.list[0].Customers).toMatchObject({ Id: 1, Name: "Ada" });
    expect(page.body.pageInfo.totalRows).toBe(2);
    const customers = await call("GET", data("Customers?where=(Name,like,%25o%25)&limit=1&offset=0&sort=Name"));
    expect(customers.body.list.map((r: { Name: string }) => r.Name)).toEqual(["Bob"]);
    const ada = await call("GET", data("Customers?where=(Mood,eq,happy)"));
    expect(ada.body.list[0]).toMatchObject({ Name: "Ada", Active: true, Profile: { vip: true }, Born: "1990-05-01" });
    expect(ada.body.list[0].TagsList.map((t: { Label: string }) => t.Label)).toEqual(["gold", "new"]);
    const grouped = await call("GET", data("Orders/groupby?column_name=customer_id"));
    expect(grouped.status, grouped.text).toBe(200);
    expect(grouped.body.list.length).toBe(2);
    const line = await call("GET", data("OrderLines/1___2"));
    expect(line.body).toMatchObject({ OrderId: 1, LineNo: 2, Product: "ink" });
    await v2Aggregates(sample, (await tables(pid)).find((t) => t.title === "Orders")!.id);
    await v2LinkCounts(sample, pid, await tables(pid));
  });

  it("writes rows on the database, and refuses with the database's message", async () => {
    const created = await call("POST", data("Customers"), {
      Name: "Dee",
      Mood: "ok",
      Active: false,
      Profile: { a: 1 },
    });
    expect(created.status, created.text).toBe(200);
    expect(created.body).toMatchObject({ Name: "Dee", Active: false });
    const id = created.body.Id as number;
    expect(
      (await sample.query("SELECT name, mood::text AS mood, active FROM customers WHERE id = $1", [id]))[0],
    ).toEqual({ name: "Dee", mood: "ok", active: false });
    const updated = await call("PATCH", data(`Customers/${id}`), { Name: "Dee Dee" });
    expect(updated.body.Name).toBe("Dee Dee");
    expect((await sample.query("SELECT name FROM customers WHERE id = $1", [id]))[0]!.name).toBe("Dee Dee");
    const refused = await call("POST", data("OrderLines"), { OrderId: 1, LineNo: 7, Product: "bad", Qty: -1 });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/qty_positive/);
    const badEnum = await call("POST", data("Customers"), { Name: "X", Mood: "angry" });
    expect(badEnum.status).toBe(400);
    expect((await call("DELETE", data(`Customers/${id}`))).status).toBe(200);
    expect(await sample.query("SELECT 1 FROM customers WHERE id = $1", [id])).toEqual([]);
    expect((await call("POST", data("BigSpenders"), { Name: "no" })).status).toBe(400);
  });

  it("bulk inserts all or nothing", async () => {
    const before = Number((await sample.query("SELECT count(*) AS n FROM tags"))[0]!.n);
    const bad = await call("POST", `/api/v1/db/data/bulk/noco/${pid}/Tags`, [{ Label: "x1" }, { Label: "gold" }]);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/Row 2:.*(duplicate|unique)/i);
    expect(Number((await sample.query("SELECT count(*) AS n FROM tags"))[0]!.n)).toBe(before);
    const ok = await call("POST", `/api/v1/db/data/bulk/noco/${pid}/Tags`, [{ Label: "x1" }, { Label: "x2" }]);
    expect(ok.status, ok.text).toBe(200);
    expect(Number((await sample.query("SELECT count(*) AS n FROM tags"))[0]!.n)).toBe(before + 2);
  });

  it("links and unlinks through foreign keys and the junction", async () => {
    const add = await call("POST", data("Customers/3/mm/TagsList/1"));
    expect(add.status, add.text).toBe(200);
    expect(await sample.query("SELECT tag_id FROM customer_tags WHERE customer_id = 3")).toEqual([{ tag_id: 1 }]);
    expect((await call("POST", data("Customers/3/mm/TagsList/1"))).status).toBe(400);
    const listed = await call("GET", data("Customers/3/mm/TagsList"));
    expect(listed.body.list.map((r: { Label: string }) => r.Label)).toEqual(["gold"]);
    expect((await call("DELETE", data("Customers/3/mm/TagsList/1"))).status).toBe(200);
    expect(await sample.query("SELECT tag_id FROM customer_tags WHERE customer_id = 3")).toEqual([]);
    expect((await call("POST", data("Customers/3/hm/OrdersList/3"))).status).toBe(200);
    expect((await sample.query("SELECT customer_id FROM orders WHERE id = 3"))[0]!.customer_id).toBe(3);
    const excluded = await call("GET", data("Customers/3/hm/OrdersList/exclude"));
    expect(excluded.body.list.map((r: { Id: number }) => r.Id)).toEqual([1, 2]);
  });

  it("reads, edits and deletes rows of a composite-key table by `a___b` ids", async () => {
    await compositeKeyRows(sample, `/api/v1/db/data/bulk/noco/${pid}`, data, (i) => `$${i}`);
  });

  it("shows and syncs changes made in the database outside the app", async () => {
    await sample.query("ALTER TABLE tags ADD COLUMN colour varchar(20)");
    const diff = await call("GET", `/api/v1/db/meta/projects/${pid}/meta-diff`);
    expect(diff.status, diff.text).toBe(200);
    expect(diff.body).toEqual([
      expect.objectContaining({
        table_name: "tags",
        detectedChanges: [expect.objectContaining({ type: "COLUMN_NEW" })],
      }),
    ]);
    expect((await call("POST", `/api/v1/db/meta/projects/${pid}/meta-diff`)).status).toBe(200);
    const tags = (await tables(pid)).find((t) => t.title === "Tags")!;
    expect(tags.columns.map((c) => c.title)).toContain("Colour");
    expect((await call("GET", `/api/v1/db/meta/projects/${pid}/meta-diff`)).body).toEqual([]);
  });

  it("a column dropped in the database outside the app does not break the table: the meta follows it", async () => {
    await sample.query("ALTER TABLE tags DROP COLUMN colour");
    const page = await call("GET", data("Tags?limit=5"));
    expect(page.status, page.text).toBe(200);
    expect(page.body.list.length).toBeGreaterThan(0);
    expect(Object.keys(page.body.list[0])).not.toContain("Colour");
    const tags = (await tables(pid)).find((t) => t.title === "Tags")!;
    expect(tags.columns.map((c) => c.title)).not.toContain("Colour");
    const named = await call("GET", data("Tags?where=(Colour,eq,red)"));
    expect(named.status).toBe(400);
    expect(named.body.msg).toMatch(/Colour/);
  });

  it("adds, renames and deletes fields and tables on the database", async () => {
    const tagsId = (await tables(pid)).find((t) => t.title === "Tags")!.id;
    const added = await call("POST", `/api/v1/db/meta/tables/${tagsId}/columns`, {
      title: "Weight",
      column_name: "weight",
      uidt: "Number",
    });
    expect(added.status, added.text).toBe(200);
    expect(added.body.columns.map((c: { title: string }) => c.title)).toContain("Weight");
    expect(
      await sample.query(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'tags' AND column_name = 'weight'",
      ),
    ).toHaveLength(1);
    expect((await call("PATCH", data("Tags/1"), { Weight: 7 })).body.Weight).toBe(7);
    const weight = (added.body.columns as Array<{ id: string; title: string }>).find((c) => c.title === "Weight")!;
    const renamed = await call("PATCH", `/api/v1/db/meta/columns/${weight.id}`, {
      title: "Mass",
      column_name: "mass",
      uidt: "Number",
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(Number((await sample.query("SELECT mass FROM tags WHERE id = 1"))[0]!.mass)).toBe(7);
    expect((await call("GET", data("Tags/1"))).body.Mass).toBe(7);
    expect((await call("DELETE", `/api/v1/db/meta/columns/${weight.id}`)).status).toBe(200);
    expect(
      await sample.query(
        "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'tags' AND column_name = 'mass'",
      ),
    ).toEqual([]);
    const made = await call("POST", `/api/v1/db/meta/projects/${pid}/tables`, {
      table_name: "notes",
      title: "Notes",
      columns: [{ title: "Body", column_name: "body", uidt: "LongText" }],
    });
    expect(made.status, made.text).toBe(200);
    expect((await call("POST", data("Notes"), { Body: "hello" })).status).toBe(200);
    expect(await sample.query("SELECT body FROM notes")).toEqual([{ body: "hello" }]);
    expect((await call("DELETE", `/api/v1/db/meta/tables/${made.body.id}`)).status).toBe(200);
    expect(
      await sample.query(
        "SELECT 1 FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = 'notes'",
      ),
    ).toEqual([]);
    const viewId = (await tables(pid)).find((t) => t.title === "BigSpenders")!.id;
    expect((await call("DELETE", `/api/v1/db/meta/tables/${viewId}`)).status).toBe(400);
  });

  it("stamps a Created by field on the database with the caller's id, shown as the person and filtered by @me", async () => {
    const tagsId = (await tables(pid)).find((t) => t.title === "Tags")!.id;
    const added = await call("POST", `/api/v1/db/meta/tables/${tagsId}/columns`, {
      title: "Added by",
      column_name: "added_by",
      uidt: "CreatedBy",
    });
    expect(added.status, added.text).toBe(200);
    const me = (await call("GET", "/api/v1/auth/user/me")).body as { id: string; email: string };
    // The body names someone else: the server writes the caller.
    const made = await call("POST", data("Tags"), { Label: "stamped", "Added by": "us_forged" });
    expect(made.status, made.text).toBe(200);
    expect(made.body["Added by"]).toMatchObject({ id: me.id, email: me.email });
    expect(await sample.query("SELECT added_by FROM tags WHERE label = 'stamped'")).toEqual([{ added_by: me.id }]);
    const mine = await call("GET", data(`Tags?where=${encodeURIComponent("(Added by,eq,@me)")}`));
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.list.map((r: { Label: string }) => r.Label)).toEqual(["stamped"]);
    expect(
      (await call("GET", data(`Tags?where=${encodeURIComponent("(Added by,blank)")}&limit=1`))).body.list[0][
        "Added by"
      ],
    ).toBeNull();
    const col = (added.body.columns as Array<{ id: string; title: string }>).find((c) => c.title === "Added by")!;
    expect((await call("DELETE", `/api/v1/db/meta/columns/${col.id}`)).status).toBe(200);
    await sample.query("DELETE FROM tags WHERE label = 'stamped'");
  });

  it("broadcasts changes made through the app to the project's sockets", async () => {
    // The session token rides as a subprotocol beside "gridbase", never in the URL (socket-auth.ts).
    const ws = new WebSocket(`${server.base.replace("http", "ws")}/parties/project/${pid}`, [
      "gridbase",
      `auth.${api.token}`,
    ]);
    const messages: Array<Record<string, unknown>> = [];
    ws.on("message", (m) => messages.push(JSON.parse(String(m)) as Record<string, unknown>));
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    try {
      await call("PATCH", data("Tags/2"), { Label: "newer" });
      await expect
        .poll(() => messages.find((m) => m.type === "row" && m.op === "update"), { timeout: 10_000 })
        .toMatchObject({ row: { Id: 2, Label: "newer" }, changed: ["Label"] });
    } finally {
      ws.close();
    }
  });

  it("gives up on a database that does not answer after 10 seconds, with a clear message", async () => {
    // A loopback server that accepts connections and never speaks (SPEC 9 metadata time-out).
    const sockets: Socket[] = [];
    const silent = createServer((s) => sockets.push(s));
    await new Promise<void>((resolve) => silent.listen(PORT + 3, "127.0.0.1", resolve));
    try {
      const started = Date.now();
      const res = await call("POST", "/api/v1/db/meta/connection/test", {
        client: "pg",
        connection: { host: "127.0.0.1", port: PORT + 3, user: "postgres", database: "postgres" },
      });
      expect(res.status).toBe(400);
      expect(res.body.msg).toMatch(/10 seconds|timeout/i);
      expect(Date.now() - started).toBeLessThan(20_000);
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  }, 30_000);

  it("refuses a wrong password, an unknown database and an unreachable host, creating nothing", async () => {
    const count = async () => (await call("GET", "/api/v1/db/meta/projects")).body.list.length as number;
    const before = await count();
    const conn = sample.config.connection as Record<string, unknown>;
    const wrongUser = await call("POST", "/api/v1/db/meta/projects", {
      title: "Bad1",
      external: true,
      bases: [
        {
          type: "pg",
          config: { client: "pg", connection: { ...conn, user: "no_such_role_gb", password: SECRET_PASSWORD } },
        },
      ],
    });
    expect(wrongUser.status).toBe(400);
    expect(wrongUser.body.msg).toMatch(/no_such_role_gb/);
    const unknownDb = await call("POST", "/api/v1/db/meta/projects", {
      title: "Bad2",
      external: true,
      bases: [{ type: "pg", config: { client: "pg", connection: { ...conn, database: "no_such_db_gb" } } }],
    });
    expect(unknownDb.status).toBe(400);
    expect(unknownDb.body.msg).toMatch(/no_such_db_gb/);
    const unreachable = await call("POST", "/api/v1/db/meta/projects", {
      title: "Bad3",
      external: true,
      bases: [{ type: "pg", config: { client: "pg", connection: { ...conn, port: 1 } } }],
    });
    expect(unreachable.status).toBe(400);
    // A closed port and an unknown host each say which it is (issue 42: both said "cannot connect").
    expect(unreachable.body.msg).toMatch(/^Nothing accepted a connection at 127\.0\.0\.1:1/);
    const unknownHost = await call("POST", "/api/v1/db/meta/connection/test", {
      client: "pg",
      connection: { ...conn, host: "nowhere.gridbase.test" },
    });
    expect(unknownHost.status).toBe(400);
    expect(unknownHost.body.msg).toMatch(/^The host nowhere\.gridbase\.test is unknown/);
    expect(await count()).toBe(before);
    const tested = await call("POST", "/api/v1/db/meta/connection/test", {
      client: "pg",
      connection: { ...conn, password: SECRET_PASSWORD },
    });
    expect(tested.status, tested.text).toBe(200);
    expect(tested.body.message).toMatch(/PostgreSQL \d+/);
  });
});

const mysqlDb = await mysqlSample();
describe.skipIf(!mysqlDb)("MariaDB project", () => {
  const sample = mysqlDb!;
  afterAll(() => sample.drop());

  it("reads, filters and writes the sample", async () => {
    const p = await createProject(sample, "Shop MariaDB");
    const data = (path: string) => `/api/v1/db/data/noco/${p.id}/${path}`;
    const all = await tables(p.id, true);
    const customers = all.find((t) => t.title === "Customers")!;
    expect(customers.columns.find((c) => c.title === "Mood")!.uidt).toBe("SingleSelect");
    expect(customers.columns.find((c) => c.title === "Profile")!.uidt).toBe("JSON");
    expect(customers.columns.find((c) => c.title === "Active")!.uidt).toBe("Checkbox");
    expect(all.find((t) => t.title === "CustomerTags")!.mm).toBeTruthy();
    const page = await call("GET", data("Orders?where=(Total,gt,10)&sort=-Total"));
    expect(page.status, page.text).toBe(200);
    expect(page.body.list.map((r: { Total: number }) => r.Total)).toEqual([99.9, 20]);
    expect(page.body.list[0].Customers).toMatchObject({ Name: "Ada" });
    await v2Aggregates(sample, all.find((t) => t.title === "Orders")!.id);
    await v2LinkCounts(sample, p.id, all);
    const created = await call("POST", data("Customers"), { Name: "Eve", Mood: "sad", Active: true });
    expect(created.status, created.text).toBe(200);
    expect((await sample.query("SELECT name, mood, active FROM customers WHERE id = ?", [created.body.Id]))[0]).toEqual(
      { name: "Eve", mood: "sad", active: 1 },
    );
    const refused = await call("POST", data("OrderLines"), { OrderId: 1, LineNo: 8, Qty: -3 });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/qty_positive/);
    expect((await call("POST", data("Customers/3/mm/TagsList/1"))).status).toBe(200);
    expect(await sample.query("SELECT tag_id FROM customer_tags WHERE customer_id = 3")).toEqual([{ tag_id: 1 }]);

    // A "Last modified by" field: a varchar column the app writes with the caller's id.
    const tags = all.find((t) => t.title === "Tags")!;
    const added = await call("POST", `/api/v1/db/meta/tables/${tags.id}/columns`, {
      title: "Changed by",
      column_name: "changed_by",
      uidt: "LastModifiedBy",
    });
    expect(added.status, added.text).toBe(200);
    const me = (await call("GET", "/api/v1/auth/user/me")).body as { id: string; email: string };
    const changed = await call("PATCH", data("Tags/1"), { "Changed by": "us_forged" });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body["Changed by"]).toMatchObject({ id: me.id, email: me.email });
    expect(await sample.query("SELECT changed_by FROM tags WHERE id = 1")).toEqual([{ changed_by: me.id }]);
    const mine = await call("GET", data(`Tags?where=${encodeURIComponent("(Changed by,eq,@me)")}&fields=Id`));
    expect(mine.body.list).toEqual([{ Id: 1 }]);
    await compositeKeyRows(sample, `/api/v1/db/data/bulk/noco/${p.id}`, data, () => "?");
  });

  it("takes a rotated password without losing the project's views; a wrong one changes nothing", async () => {
    const db = String((sample.config.connection as { database: string }).database);
    const user = `gb_rot_${db.slice(-4)}`;
    await sample.query(`CREATE USER '${user}'@'%' IDENTIFIED BY 'first-pass'`);
    await sample.query(`GRANT ALL ON \`${db}\`.* TO '${user}'@'%'`);
    try {
      const connection = { ...(sample.config.connection as object), user, password: "first-pass" };
      const created = await call("POST", "/api/v1/db/meta/projects", {
        title: "Rotated MariaDB",
        external: true,
        bases: [{ type: "mysql2", config: { client: "mysql2", connection } }],
      });
      expect(created.status, created.text).toBe(200);
      const p = created.body as { id: string; bases: Array<{ id: string }> };
      const baseUrl = `/api/v1/db/meta/projects/${p.id}/bases/${p.bases[0]!.id}`;
      const data = (path: string) => `/api/v1/db/data/noco/${p.id}/${path}`;
      const tags = (await tables(p.id)).find((t) => t.title === "Tags")!;
      const view = await call("POST", `/api/v1/db/meta/tables/${tags.id}/grids`, { title: "Kept grid" });
      expect(view.status, view.text).toBe(200);

      // The password changes on the server and the room's open connection is cut.
      await sample.query(`ALTER USER '${user}'@'%' IDENTIFIED BY 'second-pass'`);
      for (const row of await sample.query("SELECT id FROM information_schema.processlist WHERE user = ?", [user]))
        await sample.query(`KILL ${Number(row.id)}`);
      const failing = await call("GET", data("Tags"));
      expect(failing.status).toBe(400);
      expect(failing.body.msg).toMatch(/Access denied/);

      const wrong = await call("PATCH", baseUrl, { config: { connection: { password: "not-it" } } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.msg).toMatch(/Access denied/);
      expect(wrong.text).not.toContain("not-it");

      const fixed = await call("PATCH", baseUrl, { config: { connection: { password: "second-pass" } } });
      expect(fixed.status, fixed.text).toBe(200);
      expect(fixed.body.config.connection).toMatchObject({ host: "127.0.0.1", user, database: db });
      expect(fixed.text).not.toContain("second-pass");
      const reads = await call("GET", data("Tags"));
      expect(reads.status, reads.text).toBe(200);
      expect(reads.body.list.length).toBeGreaterThan(0);
      const views = await call("GET", `/api/v1/db/meta/tables/${tags.id}/views`);
      expect(views.body.list.map((v: { title: string }) => v.title)).toContain("Kept grid");
      const engine = await call("PATCH", baseUrl, { config: { client: "pg", connection: {} } });
      expect(engine.status).toBe(400);
      expect(engine.body.msg).toMatch(/engine cannot change/);
    } finally {
      await sample.query(`DROP USER '${user}'@'%'`);
    }
  });
});

// PlanetScale's HTTP API, played by a loopback stand-in running the SQL on MariaDB
// (tests/support/planetscale-fake.ts): the Worker's own fetch reaches it through the driver.
const psDb = await mysqlSample();
describe.skipIf(!psDb)("PlanetScale (HTTP API stand-in) project", () => {
  const sample = psDb!;
  let fake: FakePlanetscale;
  beforeAll(async () => {
    fake = await startFakePlanetscale(
      String((sample.config.connection as Record<string, unknown>).database),
      "ps-user",
      SECRET_PASSWORD,
    );
  });
  afterAll(async () => {
    await fake?.close();
    await sample.drop();
  });

  it("reads, filters and writes the sample through @planetscale/database in the Worker", async () => {
    const conn = sample.config.connection as Record<string, unknown>;
    const res = await call("POST", "/api/v1/db/meta/projects", {
      title: "Shop PlanetScale",
      external: true,
      bases: [
        {
          type: "mysql2",
          config: {
            client: "mysql2",
            connection: {
              host: "127.0.0.1",
              port: fake.port,
              user: "ps-user",
              password: SECRET_PASSWORD,
              database: conn.database,
              params: [{ key: "driver", value: "planetscale" }],
            },
          },
        },
      ],
    });
    expect(res.status, res.text).toBe(200);
    const data = (path: string) => `/api/v1/db/data/noco/${res.body.id}/${path}`;
    const page = await call("GET", data("Orders?where=(Total,gt,10)&sort=-Total&limit=5"));
    expect(page.status, page.text).toBe(200);
    expect(page.body.list.map((r: { Total: number }) => r.Total)).toEqual([99.9, 20]);
    expect(page.body.list[0].Customers).toMatchObject({ Name: "Ada" });
    const created = await call("POST", data("Customers"), { Name: "Zoë", Mood: "ok" });
    expect(created.status, created.text).toBe(200);
    expect((await sample.query("SELECT name, mood FROM customers WHERE id = ?", [created.body.Id]))[0]).toEqual({
      name: "Zoë",
      mood: "ok",
    });
    const refused = await call("POST", data("OrderLines"), { OrderId: 1, LineNo: 8, Qty: -3 });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/qty_positive/);
    // Every statement reached the "API" over HTTP, none of them a prepared statement.
    expect(fake.statements.some((q) => /INSERT INTO `customers`/.test(q) && q.includes("'Zoë'"))).toBe(true);
    await compositeKeyRows(sample, `/api/v1/db/data/bulk/noco/${res.body.id}`, data, () => "?");
  });
});

const sqld = await sqldSample(PORT + 2);
describe.skipIf(!sqld)("libSQL (sqld) project", () => {
  const sample = sqld!;
  afterAll(() => sample.drop());

  it("reads, filters and writes the sample", async () => {
    const p = await createProject(sample, "Shop sqld");
    const data = (path: string) => `/api/v1/db/data/noco/${p.id}/${path}`;
    const all = await tables(p.id, true);
    expect(all.find((t) => t.title === "CustomerTags")!.mm).toBeTruthy();
    expect(all.find((t) => t.title === "BigSpenders")!.type).toBe("view");
    await v2LinkCounts(sample, p.id, all);
    const page = await call("GET", data("Orders?where=(Total,gt,10)&sort=-Total"));
    expect(page.status, page.text).toBe(200);
    expect(page.body.list.map((r: { Total: number }) => r.Total)).toEqual([99.9, 20]);
    const created = await call("POST", data("Tags"), { Label: "sqld" });
    expect(created.status, created.text).toBe(200);
    expect(await sample.query("SELECT label FROM tags WHERE id = ?", [created.body.Id])).toEqual([{ label: "sqld" }]);
    const line = await call("GET", data("OrderLines/1___2"));
    expect(line.body).toMatchObject({ Product: "ink" });
  });
});
