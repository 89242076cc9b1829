// Load test (issue 13): 20 clients for 20 s against wrangler dev on loopback, mixing reads and
// writes on one table. Bounded: a fixed duration, a timeout on every request and on the run.
// It checks that no write was lost or invented: the table's final count and ids equal the
// inserts that were answered 200, and every update that was answered 200 is what a read shows.
// Exits non-zero on a mismatch or on any 5xx. BENCH_PORT / BENCH_INSPECTOR_PORT pick the ports.
import { apiClient, startBenchServer, stats } from "./server.mjs";

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 20);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const REQUEST_TIMEOUT_MS = 30_000;
const RUN_LIMIT_MS = (SECONDS + 240) * 1000;

const guard = setTimeout(() => {
  console.error(JSON.stringify({ error: `load test still running after ${RUN_LIMIT_MS / 1000} s; stopped` }));
  process.exit(2);
}, RUN_LIMIT_MS);
guard.unref();

const server = await startBenchServer();
let exitCode = 0;
try {
  const { token, call } = await apiClient(server.base);
  const project = await call("POST", "/api/v1/db/meta/projects", { title: "Load" });
  await call("POST", `/api/v1/db/meta/projects/${project.id}/tables`, {
    table_name: "Load",
    columns: [
      { title: "Title", uidt: "SingleLineText" },
      { title: "N", uidt: "Number" },
      { title: "Note", uidt: "LongText" },
    ],
  });
  const T = `${server.base}/api/v1/db/data/noco/${project.id}/Load`;

  /** One request; never throws: a network error or timeout is status 0. */
  async function send(method, url, body) {
    const t = performance.now();
    try {
      const res = await fetch(url, {
        method,
        headers: { "xc-auth": token, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const json = await res.json().catch(() => null);
      return { status: res.status, json, ms: performance.now() - t };
    } catch {
      return { status: 0, json: null, ms: performance.now() - t };
    }
  }

  const latencies = { insert: [], update: [], list: [], read: [], count: [] };
  const statuses = {};
  const inserted = new Set(); // ids answered 200
  const lastUpdate = new Map(); // id -> N value of the last update answered 200 (one writer per row)
  const until = Date.now() + SECONDS * 1000;

  async function client(k) {
    const mine = [];
    let i = 0;
    while (Date.now() < until) {
      i += 1;
      const roll = Math.random();
      let kind;
      let res;
      if (roll < 0.4 || mine.length === 0) {
        kind = "insert";
        res = await send("POST", T, { Title: `c${k}-${i}`, N: i, Note: "x".repeat(200) });
        if (res.status === 200 && Number.isInteger(res.json?.Id)) {
          inserted.add(res.json.Id);
          mine.push(res.json.Id);
        }
      } else if (roll < 0.55) {
        kind = "update";
        const id = mine[Math.floor(Math.random() * mine.length)];
        const n = 1_000_000 + k * 10_000 + i;
        res = await send("PATCH", `${T}/${id}`, { N: n });
        if (res.status === 200) lastUpdate.set(id, n);
      } else if (roll < 0.8) {
        kind = "list";
        res = await send(
          "GET",
          `${T}?limit=25&offset=${Math.floor(Math.random() * Math.max(1, inserted.size))}&sort=-N`,
        );
      } else if (roll < 0.9) {
        kind = "read";
        res = await send("GET", `${T}/${mine[Math.floor(Math.random() * mine.length)]}`);
      } else {
        kind = "count";
        res = await send("GET", `${T}/count`);
      }
      latencies[kind].push(res.ms);
      const key = `${kind} ${res.status}`;
      statuses[key] = (statuses[key] ?? 0) + 1;
    }
  }

  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, (_, k) => client(k)));
  const elapsed = (performance.now() - started) / 1000;

  // The final state, read after every client stopped.
  const finalCount = (await call("GET", `/api/v1/db/data/noco/${project.id}/Load/count`)).count;
  const rows = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await call("GET", `/api/v1/db/data/noco/${project.id}/Load?limit=1000&offset=${offset}&fields=Id,N`);
    rows.push(...page.list);
    if (page.list.length < 1000) break;
  }
  const stored = new Map(rows.map((r) => [r.Id, r.N]));
  const lost = [...inserted].filter((id) => !stored.has(id));
  const unexpected = rows.filter((r) => !inserted.has(r.Id)).map((r) => r.Id);
  const staleUpdates = [...lastUpdate].filter(([id, n]) => stored.get(id) !== n).map(([id]) => id);
  const serverErrors = Object.entries(statuses)
    .filter(([k]) => /\s(5\d\d|0)$/.test(k))
    .reduce((n, [, v]) => n + v, 0);
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);

  const figures = {
    clients: CLIENTS,
    seconds: +elapsed.toFixed(1),
    requests: total,
    requestsPerSecond: Math.round(total / elapsed),
    statuses,
    latencyMs: Object.fromEntries(
      Object.entries(latencies)
        .filter(([, v]) => v.length)
        .map(([k, v]) => [k, stats(v)]),
    ),
    successfulInserts: inserted.size,
    successfulUpdatedRows: lastUpdate.size,
    finalCount,
    listedRows: rows.length,
    lostWrites: lost.length,
    unexpectedRows: unexpected.length,
    staleUpdates: staleUpdates.length,
    serverErrors,
  };
  const ok =
    finalCount === inserted.size &&
    rows.length === inserted.size &&
    !lost.length &&
    !unexpected.length &&
    !staleUpdates.length &&
    !serverErrors;
  console.log(JSON.stringify({ load: figures, ok }, null, 2));
  if (!ok) exitCode = 1;
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  server.stop();
}
process.exit(exitCode);
