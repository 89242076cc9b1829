// Webhooks benchmark (issue 21): a write must not wait for its deliveries. Measures single-row
// insert latency without and with 3 active insert hooks (one with a condition), a 1000-row bulk
// insert both ways, and the delivery lag (write answered -> receiver got it) to a loopback receiver.
import { createServer } from "node:http";
import { apiClient, startBenchServer, stats, timed } from "./server.mjs";

const N = Number(process.env.BENCH_WRITES ?? 200);
const arrivals = new Map(); // `${hook}:${marker}` -> ms
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (c) => (body += c));
  req.on("end", () => {
    const at = performance.now();
    const hook = req.url.split("/").pop();
    try {
      for (const row of JSON.parse(body).data.rows) arrivals.set(`${hook}:${row.Name}`, at);
    } catch {
      /* not a payload */
    }
    res.writeHead(200, { "content-type": "application/json" });
    res.end("{}");
  });
});
await new Promise((r) => receiver.listen(0, "127.0.0.1", r));
const target = `http://127.0.0.1:${receiver.address().port}`;

const server = await startBenchServer({
  port: Number(process.env.BENCH_PORT ?? 8881),
  inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT ?? 8981),
});
try {
  const { call } = await apiClient(server.base);
  const project = await call("POST", "/api/v1/db/meta/projects", { title: "Webhooks bench" });
  const table = await call("POST", `/api/v1/db/meta/projects/${project.id}/tables`, {
    table_name: "Items",
    columns: [{ title: "Name" }, { title: "Value", uidt: "Number" }],
  });
  const value = table.columns.find((c) => c.title === "Value");
  const T = `/api/v1/db/data/noco/${project.id}/Items`;
  const B = `/api/v1/db/data/bulk/noco/${project.id}/Items`;
  const insertLatency = async (prefix) => {
    const samples = [];
    const answered = new Map();
    for (let i = 0; i < N; i++) {
      const name = `${prefix}-${i}`;
      samples.push(await timed(() => call("POST", T, { Name: name, Value: i })));
      answered.set(name, performance.now());
    }
    return { samples, answered };
  };
  const bulk = (prefix) =>
    timed(() =>
      call(
        "POST",
        B,
        Array.from({ length: 1000 }, (_, i) => ({ Name: `${prefix}-${i}`, Value: i })),
      ),
    );

  // Warm-up, then without hooks.
  await insertLatency("warm");
  const plain = await insertLatency("plain");
  const plainBulk = await bulk("plainbulk");

  const hooks = [
    {
      title: "h1",
      operation: "insert",
      notification: { type: "URL", payload: { method: "POST", path: `${target}/h1` } },
    },
    {
      title: "h2",
      operation: "insert",
      notification: { type: "URL", payload: { method: "POST", path: `${target}/h2` } },
    },
    {
      title: "h3",
      operation: "insert",
      notification: { type: "URL", payload: { method: "POST", path: `${target}/h3` } },
      filters: [{ fk_column_id: value.id, comparison_op: "gte", value: "0" }],
    },
    {
      title: "b1",
      operation: "bulkInsert",
      notification: { type: "URL", payload: { method: "POST", path: `${target}/b1` } },
    },
  ];
  for (const h of hooks) await call("POST", `/api/v1/db/meta/tables/${table.id}/hooks`, h);
  const hooked = await insertLatency("hooked");
  const hookedBulk = await bulk("hookedbulk");

  // Wait for every delivery (3 hooks x N rows, and the bulk message).
  const expected = N * 3;
  const deadline = Date.now() + 60_000;
  const delivered = () => [...arrivals.keys()].filter((k) => /^(h1|h2|h3):hooked-/.test(k)).length;
  while (delivered() < expected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const lag = [];
  for (const [name, at] of hooked.answered)
    for (const h of ["h1", "h2", "h3"]) {
      const got = arrivals.get(`${h}:${name}`);
      if (got !== undefined) lag.push(got - at);
    }
  console.log(
    JSON.stringify(
      {
        writes: N,
        insertMs: { withoutHooks: stats(plain.samples), with3Hooks: stats(hooked.samples) },
        bulkInsert1000Ms: { withoutHooks: +plainBulk.toFixed(1), withBulkHook: +hookedBulk.toFixed(1) },
        deliveries: {
          expected,
          delivered: delivered(),
          bulkDelivered: [...arrivals.keys()].filter((k) => k.startsWith("b1:hookedbulk-")).length,
        },
        deliveryLagMs: stats(lag),
      },
      null,
      2,
    ),
  );
} finally {
  server.stop();
  receiver.close();
}
