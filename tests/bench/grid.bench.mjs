// Grid benchmark (npm run bench grid): the web grid in Debian Chromium against a local instance.
// 100k rows: first rows visible after navigation, frame times while scrolling top to bottom in
// 20 steps, tab memory. Then the big tables (issue 36), 1M rows and BENCH_HUGE_ROWS (5M when set):
// seeding time, open, the same scroll, then each timed in Chromium until the rows in view show
// their values: a jump to the middle and to the end by the scrollbar (the scaled scroll area,
// scroll-scale.ts), a filter change (Points > 500, typed in the Filter dialog), a sort change
// (Price descending, added in the Sort dialog), and the middle, the end and a quarter again under both.
// Figures print as JSON. BENCH_ROWS / BENCH_BIG_ROWS / BENCH_HUGE_ROWS change the sizes (0 skips).
// BENCH_TRACE=1 adds, to each jump and change of the big tables, the API requests it made (path,
// query, ms from sent to the answer's end): which request a slow step waits for.
import { chromium } from "@playwright/test";
import { ITEM_COLUMNS, itemRow } from "./items.mjs";
import { apiClient, startBenchServer, stats, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const BIG_ROWS = Number(process.env.BENCH_BIG_ROWS ?? 1_000_000);
const HUGE_ROWS = Number(process.env.BENCH_HUGE_ROWS ?? 0);
const TRACE = process.env.BENCH_TRACE === "1";
/** The API requests finished since the last step took them (BENCH_TRACE). */
const requests = [];

function traceRequests(page) {
  page.on("requestfinished", (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith("/api/")) return;
    const { startTime, responseEnd } = request.timing();
    const query = decodeURIComponent(url.search).slice(0, 160);
    requests.push({ path: url.pathname.split("/").slice(-2).join("/"), query, ms: Math.round(responseEnd), startTime });
  });
}

/** A step's figures with, when tracing, the requests it made. */
const withRequests = (figures) => (TRACE ? { ...figures, requests: requests.splice(0) } : figures);
const BATCH = 10_000; // the bulk route's limit per request
const PORT = Number(process.env.BENCH_PORT ?? 8803);
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
// The rows benchmark's Items table, plus a rating and a multi-select for the grid's cell types.
const COLUMNS = [
  ...ITEM_COLUMNS,
  { title: "Stars", uidt: "Rating" },
  { title: "Tags", uidt: "MultiSelect", colOptions: { options: ["a", "b", "c"].map((title) => ({ title })) } },
];
const row = (i) => ({ ...itemRow(i), Stars: i % 6, Tags: ["a", "a,b", "c", ""][i % 4] });

/**
 * Bulk inserts in batches. `wrangler dev` restarts the Worker when sources change (other work in
 * the same tree), which can drop a request: after a failure the row count decides where to go on.
 */
async function seed(call, projectId, title, count) {
  await call("POST", `/api/v1/db/meta/projects/${projectId}/tables`, { table_name: title, title, columns: COLUMNS });
  const counted = async () => (await call("GET", `/api/v1/db/data/noco/${projectId}/${title}/count`)).count;
  const ms = await timed(async () => {
    let start = 0;
    let failures = 0;
    while (start < count) {
      try {
        await call(
          "POST",
          `/api/v1/db/data/bulk/noco/${projectId}/${title}`,
          Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => row(start + k)),
        );
        start += BATCH;
      } catch (err) {
        if (++failures > 5) throw err;
        await new Promise((r) => setTimeout(r, 2000));
        start = await counted();
      }
    }
  });
  return Math.round(ms);
}

const firstCell = '[role=gridcell][data-row="0"][data-title="Name"] span:not([aria-hidden])';

/** Marks, in the page's own clock (0 = navigation start), when the first row's text shows. */
function markFirstRow(selector) {
  new MutationObserver((_, observer) => {
    if (document.querySelector(selector)) {
      window.__firstRowAt = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * Navigation to the first row's text showing: in the page's clock from navigation start (app
 * boot, API calls and render), and the wall time seen from Node (adds browser overhead).
 */
async function open(page, url) {
  const t = performance.now();
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForSelector(firstCell, { state: "visible", timeout: 60_000 });
  const wall = Math.round(performance.now() - t);
  const inPage = await page.evaluate(() => Math.round(window.__firstRowAt ?? -1));
  return { inPage, wall };
}

/**
 * In the page (init script): whether the rows in view are the ones the scroll position should
 * show (within a screenful, for `total` rows), each with its values (no placeholder cell left).
 */
function rowsInViewLoaded() {
  window.__rowsInViewLoaded = (total) => {
    const grid = document.querySelector("[data-testid=grid]");
    const g = grid.getBoundingClientRect();
    const rows = [...grid.querySelectorAll("[role=row][aria-rowindex]")].filter((r) => {
      const b = r.getBoundingClientRect();
      return b.bottom > g.top + 40 && b.top < g.bottom && r.querySelector("[role=gridcell]");
    });
    if (rows.length === 0) return false;
    const first = Math.min(...rows.map((r) => Number(r.getAttribute("aria-rowindex")) - 2));
    const expected = Math.floor(
      (grid.scrollTop / Math.max(1, grid.scrollHeight - grid.clientHeight)) * Math.max(0, total - rows.length),
    );
    if (Math.abs(first - expected) > rows.length + 2) return false;
    return rows.every((r) => !r.querySelector("[role=gridcell] > span[aria-hidden=true]"));
  };
}

/** Drags the scrollbar to `fraction` of the way down at once; ms until the rows there show, and the last row index drawn. */
async function jump(page, fraction, total) {
  return page.evaluate(
    async ([fraction, total]) => {
      const grid = document.querySelector("[data-testid=grid]");
      const t = performance.now();
      grid.scrollTop = fraction * (grid.scrollHeight - grid.clientHeight);
      await new Promise((r) => requestAnimationFrame(() => r()));
      while (!window.__rowsInViewLoaded(total) && performance.now() - t < 30_000)
        await new Promise((r) => setTimeout(r, 5));
      const ms = Math.round(performance.now() - t);
      const rows = [...grid.querySelectorAll("[role=gridcell][data-row]")].map((c) => Number(c.dataset.row));
      return { ms, lastRow: Math.max(...rows), loaded: window.__rowsInViewLoaded(total) };
    },
    [fraction, total],
  );
}

const countText = (page) => page.textContent("[data-testid=grid-count]");
const firstNameText = (page) => page.textContent(firstCell).catch(() => "");

/** Runs `change` and times until the shown count (or, for a sort, the first row) differs and shows values. */
async function timedChange(page, change, what) {
  const before = what === "count" ? await countText(page) : await firstNameText(page);
  const t = performance.now();
  await change();
  await page.waitForFunction(
    ([sel, before, what]) => {
      const text =
        what === "count"
          ? document.querySelector("[data-testid=grid-count]")?.textContent
          : document.querySelector(sel)?.textContent;
      return /\d/.test(text ?? "") && text !== before && window.__rowsInViewLoaded(Number.MAX_SAFE_INTEGER);
    },
    [firstCell, before, what],
    { polling: "raf", timeout: 120_000 },
  );
  return {
    ms: Math.round(performance.now() - t),
    shown: what === "count" ? await countText(page) : await firstNameText(page),
  };
}

/** The big tables' extra figures: jumps, then a filter change and a sort change through the toolbar, then jumps under both. */
async function changesAndJumps(page, url, rows) {
  // Opened anew: the scroll run before left every page it passed in the grid's cache, and a jump
  // there would read none from the server.
  await open(page, url);
  await page.waitForFunction(() => /\d/.test(document.querySelector("[data-testid=grid-count]")?.textContent ?? ""));
  requests.splice(0);
  const out = { jumpMiddle: withRequests(await jump(page, 0.5, rows)) };
  out.jumpEnd = withRequests(await jump(page, 1, rows));
  out.reachedEnd = out.jumpEnd.lastRow === rows - 1;
  await jump(page, 0, rows);
  await page.getByRole("button", { name: "Filter" }).click();
  const filters = page.getByRole("dialog", { name: "Filter" });
  await filters.getByRole("button", { name: "Add filter", exact: true }).click();
  await filters.getByLabel("Filter 1 field").selectOption({ label: "Points" });
  await filters.getByLabel("Filter 1 operator").selectOption({ label: ">" });
  requests.splice(0);
  out.filterChange = withRequests(
    await timedChange(page, () => filters.getByLabel("Filter 1 value").fill("500"), "count"),
  );
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Sort" }).click();
  const sorts = page.getByRole("dialog", { name: "Sort" });
  await sorts.getByRole("button", { name: "Add sort" }).click();
  await sorts.getByLabel("Sort 1 field").selectOption({ label: "Price" });
  requests.splice(0);
  out.sortChange = withRequests(
    await timedChange(page, () => sorts.getByLabel("Sort 1 direction").selectOption({ label: "Descending" }), "first"),
  );
  await page.keyboard.press("Escape");
  const filtered = Number((await countText(page)).replace(/\D/g, ""));
  out.filteredRows = filtered;
  requests.splice(0);
  out.filteredJumpMiddle = withRequests(await jump(page, 0.5, filtered));
  out.filteredJumpEnd = withRequests(await jump(page, 1, filtered));
  out.filteredReachedEnd = out.filteredJumpEnd.lastRow === filtered - 1;
  // Once more into the first half: the first jump there made the index it reads (jump-index.ts).
  out.filteredJumpQuarter = withRequests(await jump(page, 0.25, filtered));
  return out;
}

/** Scrolls top to bottom in 20 steps; rAF deltas over the whole run, and rows-filled time per step. */
async function scrollRun(page, total) {
  return page.evaluate(async (total) => {
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
    const filled = [];
    const loaded = () => window.__rowsInViewLoaded(total);
    for (let step = 1; step <= 20; step++) {
      const t = performance.now();
      grid.scrollTop = (step / 20) * (grid.scrollHeight - grid.clientHeight);
      await new Promise((r) => requestAnimationFrame(() => r()));
      while (!loaded() && performance.now() - t < 10_000) await new Promise((r) => setTimeout(r, 10));
      filled.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 250));
    }
    running = false;
    const lastRow = Math.max(
      ...[...grid.querySelectorAll("[role=gridcell][data-row]")].map((c) => Number(c.dataset.row)),
    );
    return { deltas: deltas.slice(2), filled, lastRow };
  }, total);
}

async function heapMB(cdp) {
  await cdp.send("HeapProfiler.collectGarbage");
  const { metrics } = await cdp.send("Performance.getMetrics");
  const used = metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0;
  return Math.round((used / 1e6) * 10) / 10;
}

async function measure(browser, base, token, projectId, title, rows, changes = false) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(
    (t) => localStorage.setItem("gridbase:settings:v1", JSON.stringify({ version: 1, settings: { token: t } })),
    token,
  );
  await context.addInitScript(markFirstRow, firstCell);
  await context.addInitScript(rowsInViewLoaded);
  const page = await context.newPage();
  if (TRACE && changes) traceRequests(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Performance.enable");
  const url = `${base}/nc/${projectId}/table/${title}`;
  const cold = await open(page, url);
  const warm = [];
  for (let i = 0; i < 3; i++) warm.push(await open(page, url));
  await page.waitForFunction(() => /\d/.test(document.querySelector("[data-testid=grid-count]")?.textContent ?? ""));
  const shownCount = await page.textContent("[data-testid=grid-count]");
  const heapAfterOpenMB = await heapMB(cdp);
  const run = await scrollRun(page, rows);
  const heapAfterScrollMB = await heapMB(cdp);
  const extra = changes ? await changesAndJumps(page, url, rows) : {};
  const heapAfterChangesMB = changes ? await heapMB(cdp) : undefined;
  await context.close();
  return {
    rows,
    shownCount,
    firstRowsVisibleColdMs: cold,
    firstRowsVisibleWarmMs: { inPage: warm.map((w) => w.inPage), wall: warm.map((w) => w.wall) },
    scrollFrameMs: stats(run.deltas),
    framesOver20ms: run.deltas.filter((d) => d > 20).length,
    stepRowsFilledMs: stats(run.filled),
    reachedLastRow: run.lastRow === rows - 1,
    heapAfterOpenMB,
    heapAfterScrollMB,
    ...extra,
    heapAfterChangesMB,
  };
}

const server = await startBenchServer({
  build: true,
  port: PORT,
  inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT ?? PORT + 460),
});
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ARGS });
try {
  const { token, call } = await apiClient(server.base);
  const project = await call("POST", "/api/v1/db/meta/projects", { title: "Grid bench" });
  const figures = { targets: { firstRowsVisibleMs: 1500, scrollFrameP95Ms: 20, heapMB: 300 } };
  figures.seed100kMs = await seed(call, project.id, "Items", ROWS);
  figures.table100k = await measure(browser, server.base, token, project.id, "Items", ROWS);
  if (BIG_ROWS > 0) {
    figures.seed1MMs = await seed(call, project.id, "Big", BIG_ROWS);
    console.error(`seeded ${BIG_ROWS} rows in ${figures.seed1MMs} ms`);
    figures.table1M = await measure(browser, server.base, token, project.id, "Big", BIG_ROWS, true);
    console.error(JSON.stringify(figures.table1M));
  }
  if (HUGE_ROWS > 0) {
    figures.seedHugeMs = await seed(call, project.id, "Huge", HUGE_ROWS);
    console.error(`seeded ${HUGE_ROWS} rows in ${figures.seedHugeMs} ms`);
    figures.tableHuge = await measure(browser, server.base, token, project.id, "Huge", HUGE_ROWS, true);
    console.error(JSON.stringify(figures.tableHuge));
  }
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await browser.close();
  server.stop();
}
