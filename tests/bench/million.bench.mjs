// The issue-36 table in one run (issue 36, "A million rows and beyond"): our Worker and optionally
// the peer (PEER_URL: NocoDB from ../shared/peer/setup-nocodb.sh) over the same NocoDB v1 requests
// and the same 9-column table as rows.bench.mjs (api-figures.mjs). Each server gets START rows,
// then every read below is measured (the sorted and filtered reads make our sort indexes, the
// first count with a filter its count index, the first group-by its maintained counts), then the
// table grows to ROWS rows in 1,000-row requests with all of those kept, then every read again.
// Each figure is measured on one server, then at once on the other (api-figures.mjs inTurn).
// Prints the JSON of both sides, then the markdown table: ratios are the peer's over ours for
// times and ours over the peer's for rates; growth is the figure at ROWS over the figure at START.
//   npm run bench million                                   ours only
//   PEER_URL=http://127.0.0.1:8080 npm run bench million    ours, the peer's, ratios
// BENCH_START (default 100000), BENCH_ROWS (default 1000000), BENCH_PORT, BENCH_INSPECTOR_PORT;
// the peer account is BENCH_EMAIL / BENCH_PASSWORD (NocoDB makes only its first user a creator).
import {
  concurrentRps,
  healthSamples,
  inTurn,
  insertRows,
  lq,
  makeTable,
  prepare,
  q,
  sampleGets,
  updateSamples,
} from "./api-figures.mjs";
import { startBenchServer, stats, timed } from "./server.mjs";

const START = Number(process.env.BENCH_START ?? 100_000);
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const N = 20;
const LIMIT = 25;
const peerUrl = process.env.PEER_URL;
if (peerUrl && !/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\/?$/.test(peerUrl))
  throw new Error("PEER_URL must be a loopback http URL");
if (!(START >= 1000 && ROWS >= 2 * START)) throw new Error("BENCH_START must be ≥ 1000 and BENCH_ROWS ≥ 2 × it");

// A `like %x%` in the long text that matches few rows: Notes are `Note for item ${i}`, so
// `item ${n}` with n = START × 0.12345 (12345 at 100k) matches row n alone at START rows and
// n, n0…n9 (11 rows) at 10 × START: fewer than a page at both, so no reader stops early.
const noteTerm = `item ${Math.floor(START * 0.12345)}`;
const likeNotes = `?limit=${LIMIT}&where=${encodeURIComponent(`(Notes,like,%${noteTerm}%)`)}`;
const countWhere = (v) => encodeURIComponent(`(Amount,gt,${v})~and(Category,eq,cat3)`);
// NocoDB's groupby names the column by its database name; we accept that name (or the title).
const groupPath = (s) => `${s.data}/groupby?column_name=category`;

const p50 = (samples) => stats(samples).p50;
// LATER_MS (1 s) and the build itself (0.5–1 s at 1M rows in workerd, README "Filter and sort changes").
const SETTLE_MS = 3_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every read of the table, on each side in turn; `ours` marks the side that has cursors. */
async function reads(sides, ours, shift) {
  const outs = sides.map(() => ({}));
  // A figure that fails (a slow request the local runtime drops) is reported as such, and the
  // run goes on: one failure late in a long run keeps every other figure.
  const each = (fn) =>
    inTurn(sides, outs, async (s, o, k) => {
      try {
        await fn(s, o, k);
      } catch (e) {
        (o.errors ??= []).push(String(e.cause?.message ?? e.message).slice(0, 300));
        console.error(`${s.base}: ${o.errors.at(-1)}`);
      }
    });
  await each(async (s, o) => {
    o.health_p50_ms = p50(await healthSamples(s));
  });
  await each(async (s, o) => {
    const first = await s.call("GET", `${s.data}?limit=${LIMIT}`);
    o.total = first.pageInfo?.totalRows;
    o.first_page_p50_ms = p50(await sampleGets(s, () => `${s.data}?limit=${LIMIT}`, N));
  });
  // The last page by offset; for us also the same page by the cursor of the page before it.
  await each(async (s, o, k) => {
    const deep = o.total - LIMIT;
    const base = `${s.data}?limit=${LIMIT}`;
    o.offset_end_p50_ms = p50(await sampleGets(s, () => `${base}&offset=${deep}`, N));
    if (k !== ours) return;
    const before = await s.call("GET", `${base}&offset=${deep - LIMIT}`);
    const byCursor = `${base}&offset=${deep}&cursor=${before.pageInfo.cursor}`;
    const [a, b] = [await s.call("GET", `${base}&offset=${deep}`), await s.call("GET", byCursor)];
    if (JSON.stringify(a.list) !== JSON.stringify(b.list))
      throw new Error("the last page by cursor differs from the last page by offset");
    o.cursor_end_p50_ms = p50(await sampleGets(s, () => byCursor, N));
  });
  // The first sorted and the first filtered page on their own: ours make (or remake) an index, on a
  // table of 100,000 rows or more a second after the read (LATER_MS, db/store/later-jobs.ts; the
  // reads until then scan, and a read of another sort in that second replaces the pending build).
  // So the p50s wait SETTLE_MS after the first read: they are the reads of a sort in use.
  await each(async (s, o) => {
    o.sort_first_ms = await timed(() => s.call("GET", `${s.data}?limit=${LIMIT}&sort=-Price`));
    await sleep(SETTLE_MS);
    o.sort_p50_ms = p50(await sampleGets(s, () => `${s.data}?limit=${LIMIT}&sort=-Price`, N));
  });
  await each(async (s, o) => {
    o.filter_sort_first_ms = await timed(() => s.call("GET", s.data + q));
    await sleep(SETTLE_MS);
    o.filter_sort_p50_ms = p50(await sampleGets(s, (i) => `${s.data}${q}&offset=${(i % 5) * 25}`, N));
  });
  await each(async (s, o, k) => {
    o.like_notes_first_ms = await timed(async () => {
      o.like_notes_total = (await s.call("GET", s.data + likeNotes)).pageInfo?.totalRows;
    });
    // Ours: the first search of a table of 200,000 rows or more starts its index and scans; the room
    // fills the index in steps between requests (db/rows/search-index.ts). The p50 is taken once a
    // search comes back under a fifth of the first one's time three times in a row (at most 3
    // minutes of searches, one every 200 ms), as the sorted reads' p50s wait for their index.
    if (k === ours) {
      const t0 = performance.now();
      for (let fast = 0; fast < 3 && performance.now() - t0 < 180_000; await sleep(200))
        fast = (await timed(() => s.call("GET", s.data + likeNotes))) < o.like_notes_first_ms / 5 ? fast + 1 : 0;
      o.like_notes_index_whole_after_ms = Math.round(performance.now() - t0);
    }
    o.like_notes_p50_ms = p50(await sampleGets(s, () => s.data + likeNotes, N));
  });
  await each(async (s, o) => {
    o.like_title_total = (await s.call("GET", s.data + lq)).pageInfo?.totalRows;
    o.like_title_p50_ms = p50(await sampleGets(s, () => s.data + lq, N));
  });
  // A different filter per request: our exact count is cached per filter until a write.
  await each(async (s, o) => {
    o.count_filter_first_ms = await timed(async () => {
      o.count_filter_first = (await s.call("GET", `${s.data}/count?where=${countWhere(399)}`)).count;
    });
    o.count_filter_p50_ms = p50(await sampleGets(s, (i) => `${s.data}/count?where=${countWhere(400 + i)}`, N));
  });
  await each(async (s, o) => {
    o.group_first_ms = await timed(async () => {
      const list = (await s.call("GET", groupPath(s))).list ?? [];
      o.group_counts = list.map((g) => Number(g.count)).sort((a, b) => a - b);
    });
    o.group_p50_ms = p50(await sampleGets(s, () => groupPath(s), N));
  });
  await each(async (s, o) => {
    o.update_p50_ms = p50(await updateSamples(s, N, shift));
  });
  await each(async (s, o) => {
    o.concurrent_rps = await concurrentRps(s);
  });
  return outs;
}

const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 8790) });
const out = { start: START, rows: ROWS, note_term: noteTerm };
let sides;
try {
  sides = [await prepare(server.base)];
  if (peerUrl) {
    const creds = {
      email: process.env.BENCH_EMAIL ?? "bench@example.com",
      password: process.env.BENCH_PASSWORD ?? "Password123!",
    };
    sides.push(await prepare(peerUrl.replace(/\/$/, ""), creds));
  }
  const names = ["us", "peer"].slice(0, sides.length);
  const figures = sides.map(() => ({}));
  await inTurn(sides, figures, (s) => makeTable(s));
  await inTurn(sides, figures, async (s, f) => {
    f.insert_to_start_rows_per_s = Math.round(START / ((await insertRows(s, 0, START)) / 1000));
    console.error(`${s.base}: ${START} rows at ${f.insert_to_start_rows_per_s} rows/s`);
  });
  const atStart = await reads(sides, 0, 0);
  console.error(JSON.stringify({ at_start: atStart }));
  // The growth in tenths, each tenth's rate on its own: a rate that falls as the table grows shows.
  await inTurn(sides, figures, async (s, f) => {
    const step = Math.ceil((ROWS - START) / 9);
    let total = 0;
    f.insert_windows_rows_per_s = [];
    for (let from = START; from < ROWS; from += step) {
      const to = Math.min(ROWS, from + step);
      const ms = await insertRows(s, from, to);
      total += ms;
      f.insert_windows_rows_per_s.push(Math.round((to - from) / (ms / 1000)));
      console.error(`${s.base}: ${to} rows, ${f.insert_windows_rows_per_s.at(-1)} rows/s`);
    }
    f.insert_growing_rows_per_s = Math.round((ROWS - START) / (total / 1000));
  });
  const atEnd = await reads(sides, 0, 100);
  names.forEach((name, k) => (out[name] = { ...figures[k], at_start: atStart[k], at_end: atEnd[k] }));
  // The same answers on both sides (a figure of a wrong answer would be no figure).
  if (out.peer)
    for (const at of ["at_start", "at_end"])
      for (const key of ["total", "like_notes_total", "like_title_total", "count_filter_first", "group_counts"])
        if (JSON.stringify(out.us[at][key]) !== JSON.stringify(out.peer[at][key]))
          console.error(`warning: ${at}.${key} differs: us ${out.us[at][key]}, peer ${out.peer[at][key]}`);
} finally {
  await server.stop();
}
console.log(JSON.stringify(out, null, 2));
console.log(`\n${table(out)}`);

/** The issue-36 table of a run's JSON. */
function table({ start, rows, us, peer }) {
  const size = (n) => (n % 1e6 === 0 ? `${n / 1e6}M` : n % 1e3 === 0 ? `${n / 1e3}k` : String(n));
  const num = (v) =>
    v.toLocaleString("en-US", { minimumFractionDigits: v < 10 ? 1 : 0, maximumFractionDigits: v < 10 ? 1 : 0 });
  const ms = (v) => (typeof v === "number" ? `${num(v)} ms` : "—");
  const rate = (v, unit) => (typeof v === "number" ? `${num(v)} ${unit}` : "—");
  const x = (v) => (Number.isFinite(v) ? `${v.toFixed(v < 10 ? 1 : 0)}×` : "—");
  const lines = [
    `| at ${size(rows)} rows | NocoDB | us | ratio | growth ${size(start)} → ${size(rows)} (us) | growth (NocoDB) |`,
    "|---|---|---|---|---|---|",
  ];
  // A time: ratio = the peer's / ours; growth = at ROWS / at START, with both figures.
  const time = (label, key, peerKey = key, ratioNote = "") => {
    const grow = (side, k) =>
      side && typeof side.at_end[k] === "number"
        ? `${x(side.at_end[k] / side.at_start[k])} (${num(side.at_start[k])} → ${num(side.at_end[k])} ms)`
        : "—";
    const ratio = peer ? `${x(peer.at_end[peerKey] / us.at_end[key])}${ratioNote}` : "—";
    lines.push(
      `| ${label} | ${ms(peer?.at_end[peerKey])} | ${ms(us.at_end[key])} | ${ratio} | ${grow(us, key)} | ${grow(peer, peerKey)} |`,
    );
  };
  const growInsert = (side) =>
    side
      ? `${x(side.insert_growing_rows_per_s / side.insert_to_start_rows_per_s)} (${num(side.insert_to_start_rows_per_s)} → ${num(side.insert_growing_rows_per_s)} rows/s)`
      : "—";
  lines.push(
    `| insert, 1,000-row requests, while growing ${size(start)} → ${size(rows)} | ${rate(peer?.insert_growing_rows_per_s, "rows/s")} | ${rate(us.insert_growing_rows_per_s, "rows/s")} | ${peer ? x(us.insert_growing_rows_per_s / peer.insert_growing_rows_per_s) : "—"} | ${growInsert(us)} | ${growInsert(peer)} |`,
  );
  time("first page", "first_page_p50_ms");
  time(`page at offset ~end (offset = rows − 25)`, "offset_end_p50_ms");
  time("… the same page by cursor (ours only)", "cursor_end_p50_ms", "offset_end_p50_ms", " vs NocoDB's offset");
  time("sort by a number (`sort=-Price`)", "sort_p50_ms");
  time("… the first sorted page (alone: ours scans, its index follows)", "sort_first_ms");
  time("filter + sort", "filter_sort_p50_ms");
  time("… the first filter + sort (alone)", "filter_sort_first_ms");
  const m = (side, at) => side?.[at].like_notes_total ?? "?";
  time(
    `\`like %${out.note_term}%\` in a long text (Notes; ${m(us, "at_start")} → ${m(us, "at_end")} matches)`,
    "like_notes_p50_ms",
  );
  time("… the first such search (alone: ours scans, its index is filled in steps)", "like_notes_first_ms");
  time("`like %99%` in a short text (Title)", "like_title_p50_ms");
  time("count with a filter (a different filter each)", "count_filter_p50_ms");
  time("… the first count with a filter (alone)", "count_filter_first_ms");
  time("group by a select", "group_p50_ms");
  time("… the first group by (alone)", "group_first_ms");
  time("single-row update", "update_p50_ms");
  time("health route (the HTTP floor)", "health_p50_ms");
  const rps = (side) =>
    side
      ? `${x(side.at_end.concurrent_rps / side.at_start.concurrent_rps)} (${num(side.at_start.concurrent_rps)} → ${num(side.at_end.concurrent_rps)} rps)`
      : "—";
  lines.push(
    `| 10 concurrent readers (filter + sort) | ${rate(peer?.at_end.concurrent_rps, "rps")} | ${rate(us.at_end.concurrent_rps, "rps")} | ${peer ? x(us.at_end.concurrent_rps / peer.at_end.concurrent_rps) : "—"} | ${rps(us)} | ${rps(peer)} |`,
  );
  return lines.join("\n");
}
