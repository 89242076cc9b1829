// External database schema sync (issue 42 item 13), through the built Worker on loopback, on a
// PostgreSQL scratch schema with a 50-column table of 1,000 rows:
// - the scheduled sync's check on a list when nothing is due: the list's p50 with the schedule on
//   (EXTERNAL_SYNC_MINUTES=60, synced at attach) against the same list with it off (0), on two
//   servers one after the other (target: no difference beyond noise);
// - a sync of the project's schema (POST meta-diff): nothing changed, and one column added each time.
import pg from "pg";
import { apiClient, startBenchServer, stats, timed } from "./server.mjs";

const PG_URL = process.env.PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const COLUMNS = 50;
const schema = `gb_bench_sync_${Date.now().toString(36)}`;

const db = new pg.Client({ connectionString: PG_URL });
await db.connect();
await db.query(`CREATE SCHEMA ${schema}`);
await db.query(`SET search_path TO ${schema}`);
const cols = Array.from(
  { length: COLUMNS - 1 },
  (_, i) => `c${i + 1} ${["text", "int", "numeric(10,2)", "boolean", "date"][i % 5]}`,
);
await db.query(`CREATE TABLE wide (id serial PRIMARY KEY, ${cols.join(", ")})`);
await db.query("INSERT INTO wide (c1, c2) SELECT 'row ' || g, g FROM generate_series(1, 1000) g");

const u = new URL(PG_URL);
const base = {
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
};

async function sample(fn, n = SAMPLES) {
  await fn();
  const out = [];
  for (let i = 0; i < n; i++) out.push(await timed(fn));
  return stats(out);
}

/** A server with EXTERNAL_SYNC_MINUTES = minutes; `run` gets the API caller and the project's id. */
async function withServer(minutes, run) {
  const server = await startBenchServer({
    port: Number(process.env.BENCH_PORT ?? 8882),
    inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT ?? 8883),
    vars: { EXTERNAL_SYNC_MINUTES: String(minutes) },
  });
  try {
    const { call } = await apiClient(server.base);
    const project = await call("POST", "/api/v1/db/meta/projects", {
      title: "Sync bench",
      external: true,
      bases: [base],
    });
    return await run(call, project.id);
  } finally {
    server.stop();
  }
}

const list = (call, pid) => call("GET", `/api/v1/db/data/noco/${pid}/Wide?limit=25`);
let added = 0;
try {
  const scheduleOn = await withServer(60, async (call, pid) => {
    const listMs = await sample(() => list(call, pid));
    const unchanged = await sample(() => call("POST", `/api/v1/db/meta/projects/${pid}/meta-diff`), 15);
    const withNewColumn = await sample(async () => {
      await db.query(`ALTER TABLE wide ADD COLUMN extra${++added} text`);
      await call("POST", `/api/v1/db/meta/projects/${pid}/meta-diff`);
    }, 15);
    return { listMs, unchanged, withNewColumn };
  });
  const scheduleOff = await withServer(0, (call, pid) => sample(() => list(call, pid)));
  console.log(
    JSON.stringify(
      {
        columns: COLUMNS,
        listNothingDue: {
          scheduleOnMs: scheduleOn.listMs,
          scheduleOffMs: scheduleOff,
          differenceP50Ms: +(scheduleOn.listMs.p50 - scheduleOff.p50).toFixed(2),
        },
        syncOf50Columns: { unchangedMs: scheduleOn.unchanged, oneColumnAddedMs: scheduleOn.withNewColumn },
      },
      null,
      2,
    ),
  );
} finally {
  await db.query(`DROP SCHEMA ${schema} CASCADE`);
  await db.end();
}
