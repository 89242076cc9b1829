// External PostgreSQL benchmark (issue 20), through wrangler dev on loopback:
// a 1,000,000-row table seeded here in a scratch schema; the first page with a filter and a sort
// through the API against the same SQL run directly with pg from Node (target: within 2x), and
// opening the table (no filter) against an exact count (target: it never waits on one).
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
await db.query("CREATE TABLE items (id serial PRIMARY KEY, name text NOT NULL, qty int NOT NULL, price numeric(10,2) NOT NULL, created_at timestamp NOT NULL DEFAULT now())");
const seedMs = await timed(() =>
  db.query(
    `INSERT INTO items (name, qty, price) SELECT 'Item ' || g, (g::bigint * 7919) % 1000, ((g::bigint * 104729) % 100000) / 100.0 FROM generate_series(1, $1) g`,
    [ROWS],
  ),
);
await db.query("ANALYZE items");

const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 8878), inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT ?? 8879) });
try {
  const { call } = await apiClient(server.base);
  const u = new URL(PG_URL);
  const project = await call("POST", "/api/v1/db/meta/projects", {
    title: "Bench PG",
    external: true,
    bases: [{ type: "pg", config: { client: "pg", connection: { host: u.hostname, port: Number(u.port || 5432), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password), database: u.pathname.slice(1) || "postgres" }, searchPath: [schema] } }],
  });
  const T = `/api/v1/db/data/noco/${project.id}/Items`;

  // The statement the compiler makes for where=(Qty,gt,500)&sort=-Price&limit=25 (checked in db/query tests' style).
  const direct = {
    text: 'SELECT "id", "name", "qty", "price", "created_at" FROM "items" WHERE "qty" > $1 ORDER BY "price" DESC NULLS LAST, "id" ASC LIMIT $2 OFFSET $3',
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
  if (JSON.stringify(firstIds) !== JSON.stringify(directIds)) throw new Error("the API page and the direct query disagree");

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
        firstPageFilterSort: { apiMs: viaApi, directPgMs: viaPg, ratioP50: +(viaApi.p50 / viaPg.p50).toFixed(2), target: "<= 2" },
        openTable: { apiMs: open, exactCountMs: exactCount, totalRows: opened.pageInfo.totalRows, approximate: Boolean(opened.pageInfo.approximate) },
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
