// External PostgreSQL benchmark (issue 20), through wrangler dev on loopback:
// a 1,000,000-row table seeded here in a scratch schema; the first page with a filter and a sort
// through the API against the same SQL run directly with pg from Node (target: within 2x), and
// opening the table (no filter) against an exact count (target: it never waits on one).
// Computed fields (issue 12/20): items belong to one of 1,000 categories (a foreign key, so a
// belongs-to link); a page of items with a lookup of the category's name, and a page of
// categories with a rollup summing the quantity of their 1,000 items each, against the same
// correlated SQL run directly with pg.
import pg from "pg";
import { apiClient, startBenchServer, stats, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PG_URL = process.env.PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const schema = `gb_bench_${Date.now().toString(36)}`;

const db = new pg.Client({ connectionString: PG_URL });
await db.connect();
await db.query(`CREATE SCHEMA ${schema}`);
await db.query(`SET search_path TO ${schema}`);
await db.query("CREATE TABLE categories (id serial PRIMARY KEY, label text NOT NULL)");
await db.query("INSERT INTO categories (label) SELECT 'Category ' || g FROM generate_series(1, 1000) g");
await db.query(
  "CREATE TABLE items (id serial PRIMARY KEY, name text NOT NULL, qty int NOT NULL, price numeric(10,2) NOT NULL, created_at timestamp NOT NULL DEFAULT now(), category_id int)",
);
const seedMs = await timed(() =>
  db.query(
    `INSERT INTO items (name, qty, price) SELECT 'Item ' || g, (g::bigint * 7919) % 1000, ((g::bigint * 104729) % 100000) / 100.0 FROM generate_series(1, $1) g`,
    [ROWS],
  ),
);
await db.query("UPDATE items SET category_id = id % 1000 + 1");
await db.query(
  "ALTER TABLE items ADD CONSTRAINT items_category_fk FOREIGN KEY (category_id) REFERENCES categories (id)",
);
await db.query("CREATE INDEX items_category_idx ON items (category_id)");
await db.query("ANALYZE items");

const server = await startBenchServer({
  port: Number(process.env.BENCH_PORT ?? 8878),
  inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT ?? 8879),
});
try {
  const { call } = await apiClient(server.base);
  const u = new URL(PG_URL);
  const project = await call("POST", "/api/v1/db/meta/projects", {
    title: "Bench PG",
    external: true,
    bases: [
      {
        type: "pg",
        config: {
          client: "pg",
          connection: {
            host: u.hostname,
            port: Number(u.port || 5432),
            user: decodeURIComponent(u.username),
            password: decodeURIComponent(u.password),
            database: u.pathname.slice(1) || "postgres",
          },
          searchPath: [schema],
        },
      },
    ],
  });
  const T = `/api/v1/db/data/noco/${project.id}/Items`;

  // The statement the compiler makes for where=(Qty,gt,500)&sort=-Price&limit=25 (checked in db/query tests' style).
  const direct = {
    text: 'SELECT "id", "name", "qty", "price", "created_at", "category_id" FROM "items" WHERE "qty" > $1 ORDER BY "price" DESC NULLS LAST, "id" ASC LIMIT $2 OFFSET $3',
    values: [500, 25, 0],
  };
  const apiPage = `${T}?where=${encodeURIComponent("(Qty,gt,500)")}&sort=-Price&limit=25`;

  async function sample(fn) {
    await fn();
    const out = [];
    for (let i = 0; i < SAMPLES; i++) out.push(await timed(fn));
    return stats(out);
  }
  let firstIds = [];
  const viaApi = await sample(async () => {
    const page = await call("GET", apiPage);
    firstIds = page.list.map((r) => r.Id);
  });
  let directIds = [];
  const viaPg = await sample(async () => {
    directIds = (await db.query(direct)).rows.map((r) => r.id);
  });
  if (JSON.stringify(firstIds) !== JSON.stringify(directIds))
    throw new Error("the API page and the direct query disagree");

  // Computed fields: a lookup through the belongs-to link, a rollup through the has-many one.
  const meta = async (title) => {
    const list = (await call("GET", `/api/v1/db/meta/projects/${project.id}/tables`)).list;
    return call("GET", `/api/v1/db/meta/tables/${list.find((t) => t.title === title).id}`);
  };
  const items = await meta("Items");
  const categories = await meta("Categories");
  const col = (t, title) => t.columns.find((c) => c.title === title).id;
  await call("POST", `/api/v1/db/meta/tables/${items.id}/columns`, {
    uidt: "Lookup",
    title: "Category name",
    fk_relation_column_id: col(items, "Categories"),
    fk_lookup_column_id: col(categories, "Label"),
  });
  await call("POST", `/api/v1/db/meta/tables/${categories.id}/columns`, {
    uidt: "Rollup",
    title: "Total qty",
    fk_relation_column_id: col(categories, "ItemsList"),
    fk_rollup_column_id: col(items, "Qty"),
    rollup_function: "sum",
  });
  const lookupPage = `${T}?where=${encodeURIComponent("(Qty,gt,500)")}&sort=-Price&limit=25&fields=Id,Name,Qty,Price,Category name`;
  const lookupDirect = {
    text: 'SELECT "id", "name", "qty", "price", (SELECT c."label" FROM "categories" c WHERE c."id" = "items"."category_id") AS "category" FROM "items" WHERE "qty" > $1 ORDER BY "price" DESC NULLS LAST, "id" ASC LIMIT $2 OFFSET $3',
    values: [500, 25, 0],
  };
  let lookupRows = [];
  const lookupApi = await sample(async () => {
    lookupRows = (await call("GET", lookupPage)).list;
  });
  let lookupPg = [];
  const lookupViaPg = await sample(async () => {
    lookupPg = (await db.query(lookupDirect)).rows;
  });
  if (JSON.stringify(lookupRows.map((r) => r["Category name"])) !== JSON.stringify(lookupPg.map((r) => r.category)))
    throw new Error("the lookup page and the direct query disagree");
  const rollupPage = `/api/v1/db/data/noco/${project.id}/Categories?limit=25&sort=Id&fields=Id,Label,Total qty`;
  const rollupDirect = {
    text: 'SELECT "id", "label", (SELECT COALESCE(SUM(i."qty"), 0) FROM "items" i WHERE i."category_id" = "categories"."id") AS "total" FROM "categories" ORDER BY "id" LIMIT $1 OFFSET $2',
    values: [25, 0],
  };
  let rollupRows = [];
  const rollupApi = await sample(async () => {
    rollupRows = (await call("GET", rollupPage)).list;
  });
  let rollupPg = [];
  const rollupViaPg = await sample(async () => {
    rollupPg = (await db.query(rollupDirect)).rows;
  });
  if (JSON.stringify(rollupRows.map((r) => r["Total qty"])) !== JSON.stringify(rollupPg.map((r) => Number(r.total))))
    throw new Error("the rollup page and the direct query disagree");

  let opened;
  const open = await sample(async () => {
    opened = await call("GET", `${T}?limit=25`);
  });
  const exactCount = await sample(() => db.query("SELECT count(*) FROM items"));

  console.log(
    JSON.stringify(
      {
        rows: ROWS,
        seedSeconds: +(seedMs / 1000).toFixed(1),
        firstPageFilterSort: {
          apiMs: viaApi,
          directPgMs: viaPg,
          ratioP50: +(viaApi.p50 / viaPg.p50).toFixed(2),
          target: "<= 2",
        },
        lookupPageFilterSort: {
          apiMs: lookupApi,
          directPgMs: lookupViaPg,
          ratioP50: +(lookupApi.p50 / lookupViaPg.p50).toFixed(2),
        },
        rollupPage: {
          apiMs: rollupApi,
          directPgMs: rollupViaPg,
          ratioP50: +(rollupApi.p50 / rollupViaPg.p50).toFixed(2),
        },
        openTable: {
          apiMs: open,
          exactCountMs: exactCount,
          totalRows: opened.pageInfo.totalRows,
          approximate: Boolean(opened.pageInfo.approximate),
        },
      },
      null,
      2,
    ),
  );
} finally {
  server.stop();
  await db.query(`DROP SCHEMA ${schema} CASCADE`);
  await db.end();
}
