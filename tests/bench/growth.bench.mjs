// Growth (issue 36): inserts while a table grows from START to ROWS rows WITH the indexes its
// sorted reads make (the sorted and filtered pages are asked first, at START rows), and the reads
// at START and at ROWS rows: sorted page, filter + sort, count with a filter (a different filter
// per request: the exact count is cached until a write), the plain count, group by a select.
// Counts and groups (issue 36, db/rows/count-index.ts, group-counts.ts): the first count with a
// filter and the first group-by make their index / maintained counts, so each is timed on its own
// before its p50; at the end, 1,000-row inserts with the sort indexes kept, then with the count
// index and the group counts kept too (each insert followed by the reads that keep them).
// Ours only; the same table and requests as rows.bench.mjs (api-figures.mjs).
//   npm run bench growth      BENCH_ROWS (default 1000000), BENCH_START (default 100000), BENCH_PORT
import { makeTable, prepare, q, row } from "./api-figures.mjs";
import { startBenchServer, stats, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const START = Number(process.env.BENCH_START ?? 100_000);
const SAMPLES = 20;

const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 8790) });
const out = { start: START, rows: ROWS };
try {
  const side = await prepare(server.base);
  await makeTable(side);
  const insert = async (from, to) =>
    timed(async () => {
      for (let i = from; i < to; i += 1000)
        await side.call(
          "POST",
          side.bulk,
          Array.from({ length: Math.min(1000, to - i) }, (_, k) => row(i + k)),
        );
    });
  const p50 = async (path) => {
    const samples = [];
    for (let i = 0; i < SAMPLES; i++) samples.push(await timed(() => side.call("GET", path(i))));
    return stats(samples).p50;
  };
  // The first sorted and filtered page after the growth on their own: they (re)make a dropped index.
  const reads = async () => ({
    sort_first_ms: await timed(() => side.call("GET", `${side.data}?limit=25&sort=-Price`)),
    filter_sort_first_ms: await timed(() => side.call("GET", side.data + q)),
    sort_p50_ms: await p50(() => `${side.data}?limit=25&sort=-Price`),
    filter_sort_p50_ms: await p50((i) => `${side.data}${q}&offset=${(i % 5) * 25}`),
    count_filter_first_ms: await timed(() =>
      side.call("GET", `${side.data}/count?where=${encodeURIComponent("(Amount,gt,99)~and(Category,eq,cat3)")}`),
    ),
    count_filter_p50_ms: await p50(
      (i) => `${side.data}/count?where=${encodeURIComponent(`(Amount,gt,${100 + i})~and(Category,eq,cat3)`)}`,
    ),
    // The unfiltered count right after a write (which clears the cached counts): 5 times.
    count_plain_after_write_p50_ms: await (async () => {
      const samples = [];
      for (let i = 1; i <= 5; i++) {
        await side.call("PATCH", `${side.data}/${i}`, { Amount: i });
        samples.push(await timed(() => side.call("GET", `${side.data}/count`)));
      }
      return stats(samples).p50;
    })(),
    group_first_ms: await timed(() => side.call("GET", `${side.data}/groupby?column_name=Category`)),
    group_p50_ms: await p50(() => `${side.data}/groupby?column_name=Category`),
    // The plain count once more, now that the group-by's counts exist (their sum answers it).
    count_plain_after_group_p50_ms: await (async () => {
      const samples = [];
      for (let i = 1; i <= 5; i++) {
        await side.call("PATCH", `${side.data}/${i}`, { Amount: i + 1 });
        samples.push(await timed(() => side.call("GET", `${side.data}/count`)));
      }
      return stats(samples).p50;
    })(),
  });
  out.insert_to_start_rows_per_s = Math.round(START / ((await insert(0, START)) / 1000));
  // The first sorted and filtered pages make the sort indexes (db/rows/auto-index.ts).
  const first = [
    await timed(() => side.call("GET", `${side.data}?limit=25&sort=-Price`)),
    await timed(() => side.call("GET", side.data + q)),
  ];
  out.at_start = await reads();
  out.indexes_made_first_ms = first;
  console.error(JSON.stringify(out));
  // The growth in tenths, each tenth's rate on its own: a rate that falls as the table grows shows.
  const step = Math.ceil((ROWS - START) / 9);
  out.insert_windows_rows_per_s = [];
  let totalMs = 0;
  for (let from = START; from < ROWS; from += step) {
    const to = Math.min(ROWS, from + step);
    const ms = await insert(from, to);
    totalMs += ms;
    out.insert_windows_rows_per_s.push(Math.round((to - from) / (ms / 1000)));
    console.error(`${to} rows: ${out.insert_windows_rows_per_s.at(-1)} rows/s`);
  }
  out.insert_growing_rows_per_s = Math.round((ROWS - START) / (totalMs / 1000));
  // The upkeep at full size, 20 × 1,000 rows, each followed by reads that keep what they use:
  // first the sorted pages only (their two sort indexes kept: the state before issue 36's counts),
  // then, after the reads at ROWS made them, also a count with a filter and the group-by (the
  // count index and the group counts kept as well). The difference is what counts add to inserts.
  const upkeep = async (from, counts) => {
    let ms = 0;
    for (let k = 0; k < 20; k++) {
      ms += await insert(from + k * 1000, from + (k + 1) * 1000);
      await side.call("GET", `${side.data}?limit=25&sort=-Price`);
      await side.call("GET", side.data + q);
      if (counts) {
        const where = encodeURIComponent(`(Amount,gt,${k})~and(Category,eq,cat3)`);
        await side.call("GET", `${side.data}/count?where=${where}`);
        await side.call("GET", `${side.data}/groupby?column_name=Category`);
      }
    }
    return Math.round(20_000 / (ms / 1000));
  };
  // The sorted pages first make the sort indexes the growth dropped again.
  out.at_end_rebuild_sort_indexes_ms = [
    await timed(() => side.call("GET", `${side.data}?limit=25&sort=-Price`)),
    await timed(() => side.call("GET", side.data + q)),
  ];
  out.at_end_insert_sort_indexes_kept_rows_per_s = await upkeep(ROWS, false);
  out.at_end = await reads();
  out.at_end_insert_sort_and_count_kept_rows_per_s = await upkeep(ROWS + 20_000, true);
} finally {
  await server.stop();
}
console.log(JSON.stringify(out, null, 2));
