import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser, type TestUser } from "./support";

const M = "/api/v1/db/meta";
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

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
  const table = await api("POST", `${M}/projects/${projectId}/tables`, {
    token: owner.token,
    body: {
      table_name: "Tasks",
      columns: [
        { title: "Name", uidt: "SingleLineText" },
        { title: "Points", uidt: "Number" },
        { title: "Due", uidt: "Date" },
        { title: "Done", uidt: "Checkbox" },
      ],
    },
  });
  expect(table.status).toBe(200);
  const col = Object.fromEntries(
    table.body.columns.map((c: { title: string; id: string }) => [c.title, c.id]),
  ) as Record<string, string>;
  const T = `/api/v1/db/data/noco/${projectId}/Tasks`;
  const rows = [
    { Name: "a", Points: 1, Due: day(-1), Done: true },
    { Name: "b", Points: 5, Due: day(-10), Done: false },
    { Name: "c", Points: 8, Due: "2023-05-01", Done: true },
    { Name: "d", Points: null, Due: day(0), Done: false },
  ];
  expect(
    (await api("POST", `/api/v1/db/data/bulk/noco/${projectId}/Tasks`, { token: owner.token, body: rows })).status,
  ).toBe(200);
  const tableId = table.body.id as string;
  const defaultView = table.body.views[0].id as string;
  return { owner, editor, viewer, projectId, tableId, defaultView, col, T };
}

const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });
const names = (res: { body: { list: Array<{ Name: string }> } }) => res.body.list.map((r) => r.Name);
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

async function newView(user: TestUser, tableId: string, title: string, extra: Record<string, unknown> = {}) {
  const res = await call(user, "POST", `${M}/tables/${tableId}/grids`, { title, type: 3, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; title: string };
}

async function gridColumns(user: TestUser, viewId: string, col: Record<string, string>) {
  const res = await call(user, "GET", `${M}/grids/${viewId}/grid-columns`);
  expect(res.status).toBe(200);
  const title = (id: string) => Object.keys(col).find((k) => col[k] === id);
  return (
    res.body as Array<{ id: string; fk_column_id: string; show: boolean; width: string | null; order: number }>
  ).map((c) => ({ ...c, title: title(c.fk_column_id) }));
}

describe("grid views", () => {
  it("lists the default view and creates, renames and deletes grid views", async () => {
    const { owner, tableId, defaultView, col } = await setup();
    const list = await call(owner, "GET", `${M}/tables/${tableId}/views`);
    expect(list.body.list).toHaveLength(1);
    expect(list.body.list[0]).toMatchObject({
      id: defaultView,
      type: 3,
      is_default: true,
      title: "Tasks",
      _ptn: "Tasks",
      ptype: "table",
      show_system_fields: false,
    });
    expect(list.body.list[0].disabled).toMatchObject({ viewer: false, editor: false });

    const mine = await newView(owner, tableId, "Mine");
    expect(mine).toMatchObject({ title: "Mine", type: 3, is_default: false, order: 2, lock_type: "collaborative" });
    expect(mine.id).toMatch(/^vw_[0-9a-z]{14}$/);
    const cols = await gridColumns(owner, mine.id, col);
    expect(cols.map((c) => c.title)).toEqual(["Name", "Id", "Points", "Due", "Done", "CreatedAt", "UpdatedAt"]);
    expect(cols.filter((c) => !c.show).map((c) => c.title)).toEqual(["Id", "CreatedAt", "UpdatedAt"]);
    expect(cols[0]!.id).toMatch(/^nc_[0-9a-z]{14}$/);

    const renamed = await call(owner, "PATCH", `${M}/views/${mine.id}`, {
      title: "Ours",
      show_system_fields: true,
      meta: { x: 1 },
    });
    expect(renamed.body).toMatchObject({ title: "Ours", show_system_fields: true, meta: { x: 1 } });
    expect(await call(owner, "PATCH", `${M}/views/${mine.id}`, { title: "tasks" })).toMatchObject({
      status: 400,
      body: { msg: "A view named 'tasks' already exists in this table" },
    });
    expect(await call(owner, "PATCH", `${M}/grids/${mine.id}`, { row_height: 2, meta: '{"a":1}' })).toMatchObject({
      status: 200,
      body: 1,
    });
    const after = (await call(owner, "GET", `${M}/tables/${tableId}/views`)).body.list;
    expect(after.map((v: { title: string }) => v.title)).toEqual(["Tasks", "Ours"]);
    expect(after[1].view).toMatchObject({ fk_view_id: mine.id, row_height: 2, meta: '{"a":1}' });

    expect(await call(owner, "DELETE", `${M}/views/${defaultView}`)).toMatchObject({
      status: 400,
      body: { msg: "The default view cannot be deleted" },
    });
    expect((await call(owner, "DELETE", `${M}/views/${mine.id}`)).body).toBe(true);
    expect((await call(owner, "GET", `${M}/tables/${tableId}/views`)).body.list).toHaveLength(1);
    expect((await call(owner, "GET", `${M}/views/${mine.id}/filters`)).status).toBe(404);
    expect((await call(owner, "GET", `${M}/grid-columns/${cols[0]!.id}`)).status).toBe(404);
  });

  it("duplicates a view with its columns, sorts and whole filter tree", async () => {
    const { owner, tableId, col, T } = await setup();
    const src = await newView(owner, tableId, "Source");
    const srcCols = await gridColumns(owner, src.id, col);
    await call(owner, "PATCH", `${M}/grid-columns/${srcCols.find((c) => c.title === "Points")!.id}`, {
      show: false,
      width: "120px",
    });
    await call(owner, "PATCH", `${M}/grids/${src.id}`, { row_height: 1 });
    await call(owner, "POST", `${M}/views/${src.id}/sorts`, { fk_column_id: col.Points, direction: "desc" });
    const group = await call(owner, "POST", `${M}/views/${src.id}/filters`, {
      is_group: true,
      children: [
        { fk_column_id: col.Done, comparison_op: "checked" },
        { fk_column_id: col.Name, comparison_op: "eq", value: "b", logical_op: "or" },
      ],
    });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    expect(group.body.children).toHaveLength(2);

    const copy = await newView(owner, tableId, "Copy", { copy_from_id: src.id });
    const copyCols = await gridColumns(owner, copy.id, col);
    expect(copyCols.find((c) => c.title === "Points")).toMatchObject({ show: false, width: "120px" });
    expect((await call(owner, "GET", `${M}/views/${copy.id}/sorts`)).body.list).toMatchObject([
      { fk_column_id: col.Points, direction: "desc", fk_view_id: copy.id },
    ]);
    const filters = (await call(owner, "GET", `${M}/views/${copy.id}/filters`)).body.list;
    expect(filters).toHaveLength(1);
    expect(filters[0]).toMatchObject({ is_group: true, fk_view_id: copy.id });
    expect(filters[0].id).not.toBe(group.body.id);
    const kids = (await call(owner, "GET", `${M}/filters/${filters[0].id}/children`)).body.list;
    expect(kids.map((k: { comparison_op: string }) => k.comparison_op)).toEqual(["checked", "eq"]);
    expect(names(await call(owner, "GET", `${T}/views/Copy`))).toEqual(["c", "b", "a"]);
    expect((await call(owner, "GET", `${M}/tables/${tableId}/views`)).body.list[2].view.row_height).toBe(1);

    expect(
      await call(owner, "POST", `${M}/tables/${tableId}/grids`, { title: "X", copy_from_id: "vw_nope" }),
    ).toMatchObject({
      status: 400,
      body: { msg: "copy_from_id: view 'vw_nope' is not a view of this table" },
    });
  });

  it("refuses bad view input with messages naming the field", async () => {
    const { owner, tableId, defaultView } = await setup();
    const cases: Array<[string, string, unknown, string]> = [
      ["POST", `${M}/tables/${tableId}/grids`, {}, "title: required"],
      ["POST", `${M}/tables/${tableId}/grids`, { title: 5 }, "title: must be text"],
      ["POST", `${M}/tables/${tableId}/grids`, { title: " " }, "title is required"],
      ["POST", `${M}/tables/${tableId}/grids`, { title: "Tasks" }, "A view named 'Tasks' already exists in this table"],
      [
        "PATCH",
        `${M}/views/${defaultView}`,
        { lock_type: "open" },
        "lock_type: must be collaborative, locked or personal",
      ],
      ["PATCH", `${M}/grids/${defaultView}`, { row_height: 9 }, "row_height: must be a whole number from 0 to 3"],
      ["PATCH", `${M}/grids/${defaultView}`, { meta: "{bad" }, "meta must be a JSON object"],
    ];
    for (const [method, path, body, msg] of cases) {
      const res = await call(owner, method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.msg).toBe(msg);
    }
    expect((await call(owner, "GET", `${M}/tables/${tableId}/views`)).body.list).toHaveLength(1);
  });
});

describe("view columns", () => {
  it("shows, hides, orders and sizes columns; the display value stays first and shown", async () => {
    const { owner, defaultView, col, T } = await setup();
    const cols = await gridColumns(owner, defaultView, col);
    const id = (title: string) => cols.find((c) => c.title === title)!.id;
    expect(await call(owner, "PATCH", `${M}/grid-columns/${id("Due")}`, { width: 250, show: false })).toMatchObject({
      status: 200,
      body: 1,
    });
    expect(await call(owner, "PATCH", `${M}/views/${defaultView}/columns/${id("Done")}`, { order: 0.5 })).toMatchObject(
      { body: 1 },
    );
    expect(
      await call(owner, "PATCH", `${M}/views/${defaultView}/columns/${id("Name")}`, { show: false, order: 99 }),
    ).toMatchObject({ body: 1 });
    const now = await gridColumns(owner, defaultView, col);
    expect(now.slice(0, 2).map((c) => c.title)).toEqual(["Name", "Done"]);
    expect(now.find((c) => c.title === "Name")).toMatchObject({ show: true, order: 1 });
    expect(now.find((c) => c.title === "Due")).toMatchObject({ show: false, width: "250px" });
    const listed = await call(owner, "GET", `${M}/views/${defaultView}/columns`);
    expect(listed.body.list.map((c: { id: string }) => c.id)).toEqual(now.map((c) => c.id));

    // Rows through the view: the key, the display value and the shown columns (a CSV keeps view order).
    const rows = await call(owner, "GET", `${T}/views/${defaultView}?limit=1`);
    expect(Object.keys(rows.body.list[0]).sort()).toEqual(["Done", "Id", "Name", "Points"]);
    const csv = await call(owner, "GET", `${T}/views/${defaultView}/export/csv`);
    expect(String(csv.body).split("\r\n")[0]).toBe("Id,Name,Done,Points");
    const narrowed = await call(owner, "GET", `${T}/views/${defaultView}?fields=Name,Due&limit=1`);
    expect(Object.keys(narrowed.body.list[0])).toEqual(["Name"]);
    expect(Object.keys((await call(owner, "GET", `${T}?limit=1`)).body.list[0])).toContain("Due");

    expect((await call(owner, "POST", `${M}/views/${defaultView}/hide-all?ignoreIds[]=${col.Points}`)).body).toBe(true);
    const hidden = await gridColumns(owner, defaultView, col);
    expect(hidden.filter((c) => c.show).map((c) => c.title)).toEqual(["Name", "Points"]);
    expect((await call(owner, "POST", `${M}/views/${defaultView}/show-all`)).body).toBe(true);
    expect((await gridColumns(owner, defaultView, col)).every((c) => c.show)).toBe(true);
    const withSystem = await call(owner, "GET", `${T}/views/${defaultView}?limit=1`);
    expect(Object.keys(withSystem.body.list[0])).not.toContain("CreatedAt");

    const saved = await call(owner, "POST", `${M}/views/${defaultView}/columns`, {
      fk_column_id: col.Points,
      show: false,
      width: "90px",
    });
    expect(saved.body).toMatchObject({ fk_column_id: col.Points, fk_view_id: defaultView, show: false, width: "90px" });
  });

  it("appends new columns to every view and drops deleted ones", async () => {
    const { owner, tableId, defaultView, col } = await setup();
    const other = await newView(owner, tableId, "Other");
    const added = await call(owner, "POST", `${M}/tables/${tableId}/columns`, {
      title: "Extra",
      column_name: "extra",
      uidt: "SingleLineText",
    });
    expect(added.status).toBe(200);
    const extra = added.body.columns.find((c: { title: string }) => c.title === "Extra").id;
    for (const v of [defaultView, other.id]) {
      const cols = await gridColumns(owner, v, { ...col, Extra: extra });
      expect(cols.at(-1)).toMatchObject({ title: "Extra", show: true });
    }
    // column_order places the new column in the named view only.
    const placed = await call(owner, "POST", `${M}/tables/${tableId}/columns`, {
      title: "Placed",
      uidt: "Number",
      column_order: { view_id: other.id, order: 2.5 },
    });
    const placedId = placed.body.columns.find((c: { title: string }) => c.title === "Placed").id;
    const otherCols = await gridColumns(owner, other.id, { ...col, Extra: extra, Placed: placedId });
    expect(otherCols.slice(0, 4).map((c) => c.title)).toEqual(["Name", "Id", "Placed", "Points"]);
    expect((await gridColumns(owner, defaultView, { ...col, Extra: extra, Placed: placedId })).at(-1)!.title).toBe(
      "Placed",
    );
    // Editing a column in a view works at once (its id is indexed when listed).
    const extraRow = otherCols.find((c) => c.title === "Extra")!;
    expect((await call(owner, "PATCH", `${M}/grid-columns/${extraRow.id}`, { width: "300px" })).body).toBe(1);

    await call(owner, "POST", `${M}/views/${other.id}/sorts`, { fk_column_id: extra });
    expect((await call(owner, "DELETE", `/api/v1/db/meta/columns/${extra}`)).status).toBe(200);
    const left = await gridColumns(owner, other.id, { ...col, Placed: placedId });
    expect(left.map((c) => c.title)).toEqual([
      "Name",
      "Id",
      "Placed",
      "Points",
      "Due",
      "Done",
      "CreatedAt",
      "UpdatedAt",
    ]);
    expect((await call(owner, "GET", `${M}/views/${other.id}/sorts`)).body.list).toEqual([]);
  });

  it("refuses bad view-column input", async () => {
    const { owner, defaultView, col } = await setup();
    const [first] = await gridColumns(owner, defaultView, col);
    expect(await call(owner, "PATCH", `${M}/grid-columns/${first!.id}`, { width: "wide" })).toMatchObject({
      status: 400,
      body: { msg: 'width: must be a size in pixels like "200px"' },
    });
    expect(await call(owner, "PATCH", `${M}/grid-columns/${first!.id}`, { show: "yes" })).toMatchObject({
      status: 400,
      body: { msg: "show: must be true or false" },
    });
    expect(await call(owner, "POST", `${M}/views/${defaultView}/columns`, { fk_column_id: "cl_nope" })).toMatchObject({
      status: 400,
      body: { msg: "fk_column_id: column 'cl_nope' is not a column of this table" },
    });
    expect(await call(owner, "PATCH", `${M}/views/${defaultView}/columns/nc_nope`, { show: true })).toMatchObject({
      status: 404,
      body: { msg: "View column not found" },
    });
  });
});

describe("filters", () => {
  it("saves conditions and nested and/or groups that filter the view's list, count and export", async () => {
    const { owner, defaultView: v, col, T } = await setup();
    const top = await call(owner, "POST", `${M}/views/${v}/filters`, {
      fk_column_id: col.Points,
      comparison_op: "gte",
      value: 1,
    });
    expect(top.status, JSON.stringify(top.body)).toBe(200);
    expect(top.body).toMatchObject({
      fk_view_id: v,
      fk_column_id: col.Points,
      comparison_op: "gte",
      value: "1",
      logical_op: "and",
      is_group: false,
      order: 1,
    });
    expect(top.body.id).toMatch(/^fi_[0-9a-z]{14}$/);
    expect(names(await call(owner, "GET", `${T}/views/${v}`))).toEqual(["a", "b", "c"]);

    // (Points >= 1) and ((Done checked) or (Due within the past 7 days)); the GUI makes the group first.
    const group = await call(owner, "POST", `${M}/views/${v}/filters`, { is_group: true, logical_op: "and" });
    const g = group.body.id as string;
    await call(owner, "POST", `${M}/views/${v}/filters`, {
      fk_parent_id: g,
      fk_column_id: col.Done,
      comparison_op: "checked",
    });
    const within = await call(owner, "POST", `${M}/views/${v}/filters`, {
      fk_parent_id: g,
      fk_column_id: col.Due,
      comparison_op: "isWithin",
      comparison_sub_op: "pastNumberOfDays",
      value: 7,
      logical_op: "or",
    });
    expect(within.body).toMatchObject({ fk_parent_id: g, comparison_sub_op: "pastNumberOfDays", value: "7" });
    expect(names(await call(owner, "GET", `${T}/views/${v}`))).toEqual(["a", "c"]);
    expect((await call(owner, "GET", `${T}/views/${v}/count`)).body).toEqual({ count: 2 });
    expect((await call(owner, "GET", `${T}/count`)).body).toEqual({ count: 4 });
    expect((await call(owner, "GET", `${T}/views/${v}/find-one?sort=-Points`)).body.Name).toBe("c");
    const csv = String((await call(owner, "GET", `${T}/views/${v}/export/csv`)).body)
      .trim()
      .split("\r\n");
    expect(csv.map((line) => line.split(",")[1])).toEqual(["Name", "a", "c"]);
    const groups = await call(
      owner,
      "GET",
      `/api/v1/db/data/noco/${(await call(owner, "GET", `${M}/views/${v}/filters`)).body.list[0].project_id}/Tasks/views/${v}/groupby?column_name=done`,
    );
    expect(groups.body.list).toEqual([{ done: true, count: 2 }]);

    expect((await call(owner, "GET", `${M}/views/${v}/filters`)).body.list.map((f: { id: string }) => f.id)).toEqual([
      top.body.id,
      g,
    ]);
    const kids = (await call(owner, "GET", `${M}/filters/${g}/children`)).body.list;
    expect(kids.map((k: { comparison_op: string }) => k.comparison_op)).toEqual(["checked", "isWithin"]);
    expect((await call(owner, "GET", `${M}/filters/${within.body.id}`)).body).toMatchObject({
      id: within.body.id,
      fk_parent_id: g,
    });

    // Widening the date window lets b in (10 days ago); `where` is ANDed on top.
    expect((await call(owner, "PATCH", `${M}/filters/${within.body.id}`, { value: 14 })).body).toBe(1);
    expect(names(await call(owner, "GET", `${T}/views/${v}`))).toEqual(["a", "b", "c"]);
    expect(names(await call(owner, "GET", `${T}/views/${v}?where=(Name,neq,b)`))).toEqual(["a", "c"]);
    await call(owner, "PATCH", `${M}/filters/${within.body.id}`, {
      comparison_op: "lt",
      comparison_sub_op: "daysAgo",
      value: 5,
    });
    expect(names(await call(owner, "GET", `${T}/views/${v}`))).toEqual(["a", "b", "c"]);
    await call(owner, "PATCH", `${M}/filters/${g}`, { logical_op: "not" });
    expect(names(await call(owner, "GET", `${T}/views/${v}`))).toEqual([]);

    expect((await call(owner, "DELETE", `${M}/filters/${g}`)).body).toBe(true);
    expect((await call(owner, "GET", `${M}/filters/${within.body.id}`)).status).toBe(404);
    expect(names(await call(owner, "GET", `${T}/views/${v}`))).toEqual(["a", "b", "c"]);
    expect((await call(owner, "GET", `${T}/views/${v}/count`)).body).toEqual({ count: 3 });
  });

  it("takes a group with its children in one request and keeps half-typed conditions", async () => {
    const { owner, defaultView: v, col, T } = await setup();
    const res = await call(owner, "POST", `${M}/views/${v}/filters`, {
      is_group: true,
      children: [
        { fk_column_id: col.Name, comparison_op: "eq", value: "a" },
        {
          logical_op: "or",
          is_group: true,
          children: [
            { fk_column_id: col.Due, comparison_op: "eq", comparison_sub_op: "exactDate", value: "2023-05-01" },
          ],
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.children[1].children[0]).toMatchObject({ comparison_sub_op: "exactDate", value: "2023-05-01" });
    expect(names(await call(owner, "GET", `${T}/views/${v}`))).toEqual(["a", "c"]);
    // A condition still being typed (no value yet) changes nothing.
    expect(
      (
        await call(owner, "POST", `${M}/views/${v}/filters`, {
          fk_column_id: col.Points,
          comparison_op: "gt",
          value: "",
        })
      ).status,
    ).toBe(200);
    expect((await call(owner, "POST", `${M}/views/${v}/filters`, { fk_column_id: col.Points })).status).toBe(200);
    expect(names(await call(owner, "GET", `${T}/views/${v}`))).toEqual(["a", "c"]);
  });

  it("refuses operators the column's type does not offer and other bad input", async () => {
    const { owner, defaultView: v, col } = await setup();
    const cases: Array<[unknown, string]> = [
      [
        { fk_column_id: col.Name, comparison_op: "gt", value: "x" },
        "'gt' is not supported for 'Name' (SingleLineText)",
      ],
      [{ fk_column_id: col.Name, comparison_op: "bogus", value: "x" }, "bogus is not supported."],
      [
        { fk_column_id: col.Name, comparison_op: "eq", comparison_sub_op: "today" },
        "'today' is not supported for UI Type'SingleLineText'.",
      ],
      [
        { fk_column_id: col.Due, comparison_op: "eq", comparison_sub_op: "pastWeek" },
        "'pastWeek' is not supported for 'eq'",
      ],
      [{ fk_column_id: col.Points, comparison_op: "gt", value: "many" }, "Points"],
      [
        { fk_column_id: "cl_nope", comparison_op: "eq", value: "x" },
        "fk_column_id: column 'cl_nope' is not a column of this table",
      ],
      [{ fk_column_id: col.Name, comparison_op: "eq", logical_op: "xor" }, "logical_op: must be and, or or not"],
      [
        { fk_column_id: col.Name, comparison_op: "eq", value: { a: 1 } },
        "value: must be text, a number, true/false or a list",
      ],
      [
        { fk_parent_id: "fi_nope", fk_column_id: col.Name, comparison_op: "eq" },
        "fk_parent_id: 'fi_nope' is not a filter group of this view",
      ],
      [
        { fk_column_id: col.Name, comparison_op: "eq", children: [{}] },
        "children: only a filter group (is_group: true) has children",
      ],
      [
        { is_group: true, children: [{ fk_column_id: col.Name, comparison_op: "lt", value: "a" }] },
        "'lt' is not supported for 'Name' (SingleLineText)",
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await call(owner, "POST", `${M}/views/${v}/filters`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    expect((await call(owner, "GET", `${M}/views/${v}/filters`)).body.list).toEqual([]);
    const ok = await call(owner, "POST", `${M}/views/${v}/filters`, {
      fk_column_id: col.Name,
      comparison_op: "eq",
      value: "a",
    });
    expect(await call(owner, "PATCH", `${M}/filters/${ok.body.id}`, { comparison_op: "checked" })).toMatchObject({
      status: 400,
      body: { msg: "'checked' is not supported for 'Name' (SingleLineText)" },
    });
    expect(await call(owner, "GET", `${M}/filters/${ok.body.id}/children`)).toMatchObject({ status: 400 });
  });
});

describe("sorts", () => {
  it("saves sorts in order, pushes one to the top and applies them after sort and sortArrJson", async () => {
    const { owner, defaultView: v, col, T } = await setup();
    const points = await call(owner, "POST", `${M}/views/${v}/sorts`, { fk_column_id: col.Points, direction: "desc" });
    expect(points.body).toMatchObject({ fk_view_id: v, fk_column_id: col.Points, direction: "desc", order: 1 });
    expect(points.body.id).toMatch(/^so_[0-9a-z]{14}$/);
    expect(names(await call(owner, "GET", `${T}/views/${v}`))).toEqual(["c", "b", "a", "d"]);
    expect(names(await call(owner, "GET", T))).toEqual(["a", "b", "c", "d"]);

    const done = await call(owner, "POST", `${M}/views/${v}/sorts`, { fk_column_id: col.Done, push_to_top: true });
    expect(done.body).toMatchObject({ direction: "asc", order: 1 });
    const list = (await call(owner, "GET", `${M}/views/${v}/sorts`)).body.list;
    expect(list.map((s: { id: string; order: number }) => [s.id, s.order])).toEqual([
      [done.body.id, 1],
      [points.body.id, 2],
    ]);
    expect(names(await call(owner, "GET", `${T}/views/${v}`))).toEqual(["b", "d", "c", "a"]);

    expect(names(await call(owner, "GET", `${T}/views/${v}?sort=Name`))).toEqual(["a", "b", "c", "d"]);
    expect(
      names(
        await call(owner, "GET", `${T}/views/${v}?sortArrJson=${q([{ fk_column_id: col.Name, direction: "desc" }])}`),
      ),
    ).toEqual(["d", "c", "b", "a"]);
    expect(names(await call(owner, "GET", `${T}/views/${v}?sortArrJson=${q([])}`))).toEqual(["b", "d", "c", "a"]);

    expect((await call(owner, "PATCH", `${M}/sorts/${done.body.id}`, { direction: "desc" })).body).toBe(1);
    expect((await call(owner, "GET", `${M}/sorts/${done.body.id}`)).body).toMatchObject({
      direction: "desc",
      fk_column_id: col.Done,
    });
    expect(names(await call(owner, "GET", `${T}/views/${v}`))).toEqual(["c", "a", "b", "d"]);
    expect((await call(owner, "DELETE", `${M}/sorts/${done.body.id}`)).body).toBe(true);
    expect((await call(owner, "GET", `${M}/sorts/${done.body.id}`)).status).toBe(404);
    expect(names(await call(owner, "GET", `${T}/views/${v}`))).toEqual(["c", "b", "a", "d"]);

    const cases: Array<[string, string, unknown, string]> = [
      ["POST", `${M}/views/${v}/sorts`, { fk_column_id: col.Name, direction: "up" }, "direction: must be asc or desc"],
      ["POST", `${M}/views/${v}/sorts`, {}, "fk_column_id: required"],
      [
        "POST",
        `${M}/views/${v}/sorts`,
        { fk_column_id: "cl_nope" },
        "fk_column_id: column 'cl_nope' is not a column of this table",
      ],
      [
        "PATCH",
        `${M}/sorts/${points.body.id}`,
        { fk_column_id: "cl_nope" },
        "fk_column_id: column 'cl_nope' is not a column of this table",
      ],
    ];
    for (const [method, path, body, msg] of cases)
      expect(await call(owner, method, path, body)).toMatchObject({ status: 400, body: { msg } });
  });
});

describe("view-scoped rows and JSON extras", () => {
  it("accepts filterArrJson and sortArrJson on table and view routes, and counts each filter apart", async () => {
    const { owner, defaultView: v, col, T } = await setup();
    const byDate = q([{ fk_column_id: col.Due, comparison_op: "lt", comparison_sub_op: "daysAgo", value: 5 }]);
    expect(names(await call(owner, "GET", `${T}?filterArrJson=${byDate}`))).toEqual(["b", "c"]);
    expect((await call(owner, "GET", `${T}/count?filterArrJson=${byDate}`)).body).toEqual({ count: 2 });
    expect((await call(owner, "GET", `${T}/count`)).body).toEqual({ count: 4 });
    const nested = q([
      { fk_column_id: col.Done, comparison_op: "notchecked" },
      {
        is_group: true,
        logical_op: "and",
        children: [
          { fk_column_id: col.Points, comparison_op: "gt", value: 2 },
          { logical_op: "or", fk_column_id: col.Points, comparison_op: "blank" },
        ],
      },
    ]);
    expect(names(await call(owner, "GET", `${T}/views/${v}?filterArrJson=${nested}`))).toEqual(["b", "d"]);
    const sortArr = q([{ fk_column_id: col.Points, direction: "desc" }]);
    expect((await call(owner, "GET", `${T}/find-one?sortArrJson=${sortArr}`)).body.Name).toBe("c");
    const csv = await call(owner, "GET", `${T}/export/csv?fields=Name&sortArrJson=${sortArr}&filterArrJson=${byDate}`);
    expect(String(csv.body).trim().split("\r\n")).toEqual(["Name", "c", "b"]);

    const bad: Array<[string, string]> = [
      [`filterArrJson=${encodeURIComponent("[{")}`, "filterArrJson is not valid JSON"],
      [`filterArrJson=${q({})}`, "filterArrJson must be a JSON array of filters"],
      [
        `filterArrJson=${q([{ fk_column_id: "cl_nope", comparison_op: "eq", value: 1 }])}`,
        "filterArrJson[0].fk_column_id: column 'cl_nope' is not a column of this table",
      ],
      [
        `filterArrJson=${q([{ fk_column_id: col.Name, comparison_op: "gt", value: 1 }])}`,
        "'gt' is not supported for 'Name' (SingleLineText)",
      ],
      [
        `sortArrJson=${q([{ fk_column_id: "cl_nope" }])}`,
        "sortArrJson[0].fk_column_id: column 'cl_nope' is not a column of this table",
      ],
      [
        `sortArrJson=${q([{ fk_column_id: col.Name, direction: "sideways" }])}`,
        "sortArrJson[0].direction: must be asc or desc",
      ],
    ];
    for (const [query, msg] of bad)
      expect(await call(owner, "GET", `${T}?${query}`)).toMatchObject({ status: 400, body: { msg } });
  });

  it("finds a view by id or title of its table; another table's view or an unknown one is 404", async () => {
    const { owner, projectId, tableId, col, T } = await setup();
    const named = await newView(owner, tableId, "Only b");
    await call(owner, "POST", `${M}/views/${named.id}/filters`, {
      fk_column_id: col.Name,
      comparison_op: "eq",
      value: "b",
    });
    expect(names(await call(owner, "GET", `${T}/views/Only b`))).toEqual(["b"]);
    expect(names(await call(owner, "GET", `${T}/views/${named.id}`))).toEqual(["b"]);
    const other = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
      token: owner.token,
      table_name: "Other",
    });
    expect(await call(owner, "GET", `/api/v1/db/data/noco/${projectId}/Other/views/${named.id}`)).toMatchObject({
      status: 404,
      body: { msg: "View not found" },
    });
    expect(await call(owner, "GET", `${T}/views/nope/count`)).toMatchObject({
      status: 404,
      body: { msg: "View not found" },
    });
    expect(other.status).toBe(200);
    const csv = await call(owner, "GET", `${T}/views/Only b/export/csv`);
    expect(csv.headers.get("content-disposition")).toContain(`${encodeURIComponent("Only b")}-export.csv`);
  });
});

describe("view permissions", () => {
  it("lets a viewer read filters and sorts but not change them; an editor may, but not create views", async () => {
    const { owner, editor, viewer, tableId, defaultView: v, col } = await setup();
    const f = await call(owner, "POST", `${M}/views/${v}/filters`, {
      fk_column_id: col.Name,
      comparison_op: "eq",
      value: "a",
    });
    for (const path of [
      `${M}/views/${v}/filters`,
      `${M}/filters/${f.body.id}`,
      `${M}/views/${v}/sorts`,
      `${M}/tables/${tableId}/views`,
      `${M}/grids/${v}/grid-columns`,
    ]) {
      expect((await call(viewer, "GET", path)).status, path).toBe(200);
    }
    const denied = await call(viewer, "POST", `${M}/views/${v}/filters`, {
      fk_column_id: col.Name,
      comparison_op: "eq",
      value: "b",
    });
    expect(denied).toMatchObject({
      status: 403,
      body: { msg: "filterCreate - org-level-viewer,viewer : Not allowed" },
    });
    expect((await call(viewer, "POST", `${M}/views/${v}/sorts`, { fk_column_id: col.Name })).status).toBe(403);
    expect((await call(viewer, "POST", `${M}/views/${v}/hide-all`)).status).toBe(403);

    expect(
      (
        await call(editor, "POST", `${M}/views/${v}/filters`, {
          fk_column_id: col.Name,
          comparison_op: "eq",
          value: "b",
        })
      ).status,
    ).toBe(200);
    expect((await call(editor, "PATCH", `${M}/filters/${f.body.id}`, { value: "c" })).status).toBe(200);
    expect((await call(editor, "POST", `${M}/views/${v}/sorts`, { fk_column_id: col.Name })).status).toBe(200);
    const [first] = await gridColumns(editor, v, col);
    expect((await call(editor, "PATCH", `${M}/grid-columns/${first!.id}`, { width: "150px" })).status).toBe(200);
    expect((await call(editor, "PATCH", `${M}/grids/${v}`, { row_height: 1 })).status).toBe(200);
    expect(await call(editor, "POST", `${M}/tables/${tableId}/grids`, { title: "Mine" })).toMatchObject({
      status: 403,
      body: { msg: "viewCreate - org-level-viewer,editor : Not allowed" },
    });
    expect((await call(editor, "PATCH", `${M}/views/${v}`, { title: "X" })).status).toBe(403);
    expect((await call(editor, "DELETE", `${M}/views/${v}`)).status).toBe(403);
  });
});
