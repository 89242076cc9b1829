import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser, type TestUser } from "./support";

const M = "/api/v1/db/meta";

async function setup() {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const table = await api("POST", `${M}/projects/${projectId}/tables`, {
    token: owner.token,
    body: {
      table_name: "Tasks",
      columns: [
        { title: "Name", uidt: "SingleLineText", rqd: true },
        { title: "Points", uidt: "Number" },
        { title: "Done", uidt: "Checkbox" },
        {
          title: "Status",
          uidt: "SingleSelect",
          colOptions: { options: [{ title: "Todo" }, { title: "Doing" }] },
          cdf: "Todo",
        },
        { title: "Email", uidt: "Email" },
      ],
    },
  });
  expect(table.status).toBe(200);
  const T = `/api/v1/db/data/noco/${projectId}/Tasks`;
  return { owner, projectId, table: table.body, T, B: `/api/v1/db/data/bulk/noco/${projectId}/Tasks` };
}

const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

describe("rows", () => {
  it("creates, reads, updates and deletes a row keyed by titles", async () => {
    const { owner, T } = await setup();
    const created = await call(owner, "POST", T, { Name: "Write spec", Points: 3, Done: true, email: "x@example.com" });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      Id: 1,
      Name: "Write spec",
      Points: 3,
      Done: true,
      Status: "Todo",
      Email: "x@example.com",
    });
    expect(created.body.CreatedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+00:00$/);

    expect((await call(owner, "GET", `${T}/1`)).body).toMatchObject({ Id: 1, Name: "Write spec" });
    // `fields` narrows one record as it narrows a list (issue 42: it was ignored).
    expect((await call(owner, "GET", `${T}/1?fields=Name`)).body).toEqual({ Name: "Write spec" });
    expect((await call(owner, "GET", `${T}/1?fields[]=Id&fields[]=Name`)).body).toEqual({ Id: 1, Name: "Write spec" });
    const unknown = await call(owner, "GET", `${T}/1?fields=Nope`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toMatch(/Nope/);
    const updated = await call(owner, "PATCH", `${T}/1`, { Points: 5, Status: "Doing" });
    expect(updated.body).toMatchObject({ Points: 5, Status: "Doing", Name: "Write spec" });
    // The answer is the row as a read gives it (the update's own RETURNING, db/rows/read.ts readBack).
    expect((await call(owner, "GET", `${T}/1`)).body).toEqual(updated.body);
    expect((await call(owner, "GET", `${T}/1/exist`)).body).toBe(true);
    expect((await call(owner, "DELETE", `${T}/1`)).body).toBe(1);
    expect(await call(owner, "GET", `${T}/1`)).toMatchObject({ status: 404, body: { msg: "Row not found" } });
    expect((await call(owner, "GET", `${T}/1/exist`)).body).toBe(false);
  });

  it("refuses invalid values and missing required ones with a message naming the column", async () => {
    const { owner, T } = await setup();
    const cases: Array<[unknown, string]> = [
      [{ Name: "a", Email: "not-an-email" }, "Email"],
      [{ Name: "a", Status: "Maybe" }, "Status"],
      [{ Name: "a", Points: "many" }, "Points"],
      [{ Points: 1 }, "Name is required"],
      [{ Name: null }, "Name is required"],
    ];
    for (const [body, msg] of cases) {
      const res = await call(owner, "POST", T, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    expect((await call(owner, "POST", T, "{bad json")).body.msg).toBe("Request body is not valid JSON");
    const ok = await call(owner, "POST", T, { Name: "fine" });
    expect((await call(owner, "PATCH", `${T}/${ok.body.Id}`, { Name: null })).body.msg).toBe("Name is required");
  });

  it("writes a bulk request all or nothing and names the bad row", async () => {
    const { owner, T, B } = await setup();
    const good = await call(owner, "POST", B, [{ Name: "a" }, { Name: "b", Points: 2 }]);
    expect(good.body).toEqual([{ id: 1 }, { id: 2 }]);
    const bad = await call(owner, "POST", B, [{ Name: "c" }, { Name: "d", Email: "nope" }]);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^Row 2: Email/);
    expect((await call(owner, "GET", `${T}/3/exist`)).body).toBe(false);

    const upd = await call(owner, "PATCH", B, [
      { Id: 1, Points: 10 },
      { Id: 99, Points: 1 },
    ]);
    expect(upd).toMatchObject({ status: 404, body: { msg: "Row 2: row 99 not found" } });
    expect((await call(owner, "GET", `${T}/1`)).body.Points).toBeNull();
    expect(
      (
        await call(owner, "PATCH", B, [
          { Id: 1, Points: 10 },
          { Id: 2, Done: true },
        ])
      ).body,
    ).toEqual([{ id: 1 }, { id: 2 }]);
    expect((await call(owner, "GET", `${T}/1`)).body.Points).toBe(10);

    expect((await call(owner, "DELETE", B, [{ Id: 1 }, { Id: 42 }])).status).toBe(404);
    expect((await call(owner, "GET", `${T}/1/exist`)).body).toBe(true);
    expect((await call(owner, "DELETE", B, [{ Id: 1 }, { Id: 2 }])).body).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it("inserts thousands of rows in one request", async () => {
    const { owner, B, T } = await setup();
    const rows = Array.from({ length: 5000 }, (_, i) => ({ Name: `row ${i}`, Points: i, Done: i % 2 === 0 }));
    const res = await call(owner, "POST", B, rows);
    expect(res.body).toHaveLength(5000);
    expect((await call(owner, "GET", `${T}/5000`)).body).toMatchObject({ Name: "row 4999", Points: 4999, Done: false });
  });

  it("answers a bulk insert with the ids its rows got, after deleted last rows and a refused request", async () => {
    const { owner, B, T } = await setup();
    expect((await call(owner, "POST", B, [{ Name: "a" }, { Name: "b" }, { Name: "c" }])).body).toEqual([
      { id: 1 },
      { id: 2 },
      { id: 3 },
    ]);
    // Ids are never reused (the deleted last row's stays taken); a refused request takes none.
    expect((await call(owner, "DELETE", `${T}/3`)).status).toBe(200);
    expect((await call(owner, "POST", B, [{ Name: "d" }, { Name: "e", Email: "nope" }])).status).toBe(400);
    const rows = Array.from({ length: 25 }, (_, i) => ({ Name: `n${i}` }));
    const ids = (await call(owner, "POST", B, rows)).body as Array<{ id: number }>;
    expect(ids).toEqual(Array.from({ length: 25 }, (_, i) => ({ id: 4 + i })));
    for (const [i, { id }] of ids.entries()) {
      if (i % 8 === 0 || i === 24) expect((await call(owner, "GET", `${T}/${id}`)).body.Name).toBe(`n${i}`);
    }
  });

  // Rows go to SQLite as one JSON value per row, or as one bound value per field when a row's
  // text is long (db/rows/write.ts): both forms must store exactly what each field type stores.
  it("stores every kind of value alike through both insert forms, on narrow, long and 86-field tables", async () => {
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    const extra = Array.from({ length: 80 }, (_, i) => ({ title: `F${i}`, uidt: "SingleLineText" }));
    const fields = [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Points", uidt: "Number" },
      { title: "Price", uidt: "Decimal" },
      { title: "Done", uidt: "Checkbox" },
      { title: "Due", uidt: "Date" },
      { title: "Notes", uidt: "LongText" },
    ];
    // Empty text is stored as no value (as a single insert stores it).
    const tricky = [
      `O'Brien "quoted" \\ back`,
      "0012",
      "null",
      "1e3",
      "Ünïcødé 🍕 \u0001 tab\there",
      "[1,2]",
      '{"a":1}',
      "",
    ];
    for (const [name, columns, long] of [
      ["Narrow", fields, false],
      ["Long", fields, true],
      ["Wide", [...fields, ...extra], false],
    ] as const) {
      const made = await call(owner, "POST", `${M}/projects/${projectId}/tables`, { table_name: name, columns });
      expect(made.status, name).toBe(200);
      const rows = tricky.map((text, i) => ({
        Name: text,
        Points: [0, -3, 2 ** 40, 7, null, 12, 1, 99][i],
        Price: [1.5, -2.675, 0.1, 1234567.891, 0, null, 3, 4][i],
        Done: i % 2 === 0,
        Due: i === 4 ? null : `2024-02-${String(20 + i).padStart(2, "0")}`,
        Notes: long ? `${text} ${"x".repeat(3000)}` : text,
        ...(name === "Wide" ? { F0: text, F79: `last ${i}` } : {}),
      }));
      const ids = (await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/${name}`, rows)).body;
      expect(ids, name).toHaveLength(rows.length);
      const page = await call(owner, "GET", `/api/v1/db/data/noco/${projectId}/${name}?limit=100`);
      expect(page.body.list, name).toHaveLength(rows.length);
      for (const [i, got] of (page.body.list as Array<Record<string, unknown>>).entries()) {
        const want = rows[i]!;
        expect(got.Id, name).toBe(ids[i].id);
        const blank = (v: unknown) => (v === "" || v === undefined ? null : v);
        expect(got, `${name} row ${i}`).toMatchObject(
          Object.fromEntries(Object.entries(want).map(([k, v]) => [k, blank(v)])),
        );
      }
    }
  });

  it("accepts the table id or title and the project id or title in the path", async () => {
    const { owner, projectId, table } = await setup();
    const project = await call(owner, "GET", `${M}/projects/${projectId}`);
    const byIds = await call(owner, "POST", `/api/v1/db/data/noco/${projectId}/${table.id}`, { Name: "by id" });
    expect(byIds.status).toBe(200);
    const byTitles = await call(
      owner,
      "GET",
      `/api/v1/db/data/noco/${encodeURIComponent(project.body.title)}/Tasks/${byIds.body.Id}`,
    );
    expect(byTitles.body.Name).toBe("by id");
    expect((await call(owner, "GET", `/api/v1/db/data/noco/${projectId}/Nope/1`)).body).toEqual({
      msg: "Table not found",
    });
  });

  it("keeps a per-row history and comments", async () => {
    const { owner, T, table } = await setup();
    await call(owner, "POST", T, { Name: "a" });
    await call(owner, "PATCH", `${T}/1`, { Points: 4 });
    const comment = await call(owner, "POST", `${M}/audits/comments`, {
      fk_model_id: table.id,
      row_id: "1",
      description: "Looks good",
    });
    expect(comment.body).toMatchObject({ op_type: "COMMENT", user: owner.email, description: "Looks good" });
    const history = await call(owner, "GET", `${M}/audits/comments?fk_model_id=${table.id}&row_id=1`);
    expect(history.body.list.map((a: { op_type: string; op_sub_type: string }) => a.op_sub_type ?? a.op_type)).toEqual([
      "COMMENT",
      "UPDATE",
      "INSERT",
    ]);
    expect(history.body.list[1].details).toEqual({ Points: { old: null, new: 4 } });
    const only = await call(owner, "GET", `${M}/audits/comments?fk_model_id=${table.id}&row_id=1&comments_only=true`);
    expect(only.body.list).toHaveLength(1);
    const count = await call(owner, "GET", `${M}/audits/comments/count?fk_model_id=${table.id}&ids[]=1&ids[]=2`);
    expect(count.body).toEqual([{ row_id: "1", count: 1 }]);
    expect(
      (await call(owner, "POST", `${M}/audits/comments`, { fk_model_id: table.id, row_id: "1", description: "  " }))
        .status,
    ).toBe(400);
  });
});

describe("history of bulk-inserted rows", () => {
  it("shows each row of a bulk insert its own creation, under later edits and comments, and none to other rows", async () => {
    const { owner, T, B, table } = await setup();
    await call(owner, "POST", T, { Name: "alone" });
    expect((await call(owner, "POST", B, [{ Name: "a" }, { Name: "b" }, { Name: "c" }])).body).toEqual([
      { id: 2 },
      { id: 3 },
      { id: 4 },
    ]);
    await call(owner, "PATCH", `${T}/3`, { Points: 7 });
    await call(owner, "POST", `${M}/audits/comments`, { fk_model_id: table.id, row_id: "3", description: "bulk row" });
    const history = async (rowId: string) =>
      (await call(owner, "GET", `${M}/audits/comments?fk_model_id=${table.id}&row_id=${rowId}`)).body.list as Array<
        Record<string, unknown>
      >;
    const third = await history("3");
    expect(third.map((a) => a.op_sub_type ?? a.op_type)).toEqual(["COMMENT", "UPDATE", "INSERT"]);
    expect(third[2]).toMatchObject({
      row_id: "3",
      op_type: "DATA",
      op_sub_type: "INSERT",
      user: owner.email,
      description: "created the record",
      details: null,
    });
    for (const id of ["1", "2", "4"]) expect((await history(id)).map((a) => a.op_sub_type)).toEqual(["INSERT"]);
    expect(await history("5")).toEqual([]);
    expect(new Set([...(await history("2")), ...(await history("4"))].map((a) => a.id)).size).toBe(2);
    expect(
      (await call(owner, "GET", `${M}/audits/comments?fk_model_id=${table.id}&row_id=3&comments_only=true`)).body.list,
    ).toHaveLength(1);
  });
});

describe("row lists", () => {
  it("lists with where, sort, fields and paging, counting exactly", async () => {
    const { owner, T, B } = await setup();
    await call(
      owner,
      "POST",
      B,
      Array.from({ length: 30 }, (_, i) => ({
        Name: `task ${String(i).padStart(2, "0")}`,
        Points: i % 7,
        Done: i % 3 === 0,
      })),
    );
    const page = await call(
      owner,
      "GET",
      `${T}?where=(Points,gt,3)~and(Done,eq,false)&sort=-Points,Name&fields=Name,Points&limit=5&offset=2`,
    );
    expect(page.status).toBe(200);
    // Matches by -Points, Name: 13, 20 (6), 05, 19, 26 (5), 04, 11, 25 (4); the page skips two.
    expect(page.body.list).toEqual([
      { Name: "task 05", Points: 5 },
      { Name: "task 19", Points: 5 },
      { Name: "task 26", Points: 5 },
      { Name: "task 04", Points: 4 },
      { Name: "task 11", Points: 4 },
    ]);
    expect(page.body.pageInfo).toMatchObject({ totalRows: 8, pageSize: 5 });
    expect((await call(owner, "GET", `${T}/count?where=(Done,checked)`)).body).toEqual({ count: 10 });
    expect((await call(owner, "GET", `${T}/find-one?where=(Name,like,task 2)&sort=-Name`)).body.Name).toBe("task 29");
    expect((await call(owner, "GET", `${T}/find-one?where=(Name,eq,nothing)`)).body).toEqual({});
    const all = await call(owner, "GET", `${T}?limit=1000`);
    expect(all.body.list).toHaveLength(30);
    expect(all.body.pageInfo).toMatchObject({ totalRows: 30, isFirstPage: true, isLastPage: true });
  });

  it("keeps the count right after writes", async () => {
    const { owner, T, B } = await setup();
    await call(owner, "POST", B, [{ Name: "a" }, { Name: "b" }]);
    expect((await call(owner, "GET", T)).body.pageInfo.totalRows).toBe(2);
    await call(owner, "POST", T, { Name: "c" });
    expect((await call(owner, "GET", T)).body.pageInfo.totalRows).toBe(3);
    await call(owner, "DELETE", `${T}/1`);
    expect((await call(owner, "GET", `${T}/count`)).body.count).toBe(2);
  });

  it("answers a bad where, sort or field with 400 naming it", async () => {
    const { owner, T } = await setup();
    expect((await call(owner, "GET", `${T}?where=(Nope,eq,1)`)).body.msg).toContain("Nope");
    expect((await call(owner, "GET", `${T}?where=(Name,bogus,1)`)).body.msg).toContain("bogus");
    expect((await call(owner, "GET", `${T}?sort=-Nope`)).body.msg).toContain("Nope");
    expect((await call(owner, "GET", `${T}?fields=Name,Nope`)).status).toBe(400);
    expect((await call(owner, "GET", `${T}?where=(Name,eq,x'); DROP TABLE tasks; --)`)).status).toBe(200);
    expect((await call(owner, "GET", `${T}/count`)).body.count).toBe(0);
  });
});

describe("automatic indexes", () => {
  it("indexes sorted and filtered columns, and still lets them be retyped or dropped", async () => {
    const { owner, T, B, table } = await setup();
    await call(owner, "POST", B, [
      { Name: "a", Points: 2 },
      { Name: "b", Points: 1 },
    ]);
    expect((await call(owner, "GET", `${T}?sort=Points&where=(Email,eq,x@example.com)`)).status).toBe(200);
    const points = table.columns.find((c: { title: string }) => c.title === "Points");
    const email = table.columns.find((c: { title: string }) => c.title === "Email");
    expect((await call(owner, "PATCH", `/api/v1/db/meta/columns/${points.id}`, { uidt: "Decimal" })).status).toBe(200);
    expect((await call(owner, "GET", `${T}?sort=-Points`)).body.list.map((r: { Points: number }) => r.Points)).toEqual([
      2, 1,
    ]);
    expect((await call(owner, "DELETE", `/api/v1/db/meta/columns/${email.id}`)).status).toBe(200);
  });
});

describe("group-by, export and filtered bulk writes", () => {
  it("counts rows per value", async () => {
    const { owner, T, B } = await setup();
    await call(owner, "POST", B, [{ Name: "a", Status: "Doing" }, { Name: "b" }, { Name: "c", Status: "Doing" }]);
    const res = await call(owner, "GET", `${T}/groupby?column_name=status`);
    expect(res.body.list).toEqual([
      { status: "Doing", count: 2 },
      { status: "Todo", count: 1 },
    ]);
    expect(res.body.pageInfo.totalRows).toBe(2);
    expect((await call(owner, "GET", `${T}/groupby?column_name=nope`)).status).toBe(400);
  });

  it("exports CSV in batches with escaped cells", async () => {
    const { owner, T, B } = await setup();
    await call(owner, "POST", B, [{ Name: 'say "hi", ok' }, { Name: "=cmd()", Points: 2 }]);
    const res = await api("GET", `${T}/export/csv?fields=Name,Points`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("nc-export-offset")).toBe("-1");
    expect(res.headers.get("content-disposition")).toContain("Tasks-export.csv");
    expect(res.body).toBe('Name,Points\r\n"say ""hi"", ok",\r\n\'=cmd(),2\r\n');
  });

  it("updates and deletes every row matching a filter", async () => {
    const { owner, T, B } = await setup();
    await call(owner, "POST", B, [
      { Name: "a", Points: 1 },
      { Name: "b", Points: 5 },
      { Name: "c", Points: 9 },
    ]);
    expect((await call(owner, "PATCH", `${B}/all?where=(Points,gt,3)`, { Done: true })).body).toBe(2);
    expect((await call(owner, "GET", `${T}/count?where=(Done,checked)`)).body.count).toBe(2);
    expect((await call(owner, "PATCH", `${B}/all`, { Id: 7 })).body).toBe(0);
    expect((await call(owner, "DELETE", `${B}/all?where=(Done,checked)`)).body).toBe(2);
    expect((await call(owner, "GET", `${T}/count`)).body.count).toBe(1);
  });
});

describe("hostile names", () => {
  it("keeps quotes, comments and unicode in table and column titles out of SQL", async () => {
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    const title = `x"; DROP TABLE "users"; -- ✓`;
    const t = await api("POST", `/api/v1/db/meta/projects/${projectId}/tables`, {
      token: owner.token,
      body: { table_name: title, columns: [{ title: `a'b"c\`; --` }, { title: "数量", uidt: "Number" }] },
    });
    expect(t.status).toBe(200);
    const T = `/api/v1/db/data/noco/${projectId}/${encodeURIComponent(title)}`;
    const created = await call(owner, "POST", T, { [`a'b"c\`; --`]: "v", 数量: 3 });
    expect(created.body).toMatchObject({ [`a'b"c\`; --`]: "v", 数量: 3 });
    const list = await call(
      owner,
      "GET",
      `${T}?where=${encodeURIComponent("(数量,eq,3)")}&sort=${encodeURIComponent("-a'b\"c`; --")}`,
    );
    expect(list.body.list).toHaveLength(1);
  });
});

describe("CSV export of numbers", () => {
  it("keeps negative numbers and phone numbers as they are and still escapes formula-like text", async () => {
    const { owner, T, B } = await setup();
    await call(owner, "POST", B, [
      { Name: "-cmd", Points: -5 },
      { Name: "+1 555 0100", Points: 3 },
      { Name: "-2+3+cmd|' /C calc'!A0", Points: 4 },
    ]);
    const res = await api("GET", `${T}/export/csv?fields=Name,Points`, { token: owner.token });
    expect(res.body).toBe("Name,Points\r\n'-cmd,-5\r\n+1 555 0100,3\r\n'-2+3+cmd|' /C calc'!A0,4\r\n");
  });
});

describe("bulk body checks", () => {
  it("refuses a body that is not an array, or too many rows, writing nothing", async () => {
    const { owner, T, B } = await setup();
    expect((await call(owner, "POST", B, { Name: "x" })).body).toEqual({
      msg: "Request body must be a JSON array of rows",
    });
    expect((await call(owner, "POST", B, "[{")).body).toEqual({ msg: "Request body is not valid JSON" });
    const tooMany = await call(
      owner,
      "POST",
      B,
      Array.from({ length: 10_001 }, () => ({ Name: "x" })),
    );
    expect(tooMany).toMatchObject({ status: 400, body: { msg: "At most 10000 rows per request" } });
    expect((await call(owner, "PATCH", B, { Id: 1 })).status).toBe(400);
    expect((await call(owner, "GET", `${T}/count`)).body.count).toBe(0);
  });
});
