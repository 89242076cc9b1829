// The side-by-side figures over the NocoDB v1 API shapes that both we and NocoDB serve (the same
// requests as ../shared/peer/api-bench.mjs): a 9-column table, ROWS rows in 1,000-row requests,
// then a filtered + sorted page, a plain page, a `like` search, 10 concurrent readers, updates.
// Measured on both servers in the same run, figure by figure (sideBySideFigures).
import { stats, timed } from "./server.mjs";

const cats = Array.from({ length: 10 }, (_, i) => `cat${i}`);
export const row = (i) => ({
  Title: `Item ${i}`,
  Category: cats[i % 10],
  Amount: (i * 7919) % 1000,
  Price: ((i * 104729) % 100000) / 100,
  Done: i % 3 === 0,
  Due: `2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
  Notes: `Note for item ${i}`,
  Email: `user${i}@example.com`,
});

function caller(base, token) {
  return async (method, path, body) => {
    const res = await fetch(base + path, {
      method,
      headers: { "content-type": "application/json", ...(token ? { "xc-auth": token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${base} ${method} ${path} -> ${res.status} ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
}

/** Signs up (or, for an account that exists, in): NocoDB makes only its first user a creator. */
async function signIn(base, email, password) {
  const anon = caller(base);
  await anon("POST", "/api/v1/auth/user/signup", { email, password, firstname: "Bench", lastname: "User" }).catch(
    () => {},
  );
  return (await anon("POST", "/api/v1/auth/user/signin", { email, password })).token;
}

/** One server's share of a run: its signed-in caller, then its table's paths. */
export async function prepare(base, creds) {
  const { email = `bench${Date.now()}@example.com`, password = "Bench-Password-123!" } = creds ?? {};
  return { base, call: caller(base, await signIn(base, email, password)) };
}

export async function makeTable(side) {
  const { call } = side;
  const project = await call("POST", "/api/v1/db/meta/projects", { title: `bench${Date.now() % 100000}` });
  const table = await call("POST", `/api/v1/db/meta/projects/${project.id}/tables`, {
    table_name: "items",
    title: "items",
    columns: [
      { column_name: "id", title: "Id", uidt: "ID" },
      { column_name: "title", title: "Title", uidt: "SingleLineText" },
      {
        column_name: "category",
        title: "Category",
        uidt: "SingleSelect",
        colOptions: { options: cats.map((c) => ({ title: c })) },
      },
      { column_name: "amount", title: "Amount", uidt: "Number" },
      { column_name: "price", title: "Price", uidt: "Decimal" },
      { column_name: "done", title: "Done", uidt: "Checkbox" },
      { column_name: "due", title: "Due", uidt: "Date" },
      { column_name: "notes", title: "Notes", uidt: "LongText" },
      { column_name: "email", title: "Email", uidt: "Email" },
    ],
  });
  side.data = `/api/v1/db/data/noco/${project.id}/${table.id}`;
  side.bulk = `/api/v1/db/data/bulk/noco/${project.id}/${table.id}`;
}

export const q = `?limit=25&where=${encodeURIComponent("(Amount,gt,500)~and(Category,eq,cat3)")}&sort=-Price`;
export const lq = `?limit=25&where=${encodeURIComponent("(Title,like,%99%)")}`;

/** Rows `from` to `to` in 1,000-row requests, one at a time, each chunk built inside the clock as
 * the peer script does; the time it took (ms). */
export async function insertRows(side, from, to) {
  return timed(async () => {
    for (let i = from; i < to; i += 1000)
      await side.call(
        "POST",
        side.bulk,
        Array.from({ length: Math.min(1000, to - i) }, (_, k) => row(i + k)),
      );
  });
}

/** `n` sequential GETs of `pathAt(i)` on one side; their times (ms). */
export async function sampleGets(side, pathAt, n) {
  const samples = [];
  for (let i = 0; i < n; i++) samples.push(await timed(() => side.call("GET", pathAt(i))));
  return samples;
}

/** `n` health requests (no auth, no table): the HTTP floor of a server; their times (ms). */
export async function healthSamples(side, n = 200) {
  const samples = [];
  for (let i = 0; i < n; i++)
    samples.push(await timed(() => fetch(`${side.base}/api/v1/health`).then((r) => r.text())));
  return samples;
}

/** Single-row updates of rows 1..n (Amount set to `i + shift`, so a later call changes them again). */
export async function updateSamples(side, n = 20, shift = 0) {
  const samples = [];
  for (let i = 1; i <= n; i++)
    samples.push(await timed(() => side.call("PATCH", `${side.data}/${i}`, { Amount: i + shift })));
  return samples;
}

/** 10 readers at once, 20 filtered + sorted pages each; requests per second. */
export async function concurrentRps(side) {
  const ms = await timed(() =>
    Promise.all(
      Array.from({ length: 10 }, async (_, w) => {
        for (let i = 0; i < 20; i++) await side.call("GET", `${side.data}${q}&offset=${((w + i) % 5) * 25}`);
      }),
    ),
  );
  return Math.round(200 / (ms / 1000));
}

/** `fn(side, out)` for each side in turn (one figure on one server, then at once on the next). */
export const inTurn = async (sides, outs, fn) => {
  for (let k = 0; k < sides.length; k++) await fn(sides[k], outs[k], k);
};

/**
 * The figures of one or more servers (`bases`, each with its own account) over the same requests.
 * With several, each figure is measured on one server, then at once on the next, before the next
 * figure: a load change on a shared machine falls on both sides of a ratio alike, while one
 * server's leftover work (a peer's collection of a slow request's garbage) never sits between
 * the other's requests, as it would if they took turns request by request.
 */
export async function sideBySideFigures(bases, rows, creds = []) {
  const sides = [];
  for (let k = 0; k < bases.length; k++) sides.push(await prepare(bases[k], creds[k]));
  const out = sides.map(() => ({}));
  const each = (fn) => inTurn(sides, out, fn);
  await each(async (s, o) => {
    o.health = await healthSamples(s);
  });
  await each((s) => makeTable(s));
  await each(async (s, o) => {
    o.insertMs = await insertRows(s, 0, rows);
  });
  await each(async (s, o) => {
    o.first = await s.call("GET", s.data + q);
    o.filtered = await sampleGets(s, (i) => `${s.data}${q}&offset=${(i % 5) * 25}`, 40);
  });
  await each(async (s, o) => {
    o.plain = await sampleGets(s, (i) => `${s.data}?limit=25&offset=${i * 25}`, 40);
  });
  await each(async (s, o) => {
    o.like = await sampleGets(s, () => s.data + lq, 20);
  });
  await each(async (s, o) => {
    o.rps = await concurrentRps(s);
  });
  await each(async (s, o) => {
    o.updates = await updateSamples(s);
  });

  return sides.map((s, k) => {
    const o = out[k];
    return {
      base: s.base,
      rows,
      health_p50_ms: stats(o.health).p50,
      insert_rows_per_s: Math.round(rows / (o.insertMs / 1000)),
      filtered_total: o.first.pageInfo?.totalRows,
      list_filter_sort_p50_ms: stats(o.filtered).p50,
      list_plain_p50_ms: stats(o.plain).p50,
      list_like_p50_ms: stats(o.like).p50,
      list_concurrent_rps: o.rps,
      update_p50_ms: stats(o.updates).p50,
    };
  });
}

/** One server's figures alone. */
export async function apiFigures(base, rows, creds) {
  return (await sideBySideFigures([base], rows, [creds]))[0];
}

/** Our advantage per figure: for times the peer's over ours, for rates ours over the peer's. */
export function ratios(us, peer) {
  const out = {};
  for (const [k, v] of Object.entries(us)) {
    if (typeof v !== "number" || typeof peer[k] !== "number" || k === "rows" || k === "filtered_total") continue;
    out[k] = +(k.endsWith("_ms") ? peer[k] / v : v / peer[k]).toFixed(1);
  }
  return out;
}
