// Shared forms benchmark: the JavaScript a visitor's browser loads for a shared form (gzipped,
// from the build output), the time until the first field is visible in Chromium on a cold and a
// warm browser cache, the submit latency (p50 of sequential submissions), and 200 concurrent
// submissions: every row stored, none twice.
import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { apiClient, startBenchServer, stats, timed } from "./server.mjs";

const SEQUENTIAL = Number(process.env.BENCH_SUBMITS ?? 50);
const CONCURRENT = Number(process.env.BENCH_CONCURRENT ?? 200);
const server = await startBenchServer({
  port: Number(process.env.BENCH_PORT ?? 8792),
  inspectorPort: Number(process.env.BENCH_INSPECTOR_PORT ?? 9252),
  build: true,
});
const out = {};
try {
  // 1. The form page's JavaScript: every script and module preload of shared.html, gzipped.
  const html = readFileSync("dist/shared.html", "utf8");
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const gz = scripts.map((s) => gzipSync(readFileSync(`dist${s}`)).length);
  out.formPageJs = { files: scripts.length, gzipBytes: gz.reduce((a, b) => a + b, 0), budgetBytes: 60 * 1024 };

  const { call } = await apiClient(server.base);
  const project = await call("POST", "/api/v1/db/meta/projects", { title: "Bench share" });
  const table = await call("POST", `/api/v1/db/meta/projects/${project.id}/tables`, {
    table_name: "Answers",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Score", uidt: "Number" },
      { title: "Notes", uidt: "LongText" },
    ],
  });
  const form = await call("POST", `/api/v1/db/meta/tables/${table.id}/forms`, { title: "Bench form" });
  const { uuid } = await call("POST", `/api/v1/db/meta/views/${form.id}/share`);
  const url = `${server.base}/nc/form/${uuid}`;

  // 2. First field visible, cold (fresh browser profile) and warm (same context, again).
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--headless", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const cold = [];
  const warm = [];
  for (let i = 0; i < 5; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    cold.push(
      await timed(async () => {
        await page.goto(url);
        await page.getByLabel("Name").waitFor({ state: "visible" });
      }),
    );
    for (let j = 0; j < 3; j++) {
      warm.push(
        await timed(async () => {
          await page.goto(url);
          await page.getByLabel("Name").waitFor({ state: "visible" });
        }),
      );
    }
    await context.close();
  }
  await browser.close();
  out.firstFieldVisibleMs = { cold: stats(cold), warm: stats(warm) };

  // 3. Submit latency, one at a time (multipart, as the page sends it). Each submission needs its
  // own start token (the form's meta gives one) at least the minimum fill time old: they are all
  // fetched first and the wait is not part of what is timed.
  const shared = `${server.base}/api/v1/db/public/shared-view/${uuid}`;
  const startTokens = async (n) => {
    const list = [];
    for (let i = 0; i < n; i++) list.push((await (await fetch(`${shared}/meta`)).json()).form_start);
    const wait = (await (await fetch(`${shared}/meta`)).json()).form_min_fill_seconds ?? 0;
    await new Promise((r) => setTimeout(r, wait * 1000 + 300));
    return list;
  };
  let starts = await startTokens(SEQUENTIAL);
  const submit = async (data) => {
    const body = new FormData();
    body.set("data", JSON.stringify(data));
    body.set("gb_start", starts.pop());
    const res = await fetch(`${shared}/rows`, { method: "POST", body });
    if (!res.ok) throw new Error(`submit -> ${res.status} ${await res.text()}`);
  };
  const seq = [];
  for (let i = 0; i < SEQUENTIAL; i++) seq.push(await timed(() => submit({ Name: `seq ${i}`, Score: i })));
  out.submitMs = stats(seq);

  // 4. Concurrent submissions: all stored, none twice.
  starts = await startTokens(CONCURRENT);
  const failures = [];
  const wallMs = await timed(() =>
    Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        submit({ Name: `burst ${i}`, Score: i }).catch((e) => failures.push(e.message)),
      ),
    ),
  );
  const rows = await call(
    "GET",
    `/api/v1/db/data/noco/${project.id}/Answers?where=(Name,like,burst %)&limit=1000&fields=Name`,
  );
  const names = rows.list.map((r) => r.Name);
  out.concurrent = {
    sent: CONCURRENT,
    failed: failures.length,
    stored: names.length,
    distinct: new Set(names).size,
    wallMs: +wallMs.toFixed(0),
  };
  if (failures.length) out.concurrent.firstFailure = failures[0];
  console.log(JSON.stringify(out, null, 2));
  if (
    out.formPageJs.gzipBytes > out.formPageJs.budgetBytes ||
    names.length !== CONCURRENT ||
    new Set(names).size !== CONCURRENT
  )
    process.exitCode = 1;
} finally {
  await server.stop();
}
