// Deep pages (issue 36): the first page, a page at offset ~end, and the page at the same depth
// asked by the previous page's `pageInfo.cursor`, for the plain order, an indexed sort, a sort
// with long ties (a select of 10 options) and a filtered sort. Ours only (the peer has no cursor).
//   npm run bench deep-pages          BENCH_ROWS (default 1000000), BENCH_PORT (default 8790)
import { makeTable, prepare, row } from "./api-figures.mjs";
import { startBenchServer, stats, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SAMPLES = 20;
const LIMIT = 25;

const LISTS = {
  plain: "",
  sort_price_desc: "&sort=-Price",
  sort_category_ties: "&sort=Category",
  filter_sort: `&where=${encodeURIComponent("(Done,eq,true)")}&sort=-Price`,
};

const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 8790) });
const out = { rows: ROWS };
try {
  const side = await prepare(server.base);
  await makeTable(side);
  const insertMs = await timed(async () => {
    for (let i = 0; i < ROWS; i += 1000)
      await side.call(
        "POST",
        side.bulk,
        Array.from({ length: Math.min(1000, ROWS - i) }, (_, k) => row(i + k)),
      );
  });
  out.insert_rows_per_s = Math.round(ROWS / (insertMs / 1000));
  console.error(`inserted ${ROWS} rows in ${Math.round(insertMs / 1000)} s`);
  // A figure that fails (a slow deep offset page can make the local runtime drop the request)
  // is reported as such, and the figures measured before it stay.
  const p50 = async (path, n = SAMPLES) => {
    const samples = [];
    try {
      for (let i = 0; i < n; i++) samples.push(await timed(() => side.call("GET", path)));
    } catch (e) {
      return `failed after ${samples.length} requests: ${e.cause?.message ?? e.message}`;
    }
    return stats(samples).p50;
  };
  for (const [name, extra] of Object.entries(LISTS)) {
    console.error(`measuring ${name}`);
    const base = `${side.data}?limit=${LIMIT}${extra}`;
    const first = await side.call("GET", base);
    const total = first.pageInfo.totalRows;
    // The last full page, by offset; and the same page by the cursor of the page before it.
    const deep = Math.max(0, total - 2 * LIMIT);
    await side.call("GET", base); // the sort's index is made on the first sorted read
    const before = await side.call("GET", `${base}&offset=${deep - LIMIT}`);
    const byOffset = await side.call("GET", `${base}&offset=${deep}`);
    const byCursor = await side.call("GET", `${base}&offset=${deep}&cursor=${before.pageInfo.cursor}`);
    const same = JSON.stringify(byOffset.list) === JSON.stringify(byCursor.list);
    if (!same) throw new Error(`${name}: the page by cursor differs from the page by offset`);
    out[name] = { total, deep };
    out[name].first_page_p50_ms = await p50(base);
    out[name].cursor_deep_p50_ms = await p50(`${base}&offset=${deep}&cursor=${before.pageInfo.cursor}`);
    out[name].offset_deep_p50_ms = await p50(`${base}&offset=${deep}`, 5);
    console.error(JSON.stringify(out[name]));
  }
} finally {
  await server.stop();
}
console.log(JSON.stringify(out, null, 2));
