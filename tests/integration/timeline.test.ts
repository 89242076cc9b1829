import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser, type TestUser } from "./support";

/** Timeline views (issue 37): create/read/update with validation, and the range read of their bars. */
const M = "/api/v1/db/meta";
const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

async function setup() {
  const [owner, viewer] = await Promise.all([seedUser("org-level-creator"), seedUser("org-level-viewer")]);
  const projectId = await seedProject([
    [owner, "owner"],
    [viewer, "viewer"],
  ]);
  const table = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Tasks",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Team", uidt: "SingleSelect", colOptions: { options: [{ title: "Red" }, { title: "Blue" }] } },
      { title: "Starts", uidt: "Date" },
      { title: "Ends", uidt: "Date" },
      { title: "Days", uidt: "Number" },
      { title: "Photo", uidt: "Attachment" },
      { title: "Notes", uidt: "LongText" },
    ],
  });
  expect(table.status, JSON.stringify(table.body)).toBe(200);
  const other = await call(owner, "POST", `${M}/projects/${projectId}/tables`, { table_name: "Other" });
  const tableId = table.body.id as string;
  const self = await call(owner, "POST", `${M}/tables/${tableId}/columns`, {
    uidt: "LinkToAnotherRecord",
    title: "Blocked by",
    childId: tableId,
    type: "mm",
  });
  expect(self.status, JSON.stringify(self.body)).toBe(200);
  const away = await call(owner, "POST", `${M}/tables/${tableId}/columns`, {
    uidt: "LinkToAnotherRecord",
    title: "Elsewhere",
    childId: other.body.id,
    type: "mm",
  });
  expect(away.status, JSON.stringify(away.body)).toBe(200);
  const cols = (await call(owner, "GET", `${M}/tables/${tableId}`)).body.columns as Array<{
    title: string;
    id: string;
  }>;
  const col = Object.fromEntries(cols.map((c) => [c.title, c.id])) as Record<string, string>;
  const rows = [
    { Name: "before", Team: "Red", Starts: "2026-10-01", Ends: "2026-10-20", Days: 3 },
    { Name: "overlapsStart", Team: "Red", Starts: "2026-10-25", Ends: "2026-11-02", Days: 10 },
    { Name: "inside", Team: "Blue", Starts: "2026-11-10", Ends: "2026-11-12", Days: 1 },
    { Name: "overlapsEnd", Team: "Blue", Starts: "2026-11-29", Ends: "2026-12-05", Days: 2 },
    { Name: "around", Team: null, Starts: "2026-10-01", Ends: "2026-12-31", Days: 100 },
    { Name: "after", Team: "Red", Starts: "2026-12-02", Ends: "2026-12-03", Days: 1 },
    { Name: "noEnd", Team: "Red", Starts: "2026-11-15", Ends: null, Days: null },
    { Name: "unscheduled", Team: "Red", Starts: null, Ends: null, Days: null },
  ];
  expect((await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Tasks`, rows)).status).toBe(200);
  return { owner, viewer, projectId, tableId, col, T: `/api/v1/db/data/noco/${projectId}/Tasks` };
}
type Setup = Awaited<ReturnType<typeof setup>>;

const names = (body: { list: Array<{ Name: string }> }) => body.list.map((r) => r.Name).sort();

async function bars(s: Setup, viewId: string, query: string, user = s.owner) {
  const res = await call(user, "GET", `${s.T}/views/${viewId}/timeline?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { list: Array<{ Name: string }>; pageInfo: { totalRows: number } };
}

describe("timeline views", () => {
  it("are created with their settings, read and updated, and listed with type 7", async () => {
    const s = await setup();
    const made = await call(s.owner, "POST", `${M}/tables/${s.tableId}/timelines`, {
      title: "Plan",
      fk_start_column_id: s.col.Starts,
      fk_end_column_id: s.col.Ends,
      fk_group_column_id: s.col.Team,
      fk_dependency_column_id: s.col["Blocked by"],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({
      title: "Plan",
      type: 7,
      view: {
        fk_start_column_id: s.col.Starts,
        fk_end_column_id: s.col.Ends,
        fk_duration_column_id: null,
        fk_group_column_id: s.col.Team,
        fk_dependency_column_id: s.col["Blocked by"],
      },
    });
    const read = await call(s.viewer, "GET", `${M}/timelines/${made.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.fk_start_column_id).toBe(s.col.Starts);
    // A duration replaces the end.
    const patched = await call(s.owner, "PATCH", `${M}/timelines/${made.body.id}`, {
      fk_duration_column_id: s.col.Days,
      fk_group_column_id: null,
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({
      fk_end_column_id: null,
      fk_duration_column_id: s.col.Days,
      fk_group_column_id: null,
    });
    const list = await call(s.owner, "GET", `${M}/tables/${s.tableId}/views`);
    expect(list.body.list.find((v: { id: string }) => v.id === made.body.id).type).toBe(7);
    // A viewer reads but does not change it.
    expect((await call(s.viewer, "PATCH", `${M}/timelines/${made.body.id}`, { fk_group_column_id: null })).status).toBe(
      403,
    );
  });

  it("refuses bad settings with a message naming the field, and writes nothing", async () => {
    const s = await setup();
    const bad = async (body: Record<string, unknown>, msg: RegExp) => {
      const res = await call(s.owner, "POST", `${M}/tables/${s.tableId}/timelines`, { title: "Bad", ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.msg).toMatch(msg);
    };
    await bad({}, /fk_start_column_id: required/);
    await bad({ fk_start_column_id: s.col.Name }, /fk_start_column_id: 'Name' is not a Date or DateTime field/);
    await bad({ fk_start_column_id: "cl_nope" }, /fk_start_column_id: column 'cl_nope' is not a column/);
    await bad({ fk_start_column_id: s.col.Starts, fk_end_column_id: s.col.Days }, /fk_end_column_id: 'Days'/);
    await bad({ fk_start_column_id: s.col.Starts, fk_end_column_id: s.col.Starts }, /must differ/);
    await bad(
      { fk_start_column_id: s.col.Starts, fk_duration_column_id: s.col.Notes },
      /fk_duration_column_id: 'Notes'/,
    );
    await bad(
      { fk_start_column_id: s.col.Starts, fk_end_column_id: s.col.Ends, fk_duration_column_id: s.col.Days },
      /not both/,
    );
    await bad({ fk_start_column_id: s.col.Starts, fk_group_column_id: s.col.Photo }, /cannot be grouped by 'Photo'/);
    await bad(
      { fk_start_column_id: s.col.Starts, fk_dependency_column_id: s.col.Elsewhere },
      /'Elsewhere' is not a link to records of this table/,
    );
    await bad({ fk_start_column_id: s.col.Starts, fk_dependency_column_id: s.col.Team }, /is not a link/);
    const views = await call(s.owner, "GET", `${M}/tables/${s.tableId}/views`);
    expect(views.body.list.some((v: { title: string }) => v.title === "Bad")).toBe(false);
  });

  it("reads the records whose bars overlap the range, by end field or by duration, and the unscheduled ones", async () => {
    const s = await setup();
    const byEnd = await call(s.owner, "POST", `${M}/tables/${s.tableId}/timelines`, {
      title: "By end",
      fk_start_column_id: s.col.Starts,
      fk_end_column_id: s.col.Ends,
    });
    const range = "from=2026-11-01&to=2026-11-30&limit=100";
    expect(names(await bars(s, byEnd.body.id, range))).toEqual(
      ["around", "inside", "noEnd", "overlapsEnd", "overlapsStart"].sort(),
    );
    // A viewer reads the same bars.
    expect((await bars(s, byEnd.body.id, range, s.viewer)).list).toHaveLength(5);
    const byDays = await call(s.owner, "POST", `${M}/tables/${s.tableId}/timelines`, {
      title: "By days",
      fk_start_column_id: s.col.Starts,
      fk_duration_column_id: s.col.Days,
    });
    // Durations: around 100 days from 1 Oct reaches into November; before (3 days from 1 Oct) does not
    // (it may come as a record that ends before the range: the client leaves it off-screen).
    const got = names(await bars(s, byDays.body.id, range));
    for (const n of ["around", "inside", "noEnd", "overlapsEnd", "overlapsStart"]) expect(got).toContain(n);
    expect(got).not.toContain("after");
    expect(got).not.toContain("unscheduled");
    const side = await bars(s, byEnd.body.id, "unscheduled=true&limit=10");
    expect(names(side)).toEqual(["unscheduled"]);
    expect(side.pageInfo.totalRows).toBe(1);
    // The caller's own filters apply on top.
    const red = await bars(
      s,
      byEnd.body.id,
      `${range}&filterArrJson=${encodeURIComponent(JSON.stringify([{ fk_column_id: s.col.Team, comparison_op: "eq", value: "Red" }]))}`,
    );
    expect(names(red)).toEqual(["noEnd", "overlapsStart"]);
  });

  it("colours its bars by the view's colour rules, computed with the range read", async () => {
    const s = await setup();
    const tl = await call(s.owner, "POST", `${M}/tables/${s.tableId}/timelines`, {
      title: "Coloured",
      fk_start_column_id: s.col.Starts,
      fk_end_column_id: s.col.Ends,
    });
    const saved = await call(s.owner, "PUT", `${M}/views/${tl.body.id}/colour-rules`, {
      rules: [
        {
          id: "red",
          colour: "red",
          target: "row",
          filters: [{ fk_column_id: s.col.Team, comparison_op: "eq", value: "Red" }],
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const list = (await bars(s, tl.body.id, "from=2026-11-01&to=2026-11-30&limit=100")).list as Array<{
      Name: string;
      Team: string | null;
      _colour?: { row?: string };
    }>;
    expect(list.length).toBeGreaterThan(0);
    const red = list.filter((r) => r._colour?.row === "red").map((r) => r.Name);
    expect(red.sort()).toEqual(["noEnd", "overlapsStart"]);
  });

  it("answers 400 for a bad range or a view that is not a timeline", async () => {
    const s = await setup();
    const tl = await call(s.owner, "POST", `${M}/tables/${s.tableId}/timelines`, {
      title: "Plan",
      fk_start_column_id: s.col.Starts,
    });
    const bad = await call(s.owner, "GET", `${s.T}/views/${tl.body.id}/timeline?from=nope&to=2026-11-30`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/from: must be a day/);
    const reversed = await call(s.owner, "GET", `${s.T}/views/${tl.body.id}/timeline?from=2026-12-01&to=2026-11-30`);
    expect(reversed.status).toBe(400);
    const grid = await call(s.owner, "POST", `${M}/tables/${s.tableId}/grids`, { title: "Grid" });
    const notTl = await call(s.owner, "GET", `${s.T}/views/${grid.body.id}/timeline?from=2026-11-01&to=2026-11-30`);
    expect(notTl.status).toBe(400);
    expect(notTl.body.msg).toMatch(/not a timeline view/);
    const other = await call(s.owner, "GET", `${M}/calendars/${tl.body.id}`);
    expect(other.status).toBe(400);
  });

  it("is shared publicly: its settings, the start field even when hidden, and its bars read-only", async () => {
    const s = await setup();
    const tl = await call(s.owner, "POST", `${M}/tables/${s.tableId}/timelines`, {
      title: "Plan",
      fk_start_column_id: s.col.Starts,
      fk_end_column_id: s.col.Ends,
      fk_group_column_id: s.col.Team,
    });
    const vcs = (await call(s.owner, "GET", `${M}/views/${tl.body.id}/columns`)).body.list as Array<{
      id: string;
      fk_column_id: string;
    }>;
    for (const title of ["Starts", "Notes"]) {
      const vc = vcs.find((x) => x.fk_column_id === s.col[title])!;
      await call(s.owner, "PATCH", `${M}/views/${tl.body.id}/columns/${vc.id}`, { show: false });
    }
    const uuid = (await call(s.owner, "POST", `${M}/views/${tl.body.id}/share`)).body.uuid as string;
    const P = `/api/v1/db/public/shared-view/${uuid}`;
    const meta = await api("GET", `${P}/meta`);
    expect(meta.status, JSON.stringify(meta.body)).toBe(200);
    expect(meta.body.type).toBe(7);
    expect(meta.body.view).toMatchObject({ fk_start_column_id: s.col.Starts, fk_group_column_id: s.col.Team });
    const titles = meta.body.model.columns.map((c: { title: string }) => c.title);
    expect(titles).toEqual(expect.arrayContaining(["Starts", "Ends", "Team"]));
    expect(titles).not.toContain("Notes");
    const bars = await api("GET", `${P}/timeline?from=2026-11-01&to=2026-11-30&limit=100`);
    expect(bars.status, JSON.stringify(bars.body)).toBe(200);
    expect(names(bars.body)).toEqual(["around", "inside", "noEnd", "overlapsEnd", "overlapsStart"].sort());
    expect(bars.body.list[0]).not.toHaveProperty("Notes");
    const side = await api("GET", `${P}/timeline?unscheduled=true`);
    expect(names(side.body)).toEqual(["unscheduled"]);
    // A visitor may not write through it, nor filter on a hidden field.
    expect((await api("POST", `${P}/rows`, { body: { Name: "x" } })).status).toBe(404);
    const hidden = encodeURIComponent(JSON.stringify([{ fk_column_id: s.col.Notes, comparison_op: "blank" }]));
    expect((await api("GET", `${P}/timeline?from=2026-11-01&to=2026-11-30&filterArrJson=${hidden}`)).status).toBe(400);
    // Another kind of share has no timeline read.
    const grid = await call(s.owner, "POST", `${M}/tables/${s.tableId}/grids`, { title: "Grid" });
    const gridUuid = (await call(s.owner, "POST", `${M}/views/${grid.body.id}/share`)).body.uuid as string;
    expect(
      (await api("GET", `/api/v1/db/public/shared-view/${gridUuid}/timeline?from=2026-11-01&to=2026-11-30`)).status,
    ).toBe(404);
  });
});
