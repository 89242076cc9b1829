// Grouped grid benchmark (npm run bench grid-groups; issue 37): 100k Items grouped by Points,
// which holds 1,000 distinct values (so 1,000 groups of 100), in Debian Chromium against a local
// instance. Figures: first group header and first records shown after navigation, frame times
// while scrolling top to bottom in 20 steps (target p95 <= 20 ms), time until each step's records
// are filled (only the visible groups' records are fetched), tab memory; and the group-by read with
// the footer's aggregates through the API (groupReads). BENCH_ROWS changes the size.
import { chromium } from "@playwright/test";
import { ITEM_COLUMNS, itemRow } from "./items.mjs";
import { apiClient, startBenchServer, stats, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const BATCH = 10_000;
const PORT = Number(process.env.BENCH_PORT ?? 8806);
const ARGS = [
  "--no-sandbox",
  "--headless",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

async function seed(call, projectId, title, count) {
  const table = await call("POST", `/api/v1/db/meta/projects/${projectId}/tables`, {
    table_name: title,
    title,
    columns: ITEM_COLUMNS,
  });
  const ms = await timed(async () => {
    for (let start = 0; start < count; start += BATCH) {
      await call(
        "POST",
        `/api/v1/db/data/bulk/noco/${projectId}/${title}`,
        Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => itemRow(start + k)),
      );
    }
  });
  return { table, seedMs: Math.round(ms) };
}

/** Groups the table's default grid by one field, as the Group menu saves it. */
async function groupBy(call, table, title) {
  const viewId = table.views[0].id;
  const columnId = table.columns.find((c) => c.title === title).id;
  const cols = await call("GET", `/api/v1/db/meta/grids/${viewId}/grid-columns`);
  const vc = cols.find((c) => c.fk_column_id === columnId);
  await call("PATCH", `/api/v1/db/meta/grid-columns/${vc.id}`, { group_by: true, group_by_order: 1 });
}

/** Scrolls top to bottom in 20 steps; rAF deltas over the run and the time each step's records fill. */
async function scrollRun(page) {
  return page.evaluate(async () => {
    const grid = document.querySelector("[data-testid=grid]");
    const deltas = [];
    let running = true;
    let last = performance.now();
    const tick = (now) => {
      deltas.push(now - last);
      last = now;
      if (running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    // Filled: the record lines in view have their values (no placeholder bar).
    const filled = () => {
      const g = grid.getBoundingClientRect();
      const rows = [...grid.querySelectorAll("[role=row][aria-rowindex]")].filter((r) => {
        const b = r.getBoundingClientRect();
        return b.bottom > g.top + 40 && b.top < g.bottom;
      });
      return rows.every((r) => !r.querySelector("[role=gridcell] > span[aria-hidden=true]"));
    };
    const steps = [];
    for (let step = 1; step <= 20; step++) {
      const t = performance.now();
      grid.scrollTop = (step / 20) * (grid.scrollHeight - grid.clientHeight);
      await new Promise((r) => requestAnimationFrame(() => r()));
      while (!filled() && performance.now() - t < 10_000) await new Promise((r) => setTimeout(r, 10));
      steps.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 250));
    }
    running = false;
    // At the bottom: the last group's last record (index 99 of 100) is drawn.
    const lastRow = Math.max(
      ...[...grid.querySelectorAll("[role=gridcell][data-row]")].map((c) => Number(c.dataset.row)),
    );
    return { deltas: deltas.slice(2), steps, lastRow };
  });
}

/**
 * The group-by read through the API (issue 37), 10 times each: plain counts (answered from the
 * maintained counts), the grid's page of 1,000 groups with the footer's aggregates (a sum, an
 * average, a distinct count and a percentage), the shared grid's page of 100 with them, and 100
 * groups under a filter. The first read of each is left out (it may build the counts or an index).
 */
async function groupReads(call, projectId) {
  const base = `/api/v1/db/data/noco/${projectId}/Items/groupby?column_name=Points&sort=Points`;
  const aggs = "aggregations=Price:sum,Price:avg,Status:count_unique,Done:percent_checked";
  const cases = {
    plain1000: `${base}&limit=1000`,
    aggregates1000: `${base}&limit=1000&${aggs}`,
    aggregates100: `${base}&limit=100&offset=500&${aggs}`,
    filteredAggregates100: `${base}&limit=100&where=${encodeURIComponent("(Done,eq,true)")}&${aggs}`,
  };
  const out = {};
  for (const [name, path] of Object.entries(cases)) {
    await call("GET", path);
    const times = [];
    for (let i = 0; i < 10; i++) times.push(await timed(() => call("GET", path)));
    out[name] = stats(times);
  }
  return out;
}

async function heapMB(cdp) {
  await cdp.send("HeapProfiler.collectGarbage");
  const { metrics } = await cdp.send("Performance.getMetrics");
  const used = metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0;
  return Math.round((used / 1e6) * 10) / 10;
}

const server = await startBenchServer({ build: true, port: PORT, inspectorPort: PORT + 460 });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ARGS });
try {
  const { token, call } = await apiClient(server.base);
  const project = await call("POST", "/api/v1/db/meta/projects", { title: "Grouped grid bench" });
  const figures = { targets: { scrollFrameP95Ms: 20 } };
  const { table, seedMs } = await seed(call, project.id, "Items", ROWS);
  figures.seedMs = seedMs;
  await groupBy(call, table, "Points");
  const groups = await call("GET", `/api/v1/db/data/noco/${project.id}/Items/groupby?column_name=Points&limit=1`);
  figures.groups = groups.pageInfo.totalRows;
  figures.groupReadsMs = await groupReads(call, project.id);

  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(
    (t) => localStorage.setItem("gridbase:settings:v1", JSON.stringify({ version: 1, settings: { token: t } })),
    token,
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const requests = [];
  page.on("request", (r) => {
    const u = new URL(r.url());
    if (u.pathname.includes("/api/v1/db/data/")) requests.push(u.pathname.endsWith("/groupby") ? "groups" : "rows");
  });
  const t = performance.now();
  await page.goto(`${server.base}/nc/${project.id}/table/Items`, { waitUntil: "commit" });
  await page.waitForSelector("[data-testid=group-header]", { timeout: 60_000 });
  figures.firstHeaderMs = Math.round(performance.now() - t);
  await page.waitForSelector('[data-grouped] [role=gridcell][data-title="Name"] span:not([aria-hidden])', {
    timeout: 60_000,
  });
  figures.firstRecordsMs = Math.round(performance.now() - t);
  figures.requestsAtOpen = {
    groups: requests.filter((r) => r === "groups").length,
    rows: requests.filter((r) => r === "rows").length,
  };
  figures.heapAfterOpenMB = await heapMB(cdp);
  const run = await scrollRun(page);
  figures.scrollFrameMs = stats(run.deltas);
  figures.framesOver20ms = run.deltas.filter((d) => d > 20).length;
  figures.stepRecordsFilledMs = stats(run.steps);
  figures.reachedLastRecord = run.lastRow === Math.ceil(ROWS / figures.groups) - 1;
  figures.rowRequestsAfterScroll = requests.filter((r) => r === "rows").length;
  figures.heapAfterScrollMB = await heapMB(cdp);
  await context.close();
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await browser.close();
  server.stop();
}
