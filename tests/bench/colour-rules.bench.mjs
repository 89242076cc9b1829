// Colour rules (issue 37): a page of records read through a grid view with no colour rules, then
// with three (evaluated as CASE selections in the same SELECT as the page, db/query/compile-colours.ts),
// at BENCH_ROWS records (default 100,000). Pages of 100 at spread offsets and a sorted page; p50
// and p95 of 20 reads each. The coloured answers are checked against the rules computed here.
//   npm run bench colour-rules          BENCH_ROWS (default 100000), BENCH_PORT (default 8791)
import { makeTable, prepare, row } from "./api-figures.mjs";
import { startBenchServer, stats, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SAMPLES = 20;

const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 8791) });
const out = { rows: ROWS };
try {
  const side = await prepare(server.base);
  await makeTable(side);
  for (let i = 0; i < ROWS; i += 1000)
    await side.call(
      "POST",
      side.bulk,
      Array.from({ length: Math.min(1000, ROWS - i) }, (_, k) => row(i + k)),
    );
  console.error(`inserted ${ROWS} rows`);
  const tableId = side.data.split("/").at(-1);
  const table = await side.call("GET", `/api/v1/db/meta/tables/${tableId}`);
  const col = Object.fromEntries(table.columns.map((c) => [c.title, c.id]));
  const views = await side.call("GET", `/api/v1/db/meta/tables/${tableId}/views`);
  const viewId = views.list[0].id;
  const pages = Array.from(
    { length: SAMPLES },
    (_, i) => `limit=100&offset=${Math.floor((i * (ROWS - 100)) / SAMPLES)}`,
  );
  const sorted = "limit=100&sort=-Price";
  const measure = async () => {
    const plain = [];
    for (const p of pages) plain.push(await timed(() => side.call("GET", `${side.data}/views/${viewId}?${p}`)));
    const bySort = [];
    for (let i = 0; i < SAMPLES; i++)
      bySort.push(await timed(() => side.call("GET", `${side.data}/views/${viewId}?${sorted}`)));
    const a = stats(plain);
    const b = stats(bySort);
    return { page_p50_ms: a.p50, page_p95_ms: a.p95, sorted_p50_ms: b.p50, sorted_p95_ms: b.p95 };
  };
  out.none = await measure();
  await side.call("PUT", `/api/v1/db/meta/views/${viewId}/colour-rules`, {
    rules: [
      { colour: "red", target: "row", filters: [{ fk_column_id: col.Amount, comparison_op: "gt", value: 900 }] },
      {
        colour: "green",
        target: "row",
        filters: [
          { fk_column_id: col.Category, comparison_op: "eq", value: "cat3" },
          { fk_column_id: col.Done, comparison_op: "checked", logical_op: "and" },
        ],
      },
      {
        colour: "blue",
        target: "cell",
        fk_column_id: col.Title,
        filters: [{ fk_column_id: col.Notes, comparison_op: "like", value: "%7%" }],
      },
    ],
  });
  out.three_rules = await measure();
  // The answers agree with the rules computed here.
  const page = await side.call("GET", `${side.data}/views/${viewId}?limit=100&offset=5000`);
  for (const r of page.list) {
    const rowColour = r.Amount > 900 ? "red" : r.Category === "cat3" && r.Done ? "green" : undefined;
    const cell = r.Notes.includes("7") ? "blue" : undefined;
    if ((r._colour?.row ?? undefined) !== rowColour || (r._colour?.cells?.Title ?? undefined) !== cell)
      throw new Error(`row ${r.Id}: ${JSON.stringify(r._colour)} is not ${rowColour}/${cell}`);
  }
  out.coloured_in_checked_page = page.list.filter((r) => r._colour).length;
} finally {
  await server.stop();
}
console.log(JSON.stringify(out, null, 2));
