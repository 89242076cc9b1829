// Views benchmark (npm run bench views): kanban, calendar and gallery views of a 50,000-row table
// in Debian Chromium against a local instance. Figures print as JSON:
// - kanban with 5 stacks (4 options + uncategorized), 25 cards a stack: navigation to every stack
//   showing its first card (wall time seen from Node, and in the page's clock);
// - calendar month (Monday-first weeks of the current month): navigation to the first record shown;
// - gallery: frame times (requestAnimationFrame deltas) while scrolling top to bottom in 40 steps.
// BENCH_VIEW_ROWS changes the size; BENCH_PORT the port (inspector port + 100).
import { chromium } from "@playwright/test";
import { ITEM_COLUMNS, STATUSES, itemRow } from "./items.mjs";
import { apiClient, startBenchServer, stats, timed } from "./server.mjs";

const ROWS = Number(process.env.BENCH_VIEW_ROWS ?? 50_000);
const BATCH = 10_000;
const PORT = Number(process.env.BENCH_PORT ?? 8861);
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
const now = new Date();
const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
// Every fifth record has no status (the uncategorized stack); dates spread over this month and the next.
const row = (i) => ({
  ...itemRow(i),
  Status: i % 5 === 4 ? null : STATUSES[i % 4],
  Due: `${month}-${String((i % 28) + 1).padStart(2, "0")}`,
});

async function seed(call, projectId) {
  const table = await call("POST", `/api/v1/db/meta/projects/${projectId}/tables`, {
    table_name: "Items",
    title: "Items",
    columns: ITEM_COLUMNS,
  });
  const ms = await timed(async () => {
    for (let start = 0; start < ROWS; start += BATCH) {
      await call(
        "POST",
        `/api/v1/db/data/bulk/noco/${projectId}/Items`,
        Array.from({ length: Math.min(BATCH, ROWS - start) }, (_, k) => row(start + k)),
      );
    }
  });
  return { table, seedMs: Math.round(ms) };
}

/** Wall time from navigation until `ready()` holds in the page, and the page's own clock at that moment. */
async function openUntil(page, url, ready, arg) {
  const t = performance.now();
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(ready, arg, { timeout: 60_000, polling: "raf" });
  const wall = Math.round(performance.now() - t);
  const inPage = await page.evaluate(() => Math.round(performance.now()));
  return { wall, inPage };
}

const kanbanReady = () => {
  const stacks = [...document.querySelectorAll("[data-testid=kanban-stack]")];
  return stacks.length === 5 && stacks.every((s) => s.querySelector("[data-testid=kanban-card]"));
};
const calendarReady = () => document.querySelectorAll("[data-testid=calendar-record]").length > 0;
const galleryReady = () => document.querySelector("[data-testid=gallery-card] button");

async function galleryScroll(page) {
  return page.evaluate(async () => {
    const box = document.querySelector("[data-testid=gallery-scroller]");
    const deltas = [];
    let running = true;
    let last = performance.now();
    const tick = (t) => {
      deltas.push(t - last);
      last = t;
      if (running) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    for (let step = 1; step <= 40; step++) {
      box.scrollTop = (step / 40) * (box.scrollHeight - box.clientHeight);
      await new Promise((r) => setTimeout(r, 120));
    }
    running = false;
    const cards = document.querySelectorAll("[data-testid=gallery-card]").length;
    return { deltas: deltas.slice(2), cardsInDom: cards };
  });
}

const server = await startBenchServer({ build: true, port: PORT, inspectorPort: PORT + 100 });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ARGS });
try {
  const { token, call } = await apiClient(server.base);
  const project = await call("POST", "/api/v1/db/meta/projects", { title: "Views bench" });
  const figures = {
    rows: ROWS,
    targets: { kanbanFirstCardsMs: 1000, calendarMonthMs: 1000, galleryScrollFrameP95Ms: 20 },
  };
  const { table, seedMs } = await seed(call, project.id);
  figures.seedMs = seedMs;
  const col = (title) => table.columns.find((c) => c.title === title).id;
  await call("POST", `/api/v1/db/meta/tables/${table.id}/kanbans`, { title: "Board", fk_grp_col_id: col("Status") });
  await call("POST", `/api/v1/db/meta/tables/${table.id}/calendars`, {
    title: "Plan",
    calendar_range: [{ fk_from_column_id: col("Due") }],
  });
  await call("POST", `/api/v1/db/meta/tables/${table.id}/galleries`, { title: "Cards" });
  // The grouped list alone, from Node: the server's share of the kanban's first paint.
  const groupedApiMs = [];
  for (let i = 0; i < 5; i++)
    groupedApiMs.push(
      await timed(() =>
        call("GET", `/api/v1/db/data/noco/${project.id}/Items/views/Board/group/${col("Status")}?limit=25`),
      ),
    );
  figures.kanbanGroupedApiMs = stats(groupedApiMs);

  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript(
    (t) => localStorage.setItem("gridbase:settings:v1", JSON.stringify({ version: 1, settings: { token: t } })),
    token,
  );
  const page = await context.newPage();
  const base = `${server.base}/nc/${project.id}/table/Items`;
  const runs = async (url, ready) => {
    const cold = await openUntil(page, url, ready);
    const warm = [];
    for (let i = 0; i < 3; i++) warm.push(await openUntil(page, url, ready));
    return { cold, warmWall: warm.map((w) => w.wall), warmInPage: warm.map((w) => w.inPage) };
  };
  figures.kanbanFiveStacksFirstCards = await runs(`${base}/Board`, kanbanReady);
  figures.kanbanCardsPerStack = await page.evaluate(() =>
    [...document.querySelectorAll("[data-testid=kanban-stack]")].map(
      (s) => s.querySelectorAll("[data-testid=kanban-card]").length,
    ),
  );
  figures.calendarMonth = await runs(`${base}/Plan`, calendarReady);
  figures.calendarRecordsShown = await page.evaluate(
    () => document.querySelectorAll("[data-testid=calendar-record]").length,
  );
  figures.galleryOpen = await runs(`${base}/Cards`, galleryReady);
  const scroll = await galleryScroll(page);
  figures.galleryScrollFrameMs = stats(scroll.deltas);
  figures.galleryFramesOver20ms = scroll.deltas.filter((d) => d > 20).length;
  figures.galleryCardsInDom = scroll.cardsInDom;
  await context.close();
  console.log(JSON.stringify(figures, null, 2));
} finally {
  await browser.close();
  server.stop();
}
