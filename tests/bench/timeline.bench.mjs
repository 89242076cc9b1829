// Timeline benchmark (npm run bench timeline; issue 37): 10k records over a year (bars of 1 to 14
// days) in 20 lanes, in Debian Chromium against a local instance. Figures: first bar shown after
// navigation, records fetched for the visible range and bars drawn (only the lines in view are),
// frame times while scrolling the lanes top to bottom and the axis sideways in 20 steps each
// (target p95 <= 20 ms), switching to the month scale, tab memory. BENCH_ROWS changes the size.
import { chromium } from "@playwright/test";
import { apiClient, startBenchServer, stats, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const BATCH = 5_000;
const PORT = Number(process.env.BENCH_PORT ?? 8807);
const TEAMS = Array.from({ length: 20 }, (_, i) => `Team ${String(i + 1).padStart(2, "0")}`);
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

const day = (n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
const row = (i) => ({
  Name: `Task ${i}`,
  Starts: day(i % 365),
  Ends: day((i % 365) + (i % 14)),
  Team: TEAMS[i % TEAMS.length],
});

async function seed(call, projectId) {
  const table = await call("POST", `/api/v1/db/meta/projects/${projectId}/tables`, {
    table_name: "Tasks",
    title: "Tasks",
    columns: [
      { title: "Name", uidt: "SingleLineText", pv: true },
      { title: "Starts", uidt: "Date" },
      { title: "Ends", uidt: "Date" },
      { title: "Team", uidt: "SingleSelect", colOptions: { options: TEAMS.map((title) => ({ title })) } },
    ],
  });
  const ms = await timed(async () => {
    for (let start = 0; start < ROWS; start += BATCH) {
      await call(
        "POST",
        `/api/v1/db/data/bulk/noco/${projectId}/Tasks`,
        Array.from({ length: Math.min(BATCH, ROWS - start) }, (_, k) => row(start + k)),
      );
    }
  });
  return { table, seedMs: Math.round(ms) };
}

/** Scrolls the timeline's own area in 20 steps along one axis; rAF deltas over the run. */
async function scrollRun(page, axis) {
  return page.evaluate(async (axis) => {
    const el = document.querySelector("[data-testid=timeline-scroller]");
    const deltas = [];
    let running = true;
    let last = performance.now();
    const tick = (now) => {
      deltas.push(now - last);
      last = now;
      if (running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const start = axis === "x" ? el.scrollLeft : 0;
    for (let step = 1; step <= 20; step++) {
      if (axis === "y") el.scrollTop = (step / 20) * (el.scrollHeight - el.clientHeight);
      else el.scrollLeft = start + (step / 20) * 3000;
      await new Promise((r) => requestAnimationFrame(() => r()));
      await new Promise((r) => setTimeout(r, 150));
    }
    running = false;
    return { deltas: deltas.slice(2), bars: document.querySelectorAll("[data-testid=timeline-bar]").length };
  }, axis);
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
  const project = await call("POST", "/api/v1/db/meta/projects", { title: "Timeline bench" });
  const figures = { rows: ROWS, targets: { scrollFrameP95Ms: 20 } };
  const { table, seedMs } = await seed(call, project.id);
  figures.seedMs = seedMs;
  const col = (title) => table.columns.find((c) => c.title === title).id;
  const view = await call("POST", `/api/v1/db/meta/tables/${table.id}/timelines`, {
    title: "Plan",
    fk_start_column_id: col("Starts"),
    fk_end_column_id: col("Ends"),
    fk_group_column_id: col("Team"),
  });
  const t0 = performance.now();
  const month = await call(
    "GET",
    `/api/v1/db/data/noco/${project.id}/Tasks/views/${view.id}/timeline?from=2026-06-01&to=2026-06-30&limit=1000`,
  );
  figures.apiMonthRangeMs = Math.round(performance.now() - t0);
  figures.apiMonthRangeRecords = month.pageInfo.totalRows;

  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(
    (t) => localStorage.setItem("gridbase:settings:v1", JSON.stringify({ version: 1, settings: { token: t } })),
    token,
  );
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date("2026-07-01T10:00:00Z"));
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  let fetched = 0;
  page.on("response", async (r) => {
    if (!new URL(r.url()).pathname.endsWith("/timeline")) return;
    try {
      fetched += (await r.json()).list.length;
    } catch {
      /* an aborted read */
    }
  });
  const t = performance.now();
  await page.goto(`${server.base}/nc/${project.id}/table/Tasks/Plan`, { waitUntil: "commit" });
  await page.waitForSelector("[data-testid=timeline-bar]", { timeout: 60_000 });
  figures.firstBarMs = Math.round(performance.now() - t);
  await page.waitForLoadState("networkidle");
  figures.recordsFetchedAtOpen = fetched;
  figures.barsDrawnAtOpen = await page.locator("[data-testid=timeline-bar]").count();
  figures.heapAfterOpenMB = await heapMB(cdp);
  const down = await scrollRun(page, "y");
  figures.scrollDownFrameMs = stats(down.deltas);
  figures.scrollDownFramesOver20ms = down.deltas.filter((d) => d > 20).length;
  figures.barsDrawnAtBottom = down.bars;
  const across = await scrollRun(page, "x");
  figures.scrollAcrossFrameMs = stats(across.deltas);
  figures.scrollAcrossFramesOver20ms = across.deltas.filter((d) => d > 20).length;
  const s = performance.now();
  await page.getByRole("button", { name: "Month", exact: true }).click();
  await page.waitForSelector("[data-testid=timeline-bar]");
  await page.waitForLoadState("networkidle");
  figures.monthScaleMs = Math.round(performance.now() - s);
  figures.heapAfterScrollMB = await heapMB(cdp);
  await context.close();
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await browser.close();
  server.stop();
}
