import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser, type TestUser } from "./support";

/** Form, gallery, kanban and calendar views (contract 4.4), the grouped list (5.1) and view kinds (SPEC 3). */
const M = "/api/v1/db/meta";
const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));

async function setup() {
  const [owner, creator, editor, commenter, viewer] = await Promise.all([
    seedUser("org-level-creator"),
    seedUser("org-level-viewer"),
    seedUser("org-level-viewer"),
    seedUser("org-level-viewer"),
    seedUser("org-level-viewer"),
  ]);
  const projectId = await seedProject([
    [owner, "owner"],
    [creator, "creator"],
    [editor, "editor"],
    [commenter, "commenter"],
    [viewer, "viewer"],
  ]);
  const table = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Tasks",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      {
        title: "Status",
        uidt: "SingleSelect",
        colOptions: { options: [{ title: "Todo" }, { title: "Doing" }, { title: "Done" }] },
      },
      { title: "Due", uidt: "Date" },
      { title: "Ends", uidt: "DateTime" },
      { title: "Photo", uidt: "Attachment" },
      { title: "Points", uidt: "Number" },
      { title: "Notes", uidt: "LongText" },
      { title: "Email", uidt: "Email" },
    ],
  });
  expect(table.status, JSON.stringify(table.body)).toBe(200);
  const col = Object.fromEntries(
    table.body.columns.map((c: { title: string; id: string }) => [c.title, c.id]),
  ) as Record<string, string>;
  const rows = [
    ...Array.from({ length: 30 }, (_, i) => ({ Name: `todo ${i}`, Status: "Todo", Due: "2026-11-03" })),
    { Name: "doing", Status: "Doing", Due: "2026-11-10" },
    { Name: "loose", Status: null, Due: null },
  ];
  expect((await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Tasks`, rows)).status).toBe(200);
  return {
    owner,
    creator,
    editor,
    commenter,
    viewer,
    projectId,
    tableId: table.body.id as string,
    col,
    T: `/api/v1/db/data/noco/${projectId}/Tasks`,
  };
}

type Setup = Awaited<ReturnType<typeof setup>>;

async function create(s: Setup, route: string, body: Record<string, unknown>, user = s.owner) {
  const res = await call(user, "POST", `${M}/tables/${s.tableId}/${route}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; title: string; type: number; view: Record<string, unknown> };
}

async function shownTitles(s: Setup, viewId: string) {
  const res = await call(s.owner, "GET", `${M}/views/${viewId}/columns`);
  const title = (id: string) => Object.keys(s.col).find((k) => s.col[k] === id) ?? id;
  return (res.body.list as Array<{ fk_column_id: string; show: boolean }>)
    .filter((c) => c.show)
    .map((c) => title(c.fk_column_id));
}

describe("creating each type of view", () => {
  it("makes forms, galleries, kanbans and calendars with the defaults of their type", async () => {
    const s = await setup();
    const form = await create(s, "forms", { title: "Intake", type: 1 });
    expect(form).toMatchObject({ type: 1, title: "Intake", view: { heading: "Intake", show_blank_form: false } });
    expect(await shownTitles(s, form.id)).toEqual(expect.arrayContaining(["Name", "Status", "Due", "Photo", "Email"]));

    const gallery = await create(s, "galleries", { title: "Cards" });
    expect(gallery).toMatchObject({ type: 2, view: { fk_cover_image_col_id: s.col.Photo } });
    expect(await shownTitles(s, gallery.id)).toHaveLength(5); // cover, display value, 3 more

    const kanban = await create(s, "kanbans", { title: "Board", fk_grp_col_id: s.col.Status });
    expect(kanban).toMatchObject({
      type: 4,
      view: { fk_grp_col_id: s.col.Status, fk_cover_image_col_id: s.col.Photo, meta: "{}" },
    });
    expect(await shownTitles(s, kanban.id)).toEqual(expect.arrayContaining(["Status", "Photo", "Name"]));

    const calendar = await create(s, "calendars", {
      title: "Plan",
      calendar_range: [{ fk_from_column_id: s.col.Due }],
    });
    expect(calendar).toMatchObject({
      type: 6,
      view: { calendar_range: [{ fk_from_column_id: s.col.Due, fk_to_column_id: null }] },
    });
    const read = await call(s.viewer, "GET", `${M}/calendars/${calendar.id}`);
    expect(read.body.calendar_range[0].fk_from_column_id).toBe(s.col.Due);

    const list = await call(s.viewer, "GET", `${M}/tables/${s.tableId}/views`);
    expect(list.body.list.map((v: { type: number }) => v.type)).toEqual([3, 1, 2, 4, 6]);
  });

  it("a calendar on the hidden system field UpdatedAt reads its dates (issue 42: it placed nothing)", async () => {
    const s = await setup();
    expect(s.col.UpdatedAt).toBeTruthy();
    const calendar = await create(s, "calendars", {
      title: "Edits",
      calendar_range: [{ fk_from_column_id: s.col.UpdatedAt }],
    });
    const rows = await call(s.viewer, "GET", `${s.T}/views/${calendar.id}?limit=5`);
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect(rows.body.list).toHaveLength(5);
    for (const row of rows.body.list) expect(row.UpdatedAt).toMatch(/^\d{4}-\d\d-\d\d/);
    // The table's grid view still leaves the system field out.
    const views = await call(s.viewer, "GET", `${M}/tables/${s.tableId}/views`);
    const gridId = views.body.list.find((v: { type: number }) => v.type === 3).id;
    const grid = await call(s.viewer, "GET", `${s.T}/views/${gridId}?limit=1`);
    expect(Object.keys(grid.body.list[0])).not.toContain("UpdatedAt");
  });

  it("refuses what a type cannot build on, naming the field", async () => {
    const s = await setup();
    const bad = async (route: string, body: unknown, msg: RegExp) => {
      const res = await call(s.owner, "POST", `${M}/tables/${s.tableId}/${route}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.msg).toMatch(msg);
    };
    await bad("kanbans", { title: "K" }, /^fk_grp_col_id: required/);
    await bad(
      "kanbans",
      { title: "K", fk_grp_col_id: s.col.Name },
      /fk_grp_col_id: 'Name' is not a single select field/,
    );
    await bad("kanbans", { title: "K", fk_grp_col_id: "cl_nope" }, /not a column of this table/);
    await bad(
      "galleries",
      { title: "G", fk_cover_image_col_id: s.col.Points },
      /fk_cover_image_col_id: 'Points' is not an Attachment field/,
    );
    await bad("calendars", { title: "C" }, /^calendar_range: required/);
    await bad("calendars", { title: "C", calendar_range: [] }, /calendar_range: needs a date field/);
    await bad(
      "calendars",
      { title: "C", calendar_range: [{ fk_from_column_id: s.col.Name }] },
      /calendar_range\[0\]\.fk_from_column_id: 'Name' is not a Date or DateTime field/,
    );
    await bad("calendars", { title: "C", calendar_range: [{}] }, /calendar_range\[0\]\[fk_from_column_id\]: required/);
    await bad("forms", { title: " " }, /title is required/);
    await bad("forms", {}, /title: required/);
    await bad("forms", "nope", /JSON object|body/i);
    const list = await call(s.owner, "GET", `${M}/tables/${s.tableId}/views`);
    expect(list.body.list).toHaveLength(1); // nothing half-made
  });

  it("duplicates a kanban with its stack field, meta and columns (copy_from_id)", async () => {
    const s = await setup();
    const kanban = await create(s, "kanbans", { title: "Board", fk_grp_col_id: s.col.Status });
    const meta = { [s.col.Status!]: [{ id: "uncategorized", title: null, order: 0, collapsed: true }] };
    expect((await call(s.owner, "PATCH", `${M}/kanbans/${kanban.id}`, { meta })).status).toBe(200);
    await call(s.owner, "POST", `${M}/views/${kanban.id}/columns`, { fk_column_id: s.col.Notes, show: true });
    const copy = await create(s, "kanbans", { title: "Board 2", copy_from_id: kanban.id });
    expect(copy.view).toMatchObject({ fk_grp_col_id: s.col.Status, meta: JSON.stringify(meta) });
    expect(await shownTitles(s, copy.id)).toContain("Notes");
  });
});

describe("sub-view settings", () => {
  it("reads and changes forms and their questions; refuses bad settings", async () => {
    const s = await setup();
    const form = await create(s, "forms", { title: "Intake" });
    const patch = await call(s.owner, "PATCH", `${M}/forms/${form.id}`, {
      heading: "Join us",
      subheading: "Two minutes",
      success_msg: "Thanks!",
      redirect_url: "https://example.com/done",
      redirect_after_secs: 3,
      email: true,
      submit_another_form: true,
      show_blank_form: true,
      banner_image_url: "https://example.com/b.png",
      logo_url: "/logo.png",
      unknown: 1,
    });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    const read = await call(s.viewer, "GET", `${M}/forms/${form.id}`);
    expect(read.body).toMatchObject({
      heading: "Join us",
      subheading: "Two minutes",
      success_msg: "Thanks!",
      redirect_url: "https://example.com/done",
      redirect_after_secs: 3,
      email: true,
      submit_another_form: true,
      show_blank_form: true,
      logo_url: "/logo.png",
    });
    const nameQ = read.body.columns.find((c: { fk_column_id: string }) => c.fk_column_id === s.col.Name);
    expect(
      (
        await call(s.owner, "PATCH", `${M}/form-columns/${nameQ.id}`, {
          label: "Your name",
          help: "As on your badge",
          required: true,
        })
      ).status,
    ).toBe(200);
    const again = await call(s.owner, "GET", `${M}/forms/${form.id}`);
    expect(again.body.columns.find((c: { id: string }) => c.id === nameQ.id)).toMatchObject({
      label: "Your name",
      help: "As on your badge",
      required: true,
      show: true,
    });

    for (const [body, msg] of [
      [{ redirect_url: "javascript:alert(1)" }, /^redirect_url: must be an http\(s\) address/],
      [{ redirect_after_secs: 99 }, /^redirect_after_secs: must be 0 to 60/],
      [{ heading: "x".repeat(300) }, /^heading: must be at most 255 characters/],
      [{ meta: "[1]" }, /meta must be a JSON object/],
    ] as const) {
      const res = await call(s.owner, "PATCH", `${M}/forms/${form.id}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.msg).toMatch(msg);
    }
    const grid = (await call(s.owner, "GET", `${M}/tables/${s.tableId}/views`)).body.list[0].id;
    expect((await call(s.owner, "GET", `${M}/forms/${grid}`)).body.msg).toMatch(/not a form view/);
    expect((await call(s.owner, "PATCH", `${M}/form-columns/nc_missing`, { label: "x" })).status).toBe(404);
    expect((await call(s.owner, "GET", `${M}/forms/vw_missing`)).status).toBe(404);
  });

  it("changes gallery covers, kanban stacks and calendar ranges, with checks", async () => {
    const s = await setup();
    const gallery = await create(s, "galleries", { title: "G" });
    expect(
      (await call(s.editor, "PATCH", `${M}/galleries/${gallery.id}`, { fk_cover_image_col_id: null })).status,
    ).toBe(200);
    expect((await call(s.viewer, "GET", `${M}/galleries/${gallery.id}`)).body.fk_cover_image_col_id).toBeNull();
    expect(
      (await call(s.owner, "PATCH", `${M}/galleries/${gallery.id}`, { fk_cover_image_col_id: s.col.Name })).status,
    ).toBe(400);

    const kanban = await create(s, "kanbans", { title: "K", fk_grp_col_id: s.col.Status });
    expect((await call(s.owner, "PATCH", `${M}/kanbans/${kanban.id}`, { fk_grp_col_id: s.col.Due })).status).toBe(400);
    expect((await call(s.owner, "PATCH", `${M}/kanbans/${kanban.id}`, { meta: "{bad" })).status).toBe(400);
    expect((await call(s.owner, "PATCH", `${M}/galleries/${kanban.id}`, { meta: {} })).body.msg).toMatch(
      /not a gallery view/,
    );

    const cal = await create(s, "calendars", { title: "C", calendar_range: [{ fk_from_column_id: s.col.Due }] });
    const ranged = await call(s.owner, "PATCH", `${M}/calendars/${cal.id}`, {
      calendar_range: [{ fk_from_column_id: s.col.Due, fk_to_column_id: s.col.Ends }],
    });
    expect(ranged.status, JSON.stringify(ranged.body)).toBe(200);
    expect(ranged.body.calendar_range[0]).toMatchObject({ fk_from_column_id: s.col.Due, fk_to_column_id: s.col.Ends });
    const same = await call(s.owner, "PATCH", `${M}/calendars/${cal.id}`, {
      calendar_range: [{ fk_from_column_id: s.col.Due, fk_to_column_id: s.col.Due }],
    });
    expect(same.body.msg).toMatch(/must differ/);
  });

  it("lets each role do what the matrix allows", async () => {
    const s = await setup();
    const form = await create(s, "forms", { title: "F" });
    const kanban = await create(s, "kanbans", { title: "K", fk_grp_col_id: s.col.Status });
    expect((await call(s.creator, "POST", `${M}/tables/${s.tableId}/galleries`, { title: "By creator" })).status).toBe(
      200,
    );
    for (const u of [s.editor, s.commenter, s.viewer]) {
      expect(
        (
          await call(u, "POST", `${M}/tables/${s.tableId}/calendars`, {
            title: "X",
            calendar_range: [{ fk_from_column_id: s.col.Due }],
          })
        ).status,
      ).toBe(403);
      expect((await call(u, "PATCH", `${M}/forms/${form.id}`, { heading: "x" })).status).toBe(403);
      expect((await call(u, "GET", `${M}/kanbans/${kanban.id}`)).status).toBe(200);
    }
    expect((await call(s.editor, "PATCH", `${M}/kanbans/${kanban.id}`, { meta: { a: 1 } })).status).toBe(200);
    expect((await call(s.commenter, "PATCH", `${M}/kanbans/${kanban.id}`, { meta: { a: 1 } })).status).toBe(403);
    expect((await call(s.viewer, "DELETE", `${M}/views/${kanban.id}`)).status).toBe(403);
  });
});

describe("PATCH and DELETE /views/{viewId}", () => {
  it("renames, reorders, locks, stores meta and deletes a view of any type", async () => {
    const s = await setup();
    const kanban = await create(s, "kanbans", { title: "K", fk_grp_col_id: s.col.Status });
    const res = await call(s.owner, "PATCH", `${M}/views/${kanban.id}`, {
      title: "Board",
      order: 0.5,
      lock_type: "locked",
      meta: { color: "red" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "Board", order: 0.5, lock_type: "locked", meta: { color: "red" } });
    expect((await call(s.owner, "PATCH", `${M}/views/${kanban.id}`, { lock_type: "secret" })).body.msg).toMatch(
      /^lock_type: must be collaborative, locked or personal/,
    );
    const list = await call(s.owner, "GET", `${M}/tables/${s.tableId}/views`);
    expect(list.body.list[0].title).toBe("Board"); // order 0.5 sorts before the default view (order 1)
    expect((await call(s.owner, "DELETE", `${M}/views/${kanban.id}`)).body).toBe(true);
    expect((await call(s.owner, "GET", `${M}/kanbans/${kanban.id}`)).status).toBe(404);
  });
});

describe("view kinds", () => {
  it("a locked view's filters, sorts, fields and settings change only for owners and creators; records stay editable", async () => {
    const s = await setup();
    const kanban = await create(s, "kanbans", { title: "K", fk_grp_col_id: s.col.Status });
    await call(s.owner, "PATCH", `${M}/views/${kanban.id}`, { lock_type: "locked" });
    const locked = async (res: { status: number; body: { msg?: string } }) => {
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.msg).toMatch(/This view is locked/);
    };
    await locked(
      await call(s.editor, "POST", `${M}/views/${kanban.id}/filters`, {
        fk_column_id: s.col.Name,
        comparison_op: "eq",
        value: "x",
      }),
    );
    await locked(await call(s.editor, "POST", `${M}/views/${kanban.id}/sorts`, { fk_column_id: s.col.Name }));
    await locked(await call(s.editor, "POST", `${M}/views/${kanban.id}/hide-all`));
    await locked(await call(s.editor, "PATCH", `${M}/kanbans/${kanban.id}`, { meta: {} }));
    const sort = await call(s.creator, "POST", `${M}/views/${kanban.id}/sorts`, { fk_column_id: s.col.Name });
    expect(sort.status).toBe(200);
    await locked(await call(s.editor, "DELETE", `${M}/sorts/${sort.body.id}`));
    expect((await call(s.editor, "GET", `${M}/views/${kanban.id}/sorts`)).status).toBe(200);
    expect((await call(s.editor, "GET", `${s.T}/views/${kanban.id}?limit=1`)).status).toBe(200);
    expect((await call(s.editor, "PATCH", `${s.T}/1`, { Status: "Done" })).status).toBe(200);
  });

  it("a personal view is seen and changed only by its creator", async () => {
    const s = await setup();
    const mine = await create(s, "galleries", { title: "Mine", lock_type: "personal" }, s.creator);
    const seen = async (u: TestUser) =>
      (await call(u, "GET", `${M}/tables/${s.tableId}/views`)).body.list
        .map((v: { id: string }) => v.id)
        .includes(mine.id);
    expect(await seen(s.creator)).toBe(true);
    expect(await seen(s.owner)).toBe(false);
    expect(await seen(s.viewer)).toBe(false);
    expect((await call(s.owner, "GET", `${M}/galleries/${mine.id}`)).status).toBe(404);
    expect((await call(s.owner, "PATCH", `${M}/views/${mine.id}`, { title: "Taken" })).status).toBe(404);
    expect((await call(s.owner, "DELETE", `${M}/views/${mine.id}`)).status).toBe(404);
    expect((await call(s.viewer, "GET", `${s.T}/views/${mine.id}`)).status).toBe(404);
    expect((await call(s.creator, "GET", `${s.T}/views/${mine.id}?limit=1`)).status).toBe(200);
    expect((await call(s.creator, "PATCH", `${M}/views/${mine.id}`, { title: "Still mine" })).status).toBe(200);
    // Made personal later: it belongs to no one else either.
    const board = await create(s, "kanbans", { title: "Team", fk_grp_col_id: s.col.Status });
    expect((await call(s.owner, "PATCH", `${M}/views/${board.id}`, { lock_type: "personal" })).status).toBe(200);
    expect((await call(s.owner, "GET", `${M}/kanbans/${board.id}`)).status).toBe(200);
    expect((await call(s.creator, "GET", `${M}/kanbans/${board.id}`)).status).toBe(404);
  });
});

describe("grouped data list (kanban stacks)", () => {
  it("answers one page per option plus uncategorised, with per-group totals and paging", async () => {
    const s = await setup();
    const kanban = await create(s, "kanbans", { title: "K", fk_grp_col_id: s.col.Status });
    const res = await call(s.viewer, "GET", `${s.T}/views/${kanban.id}/group/${s.col.Status}?limit=10`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.map((g: { key: string | null }) => g.key)).toEqual(["Todo", "Doing", "Done", null]);
    const todo = res.body[0].value;
    expect(todo.list).toHaveLength(10);
    expect(todo.pageInfo).toMatchObject({ totalRows: 30, isLastPage: false });
    expect(res.body[3].value.list.map((r: { Name: string }) => r.Name)).toEqual(["loose"]);

    const more = await call(
      s.viewer,
      "GET",
      `${s.T}/views/${kanban.id}/group/${s.col.Status}?limit=10&offset=20&optionsArrJson=${q(["Todo"])}`,
    );
    expect(more.body).toHaveLength(1);
    expect(more.body[0].value.list.map((r: { Name: string }) => r.Name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `todo ${20 + i}`),
    );
    expect(more.body[0].value.pageInfo.isLastPage).toBe(true);

    const filtered = await call(
      s.owner,
      "GET",
      `${s.T}/group/${s.col.Status}?where=${encodeURIComponent("(Name,like,todo 1%)")}`,
    );
    expect(filtered.body[0].value.pageInfo.totalRows).toBe(11);
    expect(filtered.body[0].value.list).toHaveLength(11); // default 25 per group
  });

  it("refuses a field that cannot group and bad optionsArrJson", async () => {
    const s = await setup();
    const bad = await call(s.owner, "GET", `${s.T}/group/${s.col.Name}`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/'Name' is not a single select field/);
    expect((await call(s.owner, "GET", `${s.T}/group/cl_nope`)).status).toBe(400);
    expect((await call(s.owner, "GET", `${s.T}/group/${s.col.Status}?optionsArrJson=${q({ a: 1 })}`)).body.msg).toMatch(
      /optionsArrJson must be a JSON array/,
    );
    expect((await call(s.owner, "GET", `${s.T}/group/${s.col.Status}?optionsArrJson=nope`)).body.msg).toMatch(
      /optionsArrJson is not valid JSON/,
    );
    const formula = await call(s.owner, "POST", `${M}/tables/${s.tableId}/columns`, {
      title: "F",
      uidt: "Formula",
      formula_raw: "{Points} * 2",
    });
    expect(formula.status, JSON.stringify(formula.body)).toBe(200);
    const fid = formula.body.columns.find((c: { title: string }) => c.title === "F").id;
    expect((await call(s.owner, "GET", `${s.T}/group/${fid}`)).status).toBe(501);
  });
});

describe("submitting through a form view", () => {
  it("keeps the form's fields, applies its required rules with the label, and e-mails the creator", async () => {
    const s = await setup();
    const form = await create(s, "forms", { title: "Intake" }, s.creator);
    const read = await call(s.owner, "GET", `${M}/forms/${form.id}`);
    const q1 = read.body.columns.find((c: { fk_column_id: string }) => c.fk_column_id === s.col.Name);
    const q2 = read.body.columns.find((c: { fk_column_id: string }) => c.fk_column_id === s.col.Points);
    await call(s.owner, "PATCH", `${M}/form-columns/${q1.id}`, { label: "Your name", required: true });
    await call(s.owner, "PATCH", `${M}/form-columns/${q2.id}`, { show: false });
    await call(s.owner, "PATCH", `${M}/forms/${form.id}`, { email: true });

    const missing = await call(s.editor, "POST", `${s.T}/views/${form.id}`, { Name: "  ", Notes: "hi" });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe("Your name is required");
    const ok = await call(s.editor, "POST", `${s.T}/views/${form.id}`, { Name: "Ann", Notes: "hi", Points: 99 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ Name: "Ann", Notes: "hi", Points: null }); // hidden field dropped
    const mail = await env.META.prepare("SELECT subject FROM outbox WHERE to_email = ?")
      .bind(s.creator.email)
      .all<{ subject: string }>();
    expect(mail.results.map((m) => m.subject)).toEqual(['New response to the form "Intake"']);
    expect((await call(s.viewer, "POST", `${s.T}/views/${form.id}`, { Name: "x" })).status).toBe(403);
  });
});
