// v2 API benchmark (issue 40): the same page of the same query through NocoDB's v2 route
// (`GET /api/v2/tables/{tableId}/records`) and our v1 route (`GET /api/v1/db/data/noco/{project}/
// {table}`), alternated request by request so load on the shared machine weighs on both alike.
// Target: v2 p50 within 10 % of v1 p50.
//   npm run bench v2          (BENCH_ROWS default 10000, BENCH_SAMPLES default 300, BENCH_PORT 8790)
import { apiClient, startBenchServer, stats, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 8790) });
let out;
try {
  const { token, call } = await apiClient(server.base);
  const project = await call("POST", "/api/v1/db/meta/projects", { title: `v2 bench ${Date.now()}` });
  const table = await call("POST", `/api/v1/db/meta/projects/${project.id}/tables`, {
    table_name: "Items",
    title: "Items",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Amount", uidt: "Number" },
      { title: "Status", uidt: "SingleLineText" },
    ],
  });
  for (let i = 0; i < ROWS; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, ROWS - i) }, (_, k) => ({
      Name: `item ${i + k}`,
      Amount: (i + k) % 997,
      Status: ["open", "closed", "waiting"][(i + k) % 3],
    }));
    await call("POST", `/api/v2/tables/${table.id}/records`, rows);
  }
  // Each item has two parts (a has-many link, `Parts`): v1 reads them as records, v2 as their
  // number (a correlated COUNT in the same statement, NocoDB's `Links` value).
  const parts = await call("POST", `/api/v1/db/meta/projects/${project.id}/tables`, {
    table_name: "Parts",
    title: "Parts",
    columns: [{ title: "Label", uidt: "SingleLineText" }],
  });
  await call("POST", `/api/v1/db/meta/tables/${table.id}/columns`, {
    uidt: "Links",
    title: "Parts",
    parentId: table.id,
    childId: parts.id,
    type: "hm",
  });
  const back = (await call("GET", `/api/v1/db/meta/tables/${parts.id}`)).columns.find(
    (c) => c.uidt === "LinkToAnotherRecord" && c.colOptions?.type === "bt",
  ).title;
  for (let i = 0; i < ROWS * 2; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, ROWS * 2 - i) }, (_, k) => ({
      Label: `part ${i + k}`,
      [back]: { Id: ((i + k) % ROWS) + 1 },
    }));
    await call("POST", `/api/v2/tables/${parts.id}/records`, rows);
  }
  const query = `where=${encodeURIComponent("(Status,eq,open)~and(Amount,gt,100)")}&sort=-Amount&limit=25&offset=50`;
  const routes = {
    v1: `/api/v1/db/data/noco/${project.id}/${table.id}?${query}`,
    v2: `/api/v2/tables/${table.id}/records?${query}`,
  };
  const get = async (path) => {
    const res = await fetch(server.base + path, { headers: { "xc-auth": token } });
    if (!res.ok) throw new Error(`${path} -> ${res.status} ${await res.text()}`);
    return res.json();
  };
  // Same rows both ways, then warm-up.
  const [a, b] = [await get(routes.v1), await get(routes.v2)];
  const asCounts = a.list.map((r) => ({ ...r, Parts: r.Parts.length }));
  if (JSON.stringify(asCounts) !== JSON.stringify(b.list)) throw new Error("v1 and v2 pages differ");
  if (!b.list.every((r) => r.Parts === 2)) throw new Error("v2 does not count two parts per item");
  for (let i = 0; i < 20; i++) await Promise.all([get(routes.v1), get(routes.v2)]);
  const samples = { v1: [], v2: [] };
  for (let i = 0; i < SAMPLES; i++) {
    const order = i % 2 ? ["v1", "v2"] : ["v2", "v1"];
    for (const k of order) samples[k].push(await timed(() => get(routes[k])));
  }
  const v1 = stats(samples.v1);
  const v2 = stats(samples.v2);
  out = {
    rows: ROWS,
    parts: ROWS * 2,
    query,
    v1,
    v2,
    v2_over_v1_p50: +(v2.p50 / v1.p50).toFixed(3),
    target: "<= 1.10",
  };
} finally {
  await server.stop();
}
console.log(JSON.stringify(out, null, 2));
