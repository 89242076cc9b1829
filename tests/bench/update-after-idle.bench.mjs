// Single-row update latency after a pause (issue 14): whether the update figure of the side-by-side
// rows bench is slower for us than our update measured alone. There each figure runs on us first,
// so we always sit idle through the peer's (long) share of the figure before; the peer sits idle
// only through our (short) share. (Seen once as slower; on 2026-11-27 the medians after our own
// work and after the pause were 1.64 / 1.58 and 1.44 / 1.35 ms in two runs: no difference.) Here, on our server alone, the rows bench's table and its
// 10-reader figure, then 20 updates right after it and 20 after it and a pause of IDLE_MS
// (default 6,000, about NocoDB's share of that figure), REPS times (default 5); prints each p50
// and their medians. BENCH_ROWS (default 10,000), BENCH_PORT.
import { makeTable, prepare, q, row } from "./api-figures.mjs";
import { startBenchServer, stats, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const IDLE_MS = Number(process.env.IDLE_MS ?? 6_000);
const REPS = Number(process.env.REPS ?? 5);

const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 8790) });
try {
  const s = await prepare(server.base);
  await makeTable(s);
  for (let i = 0; i < ROWS; i += 1000)
    await s.call(
      "POST",
      s.bulk,
      Array.from({ length: Math.min(1000, ROWS - i) }, (_, k) => row(i + k)),
    );
  const readers = () =>
    Promise.all(
      Array.from({ length: 10 }, async (_, w) => {
        for (let i = 0; i < 20; i++) await s.call("GET", `${s.data}${q}&offset=${((w + i) % 5) * 25}`);
      }),
    );
  let next = 1;
  const updates = async () => {
    const times = [];
    for (let i = 0; i < 20; i++, next++)
      times.push(await timed(() => s.call("PATCH", `${s.data}/${next}`, { Amount: next % 1000 })));
    return stats(times).p50;
  };
  const afterOwnWork = [];
  const afterPause = [];
  for (let r = 0; r < REPS; r++) {
    await readers();
    afterOwnWork.push(await updates());
    await readers();
    await new Promise((done) => setTimeout(done, IDLE_MS));
    afterPause.push(await updates());
  }
  const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  console.log(
    JSON.stringify(
      {
        idle_ms: IDLE_MS,
        update_p50_ms_after_own_work: afterOwnWork,
        update_p50_ms_after_pause: afterPause,
        median_after_own_work: median(afterOwnWork),
        median_after_pause: median(afterPause),
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
}
