// Search that does not scan (issue 36): `like %x%` on a long text field and the search box's
// OR over the text fields, answered by the scan and then through the table's trigram index
// (db/rows/search-index.ts), the index's build on the first search (in steps from 200k rows: the
// time until it is whole and the searches' times meanwhile), and the insert rate without
// and with the index's triggers. Ours only. The scan is timed with the like under a double NOT:
// the same rows (NOT NOT x is x in SQL), but the compiler leaves the index out under NOT.
//   npm run bench search          BENCH_ROWS (default 1000000), BENCH_PORT (default 8790)
import { makeTable, prepare, row } from "./api-figures.mjs";
import { startBenchServer, stats, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
/** Rows whose insert is timed on their own: the last ones before the index, the next ones after. */
const TAIL = Math.min(20_000, Math.floor(ROWS / 5));
const SAMPLES = 10;

const LIKE = "(Notes,like,%item 4242%)";
const SEARCH = ["Title", "Notes", "Email"].map((f) => `(${f},like,%4242%)`).join("~or");
const scanOf = (where) => `~not(~not(${where}))`;

const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 8790) });
const out = { rows: ROWS };
try {
  const side = await prepare(server.base);
  await makeTable(side);
  const insert = async (from, to) => {
    const ms = await timed(async () => {
      for (let i = from; i < to; i += 1000)
        await side.call(
          "POST",
          side.bulk,
          Array.from({ length: Math.min(1000, to - i) }, (_, k) => row(i + k)),
        );
    });
    return Math.round((to - from) / (ms / 1000));
  };
  await insert(0, ROWS - TAIL);
  out.insert_rows_per_s_without_index = await insert(ROWS - TAIL, ROWS);
  console.error(`inserted ${ROWS} rows`);
  const page = (where) => `${side.data}?limit=25&where=${encodeURIComponent(where)}`;
  const p50 = async (path) => {
    const samples = [];
    for (let i = 0; i < SAMPLES; i++) samples.push(await timed(() => side.call("GET", path)));
    return stats(samples).p50;
  };
  const total = async (path) => (await side.call("GET", path)).pageInfo.totalRows;
  for (const [name, where] of Object.entries({ like: LIKE, search: SEARCH }))
    out[name] = { matches: await total(page(scanOf(where))), scan_p50_ms: await p50(page(scanOf(where))) };
  // The first search that can use the index builds it (one transaction) and answers through it;
  // from FILL_IN_STEPS_FROM rows it starts it, answers by the scan, and the room fills the index
  // in steps between requests. Searches go on meanwhile (each a reader would send), until three in
  // a row take under a third of the scan's time: the index is whole.
  out.first_search_ms = await timed(() => side.call("GET", page(LIKE)));
  const fillStart = performance.now();
  const during = [];
  for (let fast = 0; fast < 3;) {
    const ms = await timed(() => side.call("GET", page(LIKE)));
    during.push(ms);
    fast = ms < out.like.scan_p50_ms / 3 ? fast + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
  out.index_whole_after_ms = Math.round(performance.now() - fillStart);
  out.searches_while_filling = stats(during);
  for (const [name, where] of Object.entries({ like: LIKE, search: SEARCH })) {
    const matches = await total(page(where));
    if (matches !== out[name].matches)
      throw new Error(`${name}: ${matches} rows by the index, ${out[name].matches} by the scan`);
    out[name].index_p50_ms = await p50(page(where));
  }
  out.insert_rows_per_s_with_index = await insert(ROWS, ROWS + TAIL);
  console.error(JSON.stringify(out));
} finally {
  await server.stop();
}
console.log(JSON.stringify(out, null, 2));
