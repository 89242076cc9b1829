// Dashboards (issue 38): widget data on BENCH_ROWS rows (default 1,000,000) of the project's own
// SQLite, through the API as the web asks it: a count and a sum grouped by a single select (target
// ≤ 100 ms), a monthly line over a year of dates (≤ 150 ms), a pivot with totals, a filtered sum,
// and the grid footer's four aggregates.
// Figures are p50 over SAMPLES requests, round trip included.
//   npm run bench dashboards      BENCH_ROWS (default 1000000), BENCH_PORT (default 8791)
import { makeTable, prepare, row } from "./api-figures.mjs";
import { startBenchServer, stats, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const SAMPLES = 10;

const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 8791) });
const out = { rows: ROWS };
try {
  const side = await prepare(server.base);
  await makeTable(side);
  const [projectId, tableId] = side.data.split("/").slice(-2);
  for (let i = 0; i < ROWS; i += 1000)
    await side.call(
      "POST",
      side.bulk,
      Array.from({ length: Math.min(1000, ROWS - i) }, (_, k) => row(i + k)),
    );
  console.error(`inserted ${ROWS} rows`);
  const meta = await side.call("GET", `/api/v1/db/meta/tables/${tableId}`);
  const col = Object.fromEntries(meta.columns.map((c) => [c.title, c.id]));
  const M = "/api/v1/db/meta";
  const dash = await side.call("POST", `${M}/projects/${projectId}/dashboards`, { title: "Bench" });
  const widget = async (type, config) =>
    (await side.call("POST", `${M}/dashboards/${dash.id}/widgets`, { type, title: type, table_id: tableId, config }))
      .id;
  const widgets = {
    count_by_select: await widget("bar", { x: { column_id: col.Category }, y: [{ agg: "count" }] }),
    sum_by_select: await widget("bar", { x: { column_id: col.Category }, y: [{ agg: "sum", column_id: col.Amount }] }),
    monthly_line_year: await widget("line", { x: { column_id: col.Due, bucket: "month" }, y: [{ agg: "count" }] }),
    pivot_select_x_checkbox: await widget("pivot", {
      x: { column_id: col.Category },
      series: { column_id: col.Done },
      y: [{ agg: "avg", column_id: col.Price }],
    }),
    number_sum_filtered: await widget("number", {
      y: [{ agg: "sum", column_id: col.Price }],
      filters: [{ fk_column_id: col.Amount, comparison_op: "gt", value: 500 }],
    }),
  };
  // The first read makes the widget's index or counts. A connection closed under it is said and
  // asked once more: a server that answers then was not down (runs at 1M rows have seen both).
  out.connection_closed = [];
  const first = async (name, id) => {
    try {
      return await side.call("GET", `${M}/dashboards/${dash.id}/widgets/${id}/data`);
    } catch (err) {
      out.connection_closed.push(name);
      console.error(`${name}: first read failed (${err.cause?.code ?? err.message}); asking again`);
      return side.call("GET", `${M}/dashboards/${dash.id}/widgets/${id}/data`);
    }
  };
  const p50 = async (id, name) => {
    await first(name, id);
    const samples = [];
    for (let i = 0; i < SAMPLES; i++)
      samples.push(await timed(() => side.call("GET", `${M}/dashboards/${dash.id}/widgets/${id}/data`)));
    return stats(samples).p50;
  };
  // Each figure as it is taken: a run that fails part way still says how far it went.
  for (const [name, id] of Object.entries(widgets)) {
    out[`${name}_p50_ms`] = await p50(id, name);
    console.error(`${name}: p50 ${out[`${name}_p50_ms`]} ms`);
  }
  const footer = `${side.data}/aggregate?aggregations=Amount:sum,Price:avg,Category:count_unique,Done:percent_checked`;
  await side.call("GET", footer);
  const samples = [];
  for (let i = 0; i < SAMPLES; i++) samples.push(await timed(() => side.call("GET", footer)));
  out.grid_footer_4_columns_p50_ms = stats(samples).p50;
  out.targets = { count_or_sum_by_select_ms: 100, monthly_line_ms: 150 };
  console.log(JSON.stringify(out, null, 2));
} catch (err) {
  // Was the instance down, or only the connection closed? Ask it, and say which with the figures.
  const alive = await fetch(`${server.base}/api/v1/health`).then(
    (r) => r.ok,
    () => false,
  );
  console.error(`failed (${err.cause?.code ?? err.message}); the instance answers afterwards: ${alive}`);
  console.log(JSON.stringify({ ...out, failed: String(err.cause?.code ?? err.message), alive_after: alive }, null, 2));
  process.exitCode = 1;
} finally {
  await server.stop();
}
