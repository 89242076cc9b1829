// Rows API benchmark (issue: data API targets) through wrangler dev on loopback:
// 100k rows x 8 typed columns; bulk insert rate, list latencies, concurrent throughput, updates.
import { ITEM_COLUMNS, itemRow } from "./items.mjs";
import { apiClient, startBenchServer, stats, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const BATCH = 10_000;
const server = await startBenchServer();
try {
  const { call } = await apiClient(server.base);
  const project = await call("POST", "/api/v1/db/meta/projects", { title: "Bench" });
  await call("POST", `/api/v1/db/meta/projects/${project.id}/tables`, { table_name: "Items", columns: ITEM_COLUMNS });
  const T = `/api/v1/db/data/noco/${project.id}/Items`;
  const B = `/api/v1/db/data/bulk/noco/${project.id}/Items`;
  const row = itemRow;

  // Batches are built before the clock starts; two requests in flight, as the web import sends them.
  const batches = [];
  for (let start = 0; start < ROWS; start += BATCH) batches.push(Array.from({ length: Math.min(BATCH, ROWS - start) }, (_, k) => row(start + k)));
  const insertMs = await timed(async () => {
    const queue = [...batches];
    await Promise.all([0, 1].map(async () => {
      while (queue.length) await call("POST", B, queue.shift());
    }));
  });
  const rate = Math.round(ROWS / (insertMs / 1000));

  async function latency(path, n = 200) {
    await call("GET", path); // first call may build an index or fill the count cache
    const samples = [];
    for (let i = 0; i < n; i++) samples.push(await timed(() => call("GET", path)));
    return stats(samples);
  }
  const plain = await latency(`${T}?limit=25`);
  const filtered = await latency(`${T}?limit=25&where=(Points,gt,500)~and(Status,eq,Doing)&sort=-Price`);
  const like = await latency(`${T}?limit=25&where=(Name,like,%25item 99%25)`);
  const deep = await latency(`${T}?limit=25&offset=90000`);

  let done = 0;
  const until = Date.now() + 5000;
  await Promise.all(Array.from({ length: 10 }, async (_, k) => {
    while (Date.now() < until) {
      await call("GET", `${T}?limit=25&offset=${(k * 1000 + done) % 90_000}`);
      done++;
    }
  }));
  const throughput = Math.round(done / 5);

  const updates = [];
  for (let i = 0; i < 200; i++) updates.push(await timed(() => call("PATCH", `${T}/${1 + ((i * 389) % ROWS)}`, { Points: i })));

  const figures = {
    rows: ROWS,
    bulkInsertRowsPerSecond: rate,
    listPlainMs: plain,
    listTwoTermFilterAndSortMs: filtered,
    listLikeMs: like,
    listOffset90kMs: deep,
    concurrentListRequestsPerSecond: throughput,
    singleRowUpdateMs: stats(updates),
  };
  console.log(JSON.stringify(figures, null, 2));
} finally {
  server.stop();
}
