import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser, type TestUser } from "./support";

/**
 * Dashboards (issue 38): every widget type's numbers against the same aggregate computed here in
 * JavaScript over the inserted rows; date buckets at month and year edges and in another time
 * zone; access (hidden fields refused, row rules narrow); public links; a deleted field.
 */
const M = "/api/v1/db/meta";
const call = (user: TestUser | null, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  api(method, path, { ...(user ? { token: user.token } : {}), body, ...(headers ? { headers } : {}) });

interface Row {
  Name: string;
  Status: string | null;
  Region: string | null;
  Amount: number | null;
  Done: boolean;
  At: string | null;
  Day: string | null;
}

// Month and year edges in UTC, and instants whose local day differs in New York (UTC-5/-4).
const ROWS: Row[] = [
  {
    Name: "a",
    Status: "Todo",
    Region: "North",
    Amount: 10,
    Done: true,
    At: "2025-12-31T23:30:00.000Z",
    Day: "2025-12-31",
  },
  {
    Name: "b",
    Status: "Todo",
    Region: "South",
    Amount: 5,
    Done: false,
    At: "2026-01-01T00:00:00.000Z",
    Day: "2026-01-01",
  },
  {
    Name: "c",
    Status: "Done",
    Region: "North",
    Amount: 7.5,
    Done: true,
    At: "2026-01-31T23:59:59.000Z",
    Day: "2026-01-31",
  },
  {
    Name: "d",
    Status: "Done",
    Region: "North",
    Amount: null,
    Done: false,
    At: "2026-02-01T03:00:00.000Z",
    Day: "2026-02-01",
  },
  {
    Name: "e",
    Status: null,
    Region: "South",
    Amount: 100,
    Done: true,
    At: "2026-03-31T12:00:00.000Z",
    Day: "2026-03-31",
  },
  { Name: "f", Status: "Todo", Region: null, Amount: 1, Done: false, At: null, Day: null },
  {
    Name: "g",
    Status: "Done",
    Region: "South",
    Amount: 20,
    Done: true,
    At: "2026-07-01T02:00:00.000Z",
    Day: "2026-07-01",
  },
];

const sum = (xs: (number | null)[]) => xs.reduce<number>((a, b) => a + (b ?? 0), 0);

async function setup() {
  const [owner, editor, viewer] = [
    await seedUser("org-level-creator"),
    await seedUser("org-level-viewer"),
    await seedUser("org-level-viewer"),
  ];
  const projectId = await seedProject([
    [owner, "owner"],
    [editor, "editor"],
    [viewer, "viewer"],
  ]);
  const table = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Deals",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Status", uidt: "SingleSelect", dtxp: "'Todo','Done'" },
      { title: "Region", uidt: "SingleLineText" },
      { title: "Amount", uidt: "Decimal" },
      { title: "Done", uidt: "Checkbox" },
      { title: "At", uidt: "DateTime" },
      { title: "Day", uidt: "Date" },
    ],
  });
  expect(table.status, JSON.stringify(table.body)).toBe(200);
  const col = Object.fromEntries(
    table.body.columns.map((c: { title: string; id: string }) => [c.title, c.id]),
  ) as Record<string, string>;
  const inserted = await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Deals`, ROWS);
  expect(inserted.status, JSON.stringify(inserted.body)).toBe(200);
  const dash = await call(owner, "POST", `${M}/projects/${projectId}/dashboards`, { title: "Sales" });
  expect(dash.status, JSON.stringify(dash.body)).toBe(200);
  const widget = async (body: Record<string, unknown>) => {
    const res = await call(owner, "POST", `${M}/dashboards/${dash.body.id}/widgets`, {
      title: "w",
      table_id: table.body.id,
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id as string;
  };
  const data = (id: string, user: TestUser = owner) =>
    call(user, "GET", `${M}/dashboards/${dash.body.id}/widgets/${id}/data`);
  return {
    owner,
    editor,
    viewer,
    projectId,
    tableId: table.body.id as string,
    grid: table.body.views?.[0]?.id,
    col,
    dashId: dash.body.id as string,
    widget,
    data,
  };
}

/** Viewers: Amount hidden, North rows only (and any other roles' rules given). */
async function restrictViewer(s: Awaited<ReturnType<typeof setup>>, others: Record<string, unknown> = {}) {
  const set = await call(s.owner, "PUT", `${M}/tables/${s.tableId}/access`, {
    roles: {
      viewer: {
        fields: { [s.col.Amount!]: "hidden" },
        row_rule: [{ fk_column_id: s.col.Region, comparison_op: "eq", value: "North" }],
      },
      ...others,
    },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
}

describe("dashboards", () => {
  it("creates, lists, reads, renames and deletes dashboards and widgets (builders only)", async () => {
    const s = await setup();
    const list = await call(s.owner, "GET", `${M}/projects/${s.projectId}/dashboards`);
    expect(list.status).toBe(200);
    expect(list.body.list.map((d: { title: string }) => d.title)).toEqual(["Sales"]);
    // Readers list and read; only builders change.
    expect((await call(s.viewer, "GET", `${M}/projects/${s.projectId}/dashboards`)).status).toBe(200);
    expect((await call(s.editor, "POST", `${M}/projects/${s.projectId}/dashboards`, { title: "x" })).status).toBe(403);
    expect((await call(s.owner, "POST", `${M}/projects/${s.projectId}/dashboards`, { title: "" })).status).toBe(400);
    const w = await s.widget({
      type: "number",
      config: { y: [{ agg: "count" }] },
      position: { x: 0, y: 0, w: 4, h: 3 },
    });
    const got = await call(s.viewer, "GET", `${M}/dashboards/${s.dashId}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: s.dashId, title: "Sales", time_zone: "UTC", share: null });
    expect(got.body.widgets).toMatchObject([{ id: w, type: "number", table_id: s.tableId, position: { w: 4, h: 3 } }]);
    expect((await call(s.editor, "PATCH", `${M}/dashboards/${s.dashId}`, { title: "No" })).status).toBe(403);
    const renamed = await call(s.owner, "PATCH", `${M}/dashboards/${s.dashId}`, {
      title: "Q1",
      time_zone: "Europe/Paris",
    });
    expect(renamed.body).toMatchObject({ title: "Q1", time_zone: "Europe/Paris" });
    const badZone = await call(s.owner, "PATCH", `${M}/dashboards/${s.dashId}`, { time_zone: "Mars/Olympus" });
    expect(badZone.status).toBe(400);
    expect(badZone.body.msg).toMatch(/time zone/);
    const moved = await call(s.owner, "PATCH", `${M}/dashboards/${s.dashId}/widgets/${w}`, {
      position: { x: 4, y: 0, w: 2, h: 2 },
    });
    expect(moved.body.position).toEqual({ x: 4, y: 0, w: 2, h: 2 });
    expect((await call(s.owner, "POST", `${M}/dashboards/${s.dashId}/widgets`, { type: "gauge" })).status).toBe(400);
    expect((await call(s.owner, "DELETE", `${M}/dashboards/${s.dashId}/widgets/${w}`)).status).toBe(200);
    expect((await call(s.owner, "GET", `${M}/dashboards/${s.dashId}/widgets/${w}/data`)).status).toBe(404);
    expect((await call(s.owner, "DELETE", `${M}/dashboards/${s.dashId}`)).status).toBe(200);
    expect((await call(s.owner, "GET", `${M}/dashboards/${s.dashId}`)).status).toBe(404);
  });

  it("number widgets: count, sum, avg, min, max, count_distinct equal the rows' own", async () => {
    const s = await setup();
    const amounts = ROWS.map((r) => r.Amount);
    const filled = amounts.filter((a): a is number => a !== null);
    const cases: [Record<string, unknown>, number][] = [
      [{ agg: "count" }, ROWS.length],
      [{ agg: "count", column_id: s.col.Amount }, filled.length],
      [{ agg: "sum", column_id: s.col.Amount }, sum(amounts)],
      [{ agg: "avg", column_id: s.col.Amount }, sum(amounts) / filled.length],
      [{ agg: "min", column_id: s.col.Amount }, Math.min(...filled)],
      [{ agg: "max", column_id: s.col.Amount }, Math.max(...filled)],
      [{ agg: "count_distinct", column_id: s.col.Region }, new Set(ROWS.map((r) => r.Region).filter(Boolean)).size],
    ];
    for (const [y, expected] of cases) {
      const id = await s.widget({ type: "number", config: { y: [y] } });
      const res = await s.data(id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.value, JSON.stringify(y)).toBeCloseTo(expected, 9);
    }
    // With a filter: the same aggregate over the rows it keeps.
    const filtered = await s.widget({
      type: "number",
      config: {
        y: [{ agg: "sum", column_id: s.col.Amount }],
        filters: [{ fk_column_id: s.col.Status, comparison_op: "eq", value: "Done" }],
      },
    });
    expect((await s.data(filtered)).body.value).toBeCloseTo(
      sum(ROWS.filter((r) => r.Status === "Done").map((r) => r.Amount)),
      9,
    );
    // sum of a text field is refused, naming it.
    const bad = await s.widget({ type: "number", config: { y: [{ agg: "sum", column_id: s.col.Region }] } });
    const refused = await s.data(bad);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/Region/);
  });

  it("bar, pie and pivot widgets group as the rows do, with totals", async () => {
    const s = await setup();
    const bar = await s.widget({
      type: "bar",
      config: { x: { column_id: s.col.Status }, y: [{ agg: "sum", column_id: s.col.Amount }] },
    });
    const res = await s.data(bar);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const expected = new Map<string | null, number>();
    for (const r of ROWS) expected.set(r.Status, (expected.get(r.Status) ?? 0) + (r.Amount ?? 0));
    expect(res.body.series).toHaveLength(1);
    const points = res.body.series[0].points as { x: string | null; y: number }[];
    expect(new Map(points.map((p) => [p.x, p.y]))).toEqual(expected);

    const stacked = await s.widget({
      type: "bar",
      config: { x: { column_id: s.col.Status }, series: { column_id: s.col.Region }, y: [{ agg: "count" }] },
    });
    const st = (await s.data(stacked)).body as {
      series: { name: string | null; points: { x: string | null; y: number }[] }[];
    };
    const count = (status: string | null, region: string | null) =>
      ROWS.filter((r) => r.Status === status && r.Region === region).length;
    for (const serie of st.series) for (const p of serie.points) expect(p.y).toBe(count(p.x, serie.name));
    expect(sum(st.series.flatMap((x) => x.points.map((p) => p.y)))).toBe(ROWS.length);

    const pivot = await s.widget({
      type: "pivot",
      config: {
        x: { column_id: s.col.Region },
        series: { column_id: s.col.Status },
        y: [{ agg: "avg", column_id: s.col.Amount }],
      },
    });
    const pv = await s.data(pivot);
    expect(pv.status, JSON.stringify(pv.body)).toBe(200);
    const avg = (rows: Row[]) => {
      const xs = rows.map((r) => r.Amount).filter((a): a is number => a !== null);
      return xs.length ? sum(xs) / xs.length : null;
    };
    const { rows, columns, cells, total } = pv.body as {
      rows: { key: string | null; total: number | null }[];
      columns: { key: string | null; total: number | null }[];
      cells: (number | null)[][];
      total: number;
    };
    expect(total).toBeCloseTo(avg(ROWS)!, 9);
    rows.forEach((r, i) => {
      expect(r.total).toBeCloseTo(avg(ROWS.filter((x) => x.Region === r.key))!, 9);
      columns.forEach((c, j) => {
        const want = avg(ROWS.filter((x) => x.Region === r.key && x.Status === c.key));
        if (want === null) expect(cells[i]![j]).toBeNull();
        else expect(cells[i]![j]).toBeCloseTo(want, 9);
      });
    });
    for (const c of columns) expect(c.total).toBeCloseTo(avg(ROWS.filter((x) => x.Status === c.key))!, 9);
  });

  it("line widgets bucket dates at month and year edges, in the dashboard's time zone", async () => {
    const s = await setup();
    const monthly = await s.widget({
      type: "line",
      config: { x: { column_id: s.col.At, bucket: "month" }, y: [{ agg: "count" }] },
    });
    const pointsOf = async (id: string) =>
      Object.fromEntries(
        ((await s.data(id)).body.series[0].points as { x: string; y: number }[]).map((p) => [p.x ?? "none", p.y]),
      );
    const utcMonths = new Map<string, number>();
    for (const r of ROWS) {
      const k = r.At ? `${r.At.slice(0, 7)}-01` : "none";
      utcMonths.set(k, (utcMonths.get(k) ?? 0) + 1);
    }
    expect(await pointsOf(monthly)).toEqual(Object.fromEntries(utcMonths));
    const yearly = await s.widget({
      type: "line",
      config: { x: { column_id: s.col.At, bucket: "year" }, y: [{ agg: "count" }] },
    });
    expect(await pointsOf(yearly)).toEqual({ none: 1, "2025-01-01": 1, "2026-01-01": 5 });
    const quarterly = await s.widget({
      type: "area",
      config: { x: { column_id: s.col.Day, bucket: "quarter" }, y: [{ agg: "count" }] },
    });
    expect(await pointsOf(quarterly)).toEqual({ none: 1, "2025-10-01": 1, "2026-01-01": 4, "2026-07-01": 1 });
    const weekly = await s.widget({
      type: "line",
      config: { x: { column_id: s.col.Day, bucket: "week" }, y: [{ agg: "count" }] },
    });
    // 2025-12-31 and 2026-01-01 are Wednesday and Thursday of the week from Monday 2025-12-29.
    expect((await pointsOf(weekly))["2025-12-29"]).toBe(2);

    // New York: 2025-12-31T23:30Z is still December, 2026-01-01T00:00Z is December 31 there,
    // 2026-02-01T03:00Z is January 31, 2026-07-01T02:00Z is June 30 (daylight time, UTC-4).
    expect(
      (await call(s.owner, "PATCH", `${M}/dashboards/${s.dashId}`, { time_zone: "America/New_York" })).status,
    ).toBe(200);
    expect(await pointsOf(yearly)).toEqual({ none: 1, "2025-01-01": 2, "2026-01-01": 4 });
    expect(await pointsOf(monthly)).toEqual({
      none: 1,
      "2025-12-01": 2,
      "2026-01-01": 2,
      "2026-03-01": 1,
      "2026-06-01": 1,
    });
    // A date field has no zone: its buckets stay.
    expect(await pointsOf(quarterly)).toEqual({ none: 1, "2025-10-01": 1, "2026-01-01": 4, "2026-07-01": 1 });
  });

  it("a number widget compares the current period with the one before", async () => {
    const s = await setup();
    const now = new Date();
    const iso = (d: Date) => d.toISOString();
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1, 12));
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
    const rows = [
      { Name: "now1", Amount: 3, At: iso(thisMonth) },
      { Name: "now2", Amount: 4, At: iso(thisMonth) },
      { Name: "before", Amount: 10, At: iso(lastMonth) },
    ];
    expect((await call(s.owner, "POST", `/api/v1/db/data/bulk/noco/${s.projectId}/Deals`, rows)).status).toBe(200);
    const w = await s.widget({
      type: "number",
      config: { y: [{ agg: "sum", column_id: s.col.Amount }], compare: { column_id: s.col.At, period: "month" } },
    });
    const res = await s.data(w);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ value: 7, previous: 10 });
  });

  it("access: a field hidden from a role is refused in its widgets, row rules narrow every number", async () => {
    const s = await setup();
    await restrictViewer(s, {
      editor: { row_rule: [{ fk_column_id: s.col.Region, comparison_op: "eq", value: "South" }] },
    });
    const total = await s.widget({ type: "number", config: { y: [{ agg: "sum", column_id: s.col.Amount }] } });
    const hidden = await s.data(total, s.viewer);
    expect(hidden.status).toBe(403);
    expect(hidden.body.msg).toMatch(/Amount.*hidden/);
    // The same through a filter or a group on it.
    const byFilter = await s.widget({
      type: "number",
      config: { y: [{ agg: "count" }], filters: [{ fk_column_id: s.col.Amount, comparison_op: "gt", value: 6 }] },
    });
    expect((await s.data(byFilter, s.viewer)).status).toBe(403);
    // Row rules: the viewer counts North only, the editor sums South only; the owner sees all.
    const count = await s.widget({ type: "number", config: { y: [{ agg: "count" }] } });
    expect((await s.data(count, s.viewer)).body.value).toBe(ROWS.filter((r) => r.Region === "North").length);
    expect((await s.data(count, s.owner)).body.value).toBe(ROWS.length);
    expect((await s.data(total, s.editor)).body.value).toBeCloseTo(
      sum(ROWS.filter((r) => r.Region === "South").map((r) => r.Amount)),
      9,
    );
    const bars = await s.widget({ type: "pie", config: { x: { column_id: s.col.Status }, y: [{ agg: "count" }] } });
    const viewerBars = (await s.data(bars, s.viewer)).body.series[0].points as { x: string | null; y: number }[];
    expect(sum(viewerBars.map((p) => p.y))).toBe(ROWS.filter((r) => r.Region === "North").length);
  });

  it("a batched read answers each widget as its own read, with each reader's access rules per widget", async () => {
    const s = await setup();
    await restrictViewer(s);
    const total = await s.widget({ type: "number", config: { y: [{ agg: "sum", column_id: s.col.Amount }] } });
    const count = await s.widget({ type: "number", config: { y: [{ agg: "count" }] } });
    const bars = await s.widget({ type: "bar", config: { x: { column_id: s.col.Status }, y: [{ agg: "count" }] } });
    const pivot = await s.widget({
      type: "pivot",
      config: { x: { column_id: s.col.Status }, series: { column_id: s.col.Done }, y: [{ agg: "count" }] },
    });
    const ids = [count, total, bars, pivot];
    const batch = (user: TestUser, q: string) => call(user, "GET", `${M}/dashboards/${s.dashId}/data?widget_ids=${q}`);
    for (const user of [s.owner, s.viewer]) {
      const res = await batch(user, ids.join(","));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.list.map((x: { widget_id: string }) => x.widget_id)).toEqual(ids);
      for (const [i, id] of ids.entries()) {
        const single = await s.data(id, user);
        if (single.status === 200) expect(res.body.list[i]).toEqual(single.body);
        else
          expect(res.body.list[i]).toEqual({ widget_id: id, error: { status: single.status, msg: single.body.msg } });
      }
    }
    // The numbers themselves: the owner counts every row, the viewer North only and is refused Amount.
    const owner = (await batch(s.owner, ids.join(","))).body.list;
    expect(owner[0].value).toBe(ROWS.length);
    expect(owner[1].value).toBeCloseTo(sum(ROWS.map((r) => r.Amount)), 9);
    const viewer = (await batch(s.viewer, ids.join(","))).body.list;
    expect(viewer[0].value).toBe(ROWS.filter((r) => r.Region === "North").length);
    expect(viewer[1].error.status).toBe(403);
    expect(viewer[1].error.msg).toMatch(/Amount.*hidden/);
    // A widget of no such id is that item's 404; bad lists are a 400, never a 500.
    const missing = await batch(s.owner, `${count},wd_nope`);
    expect(missing.status).toBe(200);
    expect(missing.body.list[1]).toMatchObject({ widget_id: "wd_nope", error: { status: 404 } });
    expect((await batch(s.owner, "")).status).toBe(400);
    expect((await batch(s.owner, Array.from({ length: 51 }, (_, i) => `w${i}`).join(","))).status).toBe(400);
    // Outsiders are refused the whole request.
    const stranger = await seedUser("org-level-viewer");
    expect((await batch(stranger, count)).status).toBe(403);
  });

  it("public links: no sign-in, password, expiry, unshare, and no field hidden from viewers", async () => {
    const s = await setup();
    const count = await s.widget({ type: "number", config: { y: [{ agg: "count" }] } });
    const secret = await s.widget({ type: "number", config: { y: [{ agg: "max", column_id: s.col.Amount }] } });
    expect((await call(s.editor, "POST", `${M}/dashboards/${s.dashId}/share`)).status).toBe(403);
    const shared = await call(s.owner, "POST", `${M}/dashboards/${s.dashId}/share`);
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const uuid = shared.body.uuid as string;
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    const P = `/api/v1/db/public/dashboards/${uuid}`;
    const meta = await call(null, "GET", P);
    expect(meta.status, JSON.stringify(meta.body)).toBe(200);
    expect(meta.body.widgets.map((w: { id: string }) => w.id).sort()).toEqual([count, secret].sort());
    expect(meta.body.share).toEqual({ uuid });
    expect((await call(null, "GET", `${P}/widgets/${count}/data`)).body.value).toBe(ROWS.length);
    // The owner's GET tells the link; sharing again keeps it.
    expect((await call(s.owner, "GET", `${M}/dashboards/${s.dashId}`)).body.share).toMatchObject({
      uuid,
      password_protected: false,
    });
    expect((await call(s.owner, "POST", `${M}/dashboards/${s.dashId}/share`, {})).body.uuid).toBe(uuid);

    // Hidden from viewers: a visitor is refused it too, and a row rule of viewers narrows.
    await call(s.owner, "PUT", `${M}/tables/${s.tableId}/access`, {
      roles: {
        viewer: {
          fields: { [s.col.Amount!]: "hidden" },
          row_rule: [{ fk_column_id: s.col.Status, comparison_op: "eq", value: "Done" }],
        },
      },
    });
    expect((await call(null, "GET", `${P}/widgets/${secret}/data`)).status).toBe(403);
    expect((await call(null, "GET", `${P}/widgets/${count}/data`)).body.value).toBe(
      ROWS.filter((r) => r.Status === "Done").length,
    );

    // A password: refused without it or with a wrong one.
    expect(
      (await call(s.owner, "POST", `${M}/dashboards/${s.dashId}/share`, { password: "s3cret" })).body,
    ).toMatchObject({
      uuid,
      password_protected: true,
    });
    expect((await call(null, "GET", P)).status).toBe(403);
    expect((await call(null, "GET", P, undefined, { "xc-password": "nope" })).status).toBe(403);
    expect((await call(null, "GET", `${P}/widgets/${count}/data`)).status).toBe(403);
    const withPassword = await call(null, "GET", P, undefined, { "xc-password": "s3cret" });
    expect(withPassword.status).toBe(200);
    expect(JSON.stringify(withPassword.body)).not.toMatch(/s3cret|password_hash|pbkdf2/i);
    // Expiry: gone once past.
    expect(
      (
        await call(s.owner, "POST", `${M}/dashboards/${s.dashId}/share`, {
          password: null,
          expires_at: "2020-01-01T00:00:00Z",
        })
      ).status,
    ).toBe(200);
    expect((await call(null, "GET", P)).status).toBe(410);
    expect((await call(s.owner, "POST", `${M}/dashboards/${s.dashId}/share`, { expires_at: "tomorrow" })).status).toBe(
      400,
    );
    await call(s.owner, "POST", `${M}/dashboards/${s.dashId}/share`, { expires_at: null });
    expect((await call(null, "GET", P)).status).toBe(200);
    // Unshared: 404.
    expect((await call(s.owner, "DELETE", `${M}/dashboards/${s.dashId}/share`)).status).toBe(200);
    expect((await call(null, "GET", P)).status).toBe(404);
    expect((await call(null, "GET", `${P}/widgets/${count}/data`)).status).toBe(404);
  });

  it("the public dashboard comes from the edge cache until the dashboard changes", async () => {
    const s = await setup();
    await s.widget({ type: "text", config: { markdown: "# Hello" } });
    const { uuid } = (await call(s.owner, "POST", `${M}/dashboards/${s.dashId}/share`)).body;
    const P = `/api/v1/db/public/dashboards/${uuid}`;
    const first = await call(null, "GET", P);
    expect(first.headers.get("x-gridbase-cache")).toBe("miss");
    // The cache is filled after the answer (waitUntil): ask until it is there.
    let again = await call(null, "GET", P);
    for (let i = 0; i < 20 && again.headers.get("x-gridbase-cache") !== "hit"; i++) again = await call(null, "GET", P);
    expect(again.headers.get("x-gridbase-cache")).toBe("hit");
    expect(again.body.title).toBe("Sales");
    await call(s.owner, "PATCH", `${M}/dashboards/${s.dashId}`, { title: "Renamed" });
    const after = await call(null, "GET", P);
    expect(after.headers.get("x-gridbase-cache")).toBe("miss");
    expect(after.body.title).toBe("Renamed");
  });

  it("public widget data comes from the edge cache until a record changes; never with a password", async () => {
    const s = await setup();
    const count = await s.widget({ type: "number", config: { y: [{ agg: "sum", column_id: s.col.Amount }] } });
    const { uuid } = (await call(s.owner, "POST", `${M}/dashboards/${s.dashId}/share`)).body;
    const D = `/api/v1/db/public/dashboards/${uuid}/widgets/${count}/data`;
    const total = sum(ROWS.map((r) => r.Amount));
    const first = await call(null, "GET", D);
    expect(first.headers.get("x-gridbase-cache")).toBe("miss");
    expect(first.body.value).toBe(total);
    // The cache is filled after the answer (waitUntil): ask until it is there.
    let again = await call(null, "GET", D);
    for (let i = 0; i < 20 && again.headers.get("x-gridbase-cache") !== "hit"; i++) again = await call(null, "GET", D);
    expect(again.headers.get("x-gridbase-cache")).toBe("hit");
    expect(again.body.value).toBe(total);
    // A record added to the widget's table: the next visitor reads the new sum, not the cached one.
    const added = await call(s.owner, "POST", `/api/v1/db/data/noco/${s.projectId}/Deals`, { Name: "h", Amount: 1000 });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const after = await call(null, "GET", D);
    expect(after.headers.get("x-gridbase-cache")).toBe("miss");
    expect(after.body.value).toBe(total + 1000);
    // A record edited: the same.
    const id = added.body.Id ?? added.body.id;
    await call(s.owner, "PATCH", `/api/v1/db/data/noco/${s.projectId}/Deals/${id}`, { Amount: 1 });
    let edited = await call(null, "GET", D);
    expect(edited.body.value).toBe(total + 1);
    // A password-protected share is read live every time.
    await call(s.owner, "POST", `${M}/dashboards/${s.dashId}/share`, { password: "secret-pass-1" });
    for (let i = 0; i < 3; i++) {
      edited = await call(null, "GET", D, undefined, { "xc-password": "secret-pass-1" });
      expect(edited.headers.get("x-gridbase-cache")).toBe("bypass");
      expect(edited.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("a deleted dashboard waits in the trash: restored with its widgets and public link, or purged", async () => {
    const s = await setup();
    const number = await s.widget({ type: "number", config: { y: [{ agg: "count" }] } });
    const text = await s.widget({ type: "text", config: { markdown: "# Hi" }, position: { x: 2, y: 1, w: 3, h: 2 } });
    const { uuid } = (await call(s.owner, "POST", `${M}/dashboards/${s.dashId}/share`)).body;
    const P = `/api/v1/db/public/dashboards/${uuid}`;
    const T = `${M}/projects/${s.projectId}/trash`;
    expect((await call(s.owner, "DELETE", `${M}/dashboards/${s.dashId}`)).status).toBe(200);
    expect((await call(s.owner, "GET", `${M}/dashboards/${s.dashId}`)).status).toBe(404);
    expect((await call(s.owner, "GET", `${M}/projects/${s.projectId}/dashboards`)).body.list).toEqual([]);
    // The link is kept but answers 404 while the dashboard is in the trash.
    expect((await call(null, "GET", P)).status).toBe(404);
    const listed = await call(s.owner, "GET", `${T}?type=dashboard`);
    expect(listed.status).toBe(200);
    expect(listed.body.list).toMatchObject([{ type: "dashboard", title: "Sales", table_id: null }]);
    const entry = listed.body.list[0].id as string;
    // Editors see and restore deleted records only.
    expect((await call(s.editor, "GET", `${T}?type=dashboard`)).body.list ?? []).toEqual([]);
    expect((await call(s.editor, "POST", `${T}/${entry}/restore`)).status).toBe(403);
    const restored = await call(s.owner, "POST", `${T}/${entry}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({ type: "dashboard", title: "Sales", dropped: [] });
    // The same dashboard, the same widgets (ids, settings, positions), the same link.
    const back = await call(s.owner, "GET", `${M}/dashboards/${s.dashId}`);
    expect(back.status).toBe(200);
    expect(back.body.share).toMatchObject({ uuid });
    expect(back.body.widgets).toMatchObject([
      { id: number, type: "number" },
      { id: text, type: "text", position: { x: 2, y: 1, w: 3, h: 2 }, config: { markdown: "# Hi" } },
    ]);
    expect((await s.data(number)).body.value).toBe(ROWS.length);
    const shared = await call(null, "GET", P);
    expect(shared.status).toBe(200);
    expect((await call(null, "GET", `${P}/widgets/${number}/data`)).body.value).toBe(ROWS.length);
    expect((await call(s.owner, "GET", `${T}?type=dashboard`)).body.list).toEqual([]);
    // Deleted again and purged: gone for good.
    await call(s.owner, "DELETE", `${M}/dashboards/${s.dashId}`);
    const again = (await call(s.owner, "GET", `${T}?type=dashboard`)).body.list[0].id as string;
    expect((await call(s.owner, "DELETE", `${T}/${again}`)).status).toBe(200);
    expect((await call(s.owner, "POST", `${T}/${again}/restore`)).status).toBe(404);
    expect((await call(s.owner, "GET", `${M}/dashboards/${s.dashId}`)).status).toBe(404);
    expect((await call(null, "GET", P)).status).toBe(404);
  });

  it("a widget whose field or table was deleted answers a clear error, not a 500", async () => {
    const s = await setup();
    const w = await s.widget({ type: "bar", config: { x: { column_id: s.col.Region }, y: [{ agg: "count" }] } });
    expect((await s.data(w)).status).toBe(200);
    expect((await call(s.owner, "DELETE", `${M}/columns/${s.col.Region}`)).status).toBe(200);
    const gone = await s.data(w);
    expect(gone.status).toBe(400);
    expect(gone.body.msg).toMatch(/deleted/);
    // The widget is still there, to be edited.
    expect((await call(s.owner, "GET", `${M}/dashboards/${s.dashId}`)).body.widgets).toHaveLength(1);
    const fixed = await call(s.owner, "PATCH", `${M}/dashboards/${s.dashId}/widgets/${w}`, {
      config: { x: { column_id: s.col.Status }, y: [{ agg: "count" }] },
    });
    expect(fixed.status).toBe(200);
    expect((await s.data(w)).status).toBe(200);
    expect((await call(s.owner, "DELETE", `${M}/tables/${s.tableId}`)).status).toBe(200);
    const noTable = await s.data(w);
    expect(noTable.status).toBe(400);
    expect(noTable.body.msg).toMatch(/table .*deleted/);
  });

  it("record list and text widgets: the view's first page, and no data", async () => {
    const s = await setup();
    // A view filter applies to every widget reading the view.
    const f = await call(s.owner, "POST", `${M}/views/${s.grid}/filters`, {
      fk_column_id: s.col.Status,
      comparison_op: "eq",
      value: "Todo",
    });
    expect(f.status, JSON.stringify(f.body)).toBe(200);
    const records = await s.widget({ type: "records", view_id: s.grid, config: { limit: 2 } });
    const res = await s.data(records);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.list).toHaveLength(2);
    expect(res.body.pageInfo.totalRows).toBe(ROWS.filter((r) => r.Status === "Todo").length);
    const count = await s.widget({ type: "number", view_id: s.grid, config: { y: [{ agg: "count" }] } });
    expect((await s.data(count)).body.value).toBe(ROWS.filter((r) => r.Status === "Todo").length);
    const text = await s.widget({ type: "text", table_id: undefined, config: { markdown: "**hi**" } });
    const t = await s.data(text);
    expect(t.status).toBe(200);
    expect(t.body).toEqual({ widget_id: text, table_id: null });
  });

  it("grid footer: each column's aggregate in SQL over the current filter, the choice kept on the view column", async () => {
    const s = await setup();
    const cols = (await call(s.owner, "GET", `${M}/grids/${s.grid}/grid-columns`)).body as {
      id: string;
      fk_column_id: string;
      aggregation: string | null;
    }[];
    const amountVc = cols.find((c) => c.fk_column_id === s.col.Amount)!;
    expect(amountVc.aggregation).toBeNull();
    expect((await call(s.viewer, "PATCH", `${M}/grid-columns/${amountVc.id}`, { aggregation: "sum" })).status).toBe(
      403,
    );
    expect((await call(s.owner, "PATCH", `${M}/grid-columns/${amountVc.id}`, { aggregation: "median" })).status).toBe(
      400,
    );
    expect((await call(s.editor, "PATCH", `${M}/grid-columns/${amountVc.id}`, { aggregation: "avg" })).status).toBe(
      200,
    );
    const after = (await call(s.owner, "GET", `${M}/grids/${s.grid}/grid-columns`)).body as typeof cols;
    expect(after.find((c) => c.id === amountVc.id)!.aggregation).toBe("avg");

    const D = `/api/v1/db/data/noco/${s.projectId}/${s.tableId}/views/${s.grid}/aggregate`;
    const ask =
      "Amount:sum,Amount:avg,Amount:min,Amount:max,Amount:count_empty,Amount:count_filled,Region:count_unique,Region:percent_empty,Region:percent_filled,Done:percent_checked";
    const res = await call(s.viewer, "GET", `${D}?aggregations=${ask}&where=(Status,neq,Todo)`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const kept = ROWS.filter((r) => r.Status !== "Todo");
    const amounts = kept.map((r) => r.Amount).filter((a): a is number => a !== null);
    const values = (res.body.list as { value: number }[]).map((v) => v.value);
    const expected = [
      sum(amounts),
      sum(amounts) / amounts.length,
      Math.min(...amounts),
      Math.max(...amounts),
      kept.length - amounts.length,
      amounts.length,
      new Set(kept.map((r) => r.Region).filter(Boolean)).size,
      (kept.filter((r) => !r.Region).length / kept.length) * 100,
      (kept.filter((r) => r.Region).length / kept.length) * 100,
      (kept.filter((r) => r.Done).length / kept.length) * 100,
    ];
    expected.forEach((v, i) => expect(values[i], ask.split(",")[i]).toBeCloseTo(v, 9));
    expect((await call(s.owner, "GET", `${D}?aggregations=Amount:median`)).status).toBe(400);
    expect((await call(s.owner, "GET", `${D}?aggregations=Name:sum`)).status).toBe(400);
  });
});
