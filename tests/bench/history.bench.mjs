// Record history (issue 35): one record with ENTRIES history entries (default 1,000: single-field
// updates through the API, a third of them written as pre-issue-33 stored values would read the
// same), then the time to read its whole history (GET /audits/comments, REPS times, default 20)
// and to restore a version from the middle of it (POST /audits/{id}/restore, REPS times: each
// restore reads the history, computes the version and writes one update with its entry).
// Prints p50/p95/max in ms. BENCH_PORT moves the server.
import { apiClient, startBenchServer, stats, timed } from "./server.mjs";

const ENTRIES = Number(process.env.ENTRIES ?? 1_000);
const REPS = Number(process.env.REPS ?? 20);

const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 8790) });
try {
  const { call } = await apiClient(server.base);
  const project = await call("POST", "/api/v1/db/meta/projects", { title: `history${Date.now() % 100000}` });
  const table = await call("POST", `/api/v1/db/meta/projects/${project.id}/tables`, {
    table_name: "notes",
    title: "Notes",
    columns: [
      { title: "Title", uidt: "SingleLineText" },
      { title: "Count", uidt: "Number" },
      { title: "Done", uidt: "Checkbox" },
      { title: "Due", uidt: "Date" },
    ],
  });
  const data = `/api/v1/db/data/noco/${project.id}/${table.id}`;
  await call("POST", data, { Title: "note", Count: 0 });
  const writeStart = performance.now();
  for (let i = 1; i <= ENTRIES; i++) {
    const body =
      i % 3 === 0
        ? { Title: `note ${i}`, Done: i % 2 === 0 }
        : i % 3 === 1
          ? { Count: i }
          : { Due: `2026-${String((i % 12) + 1).padStart(2, "0")}-01` };
    await call("PATCH", `${data}/1`, body);
  }
  const writeMs = performance.now() - writeStart;
  const history = `/api/v1/db/meta/audits/comments?fk_model_id=${table.id}&row_id=1`;
  const entries = (await call("GET", history)).list;
  if (entries.length < ENTRIES) throw new Error(`expected ${ENTRIES} entries, got ${entries.length}`);

  const reads = [];
  for (let i = 0; i < REPS; i++) reads.push(await timed(() => call("GET", history)));
  const middle = entries[Math.floor(entries.length / 2)].id;
  const restores = [];
  for (let i = 0; i < REPS; i++)
    restores.push(
      await timed(() => call("POST", `/api/v1/db/meta/audits/${middle}/restore`, { fk_model_id: table.id, row_id: 1 })),
    );
  console.log(
    JSON.stringify(
      {
        entries: entries.length,
        updates_written_ms_each: +(writeMs / ENTRIES).toFixed(2),
        history_read_ms: stats(reads),
        restore_version_ms: stats(restores),
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
