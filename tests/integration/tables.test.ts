import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ProjectRoom } from "../../realtime/project-room";
import { api, seedProject, seedUser, type TestUser, roomStub } from "./support";

const M = "/api/v1/db/meta";

async function setup() {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  return { owner, projectId };
}

async function createTable(user: TestUser, projectId: string, body: unknown) {
  return api("POST", `${M}/projects/${projectId}/tables`, { token: user.token, body });
}

/** Runs SQL inside the project's Durable Object, for seeding rows before the rows API exists. */
function roomSql(projectId: string, query: string, ...params: (string | number | null)[]) {
  const stub = roomStub(projectId);
  return runInDurableObject(stub, (room: ProjectRoom) => room.store.exec(query, ...params));
}

describe("tables", () => {
  it("creates a table with its system columns, display value and default view", async () => {
    const { owner, projectId } = await setup();
    const res = await createTable(owner, projectId, { table_name: "Customers" });
    expect(res.status).toBe(200);
    const t = res.body;
    expect(t.id).toMatch(/^md_[0-9a-z]{14}$/);
    expect(t.title).toBe("Customers");
    expect(t.columns.map((c: { title: string }) => c.title)).toEqual(["Id", "Title", "CreatedAt", "UpdatedAt"]);
    expect(t.columns.find((c: { pv: boolean }) => c.pv).title).toBe("Title");
    expect(t.columns[0]).toMatchObject({ uidt: "ID", pk: true, ai: true });
    expect(t.views).toHaveLength(1);
    expect(t.views[0]).toMatchObject({ type: 3, is_default: true, title: "Customers" });
    expect(t.columnsById[t.columns[1].id].title).toBe("Title");

    const list = await api("GET", `${M}/projects/${projectId}/tables`, { token: owner.token });
    expect(list.body.list.map((x: { title: string }) => x.title)).toEqual(["Customers"]);
    const read = await api("GET", `${M}/tables/${t.id}`, { token: owner.token });
    expect(read.body.columns).toHaveLength(4);
  });

  it("keeps the caller's columns and system column titles (the GUI's NewColumn set)", async () => {
    const { owner, projectId } = await setup();
    const res = await createTable(owner, projectId, {
      table_name: "orders",
      title: "Orders",
      columns: [
        { column_name: "id", title: "Id", uidt: "ID", pk: true, ai: true },
        { column_name: "name", title: "Name", uidt: "SingleLineText", extraGuiKey: 1 },
        { column_name: "qty", title: "Qty", uidt: "Number" },
        { column_name: "created_at", title: "Created", uidt: "DateTime" },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.columns.map((c: { title: string }) => c.title)).toEqual([
      "Id",
      "Name",
      "Qty",
      "Created",
      "UpdatedAt",
    ]);
    expect(res.body.columns.find((c: { pv: boolean }) => c.pv).title).toBe("Name");
  });

  it("refuses bad names with messages naming the problem, creating nothing", async () => {
    const { owner, projectId } = await setup();
    await createTable(owner, projectId, { table_name: "Orders" });
    const cases: Array<[unknown, string]> = [
      [{ table_name: "" }, "Table name is required"],
      [{}, "Table name is required"],
      [{ table_name: "a.b/c\\d" }, "The following characters are not allowed: . / \\"],
      [{ table_name: "orders" }, "Duplicate table alias"],
      [{ table_name: " padded" }, "Leading or trailing whitespace not allowed in table names"],
      [{ table_name: "x".repeat(256) }, "Table name exceeds 255 characters"],
      [{ table_name: "Bad", columns: [{ title: "A", uidt: "Nope" }] }, "uidt: unknown field type 'Nope'"],
      [{ table_name: "Bad2", columns: [{ title: "A" }, { title: "a" }] }, "Duplicate column alias"],
    ];
    for (const [body, msg] of cases) {
      const res = await createTable(owner, projectId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    const list = await api("GET", `${M}/projects/${projectId}/tables`, { token: owner.token });
    expect(list.body.list.map((x: { title: string }) => x.title)).toEqual(["Orders"]);
  });

  it("refuses a table or a field past SQLite's 100 columns with a 400, leaving nothing half made", async () => {
    const { owner, projectId } = await setup();
    const fields = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `F${i}`, uidt: "Number" }));
    const tooWide = await createTable(owner, projectId, { table_name: "Wide", columns: fields(120) });
    expect(tooWide.status).toBe(400);
    expect(tooWide.body.msg).toContain("at most 100 stored columns");
    const list = await api("GET", `${M}/projects/${projectId}/tables`, { token: owner.token });
    expect(list.body.list).toHaveLength(0);
    // Id, CreatedAt and UpdatedAt with 97 fields fill the table; one more field is refused.
    const full = await createTable(owner, projectId, { table_name: "Full", columns: fields(97) });
    expect(full.status).toBe(200);
    const more = await api("POST", `${M}/tables/${full.body.id}/columns`, {
      token: owner.token,
      body: { title: "One more", uidt: "SingleLineText" },
    });
    expect(more.status).toBe(400);
    expect(more.body.msg).toContain("at most 100 stored columns");
    const meta = await api("GET", `${M}/tables/${full.body.id}`, { token: owner.token });
    expect(meta.body.columns).toHaveLength(100);
  });

  it("renames, reorders and deletes tables", async () => {
    const { owner, projectId } = await setup();
    const a = (await createTable(owner, projectId, { table_name: "A" })).body;
    const b = (await createTable(owner, projectId, { table_name: "B" })).body;
    const renamed = await api("PATCH", `${M}/tables/${a.id}`, {
      token: owner.token,
      body: { table_name: "Alpha", title: "Alpha", project_id: projectId },
    });
    expect(renamed.body).toEqual({ msg: "The table has been updated successfully" });
    const dup = await api("PATCH", `${M}/tables/${a.id}`, { token: owner.token, body: { title: "b" } });
    expect(dup.body.msg).toBe("Duplicate table alias");
    await api("POST", `${M}/tables/${a.id}/reorder`, { token: owner.token, body: { order: 99 } });
    const list = await api("GET", `${M}/projects/${projectId}/tables`, { token: owner.token });
    expect(list.body.list.map((x: { title: string }) => x.title)).toEqual(["B", "Alpha"]);

    expect((await api("DELETE", `${M}/tables/${b.id}`, { token: owner.token })).body).toBe(true);
    expect((await api("GET", `${M}/tables/${b.id}`, { token: owner.token })).status).toBe(404);
    expect((await api("GET", `${M}/columns/${b.columns[1].id}`, { token: owner.token })).status).toBe(404);
  });

  it("lets viewers read but not change the schema", async () => {
    const { owner, projectId } = await setup();
    const viewer = await seedUser("org-level-viewer");
    await env.META.prepare(
      "INSERT INTO project_users (project_id, user_id, roles, created_at, updated_at) VALUES (?, ?, 'viewer', '', '')",
    )
      .bind(projectId, viewer.id)
      .run();
    const t = (await createTable(owner, projectId, { table_name: "T" })).body;
    expect((await api("GET", `${M}/tables/${t.id}`, { token: viewer.token })).status).toBe(200);
    const res = await createTable(viewer, projectId, { table_name: "Nope" });
    expect(res).toMatchObject({ status: 403, body: { msg: "tableCreate - org-level-viewer,viewer : Not allowed" } });
  });
});

describe("columns", () => {
  it("adds, renames and deletes a column, answering the whole table", async () => {
    const { owner, projectId } = await setup();
    const t = (await createTable(owner, projectId, { table_name: "People" })).body;
    const added = await api("POST", `${M}/tables/${t.id}/columns`, {
      token: owner.token,
      body: { title: "Email", uidt: "Email" },
    });
    expect(added.status).toBe(200);
    const email = added.body.columns.find((c: { title: string }) => c.title === "Email");
    expect(email).toMatchObject({ uidt: "Email", column_name: "email" });

    const renamed = await api("PATCH", `${M}/columns/${email.id}`, { token: owner.token, body: { title: "Mail" } });
    expect(renamed.body.columnsById[email.id].title).toBe("Mail");
    expect((await api("GET", `${M}/columns/${email.id}`, { token: owner.token })).body.title).toBe("Mail");

    const dup = await api("POST", `${M}/tables/${t.id}/columns`, {
      token: owner.token,
      body: { title: "mail", uidt: "SingleLineText" },
    });
    expect(dup.body.msg).toBe("Duplicate column alias");

    const gone = await api("DELETE", `${M}/columns/${email.id}`, { token: owner.token });
    expect(gone.body.columns.map((c: { title: string }) => c.title)).not.toContain("Mail");
  });

  it("sets the display value column", async () => {
    const { owner, projectId } = await setup();
    const t = (await createTable(owner, projectId, { table_name: "P2" })).body;
    const added = (
      await api("POST", `${M}/tables/${t.id}/columns`, {
        token: owner.token,
        body: { title: "Code", uidt: "SingleLineText" },
      })
    ).body;
    const code = added.columns.find((c: { title: string }) => c.title === "Code");
    expect((await api("POST", `${M}/columns/${code.id}/primary`, { token: owner.token })).body).toBe(true);
    const read = (await api("GET", `${M}/tables/${t.id}`, { token: owner.token })).body;
    expect(read.columns.filter((c: { pv: boolean }) => c.pv).map((c: { title: string }) => c.title)).toEqual(["Code"]);
    const del = await api("DELETE", `${M}/columns/${code.id}`, { token: owner.token });
    expect(del.body.msg).toContain("display value");
  });

  it("refuses to delete or retype system columns", async () => {
    const { owner, projectId } = await setup();
    const t = (await createTable(owner, projectId, { table_name: "S" })).body;
    const id = t.columns[0];
    expect((await api("DELETE", `${M}/columns/${id.id}`, { token: owner.token })).body.msg).toContain("system column");
    expect(
      (await api("PATCH", `${M}/columns/${id.id}`, { token: owner.token, body: { uidt: "SingleLineText" } })).body.msg,
    ).toContain("system column");
  });

  it("converts data on a sensible type change", async () => {
    const { owner, projectId } = await setup();
    const t = (await createTable(owner, projectId, { table_name: "Conv" })).body;
    const col = (
      await api("POST", `${M}/tables/${t.id}/columns`, {
        token: owner.token,
        body: { title: "Amount", uidt: "SingleLineText" },
      })
    ).body.columns.find((c: { title: string }) => c.title === "Amount");
    await roomSql(
      projectId,
      `INSERT INTO "${t.table_name}" (title, amount) VALUES ('a', '12'), ('b', ' 7 '), ('c', NULL)`,
    );
    const res = await api("PATCH", `${M}/columns/${col.id}`, { token: owner.token, body: { uidt: "Number" } });
    expect(res.status).toBe(200);
    const rows = await roomSql(projectId, `SELECT amount, typeof(amount) AS t FROM "${t.table_name}" ORDER BY id`);
    expect(rows).toEqual([
      { amount: 12, t: "integer" },
      { amount: 7, t: "integer" },
      { amount: null, t: "null" },
    ]);
  });

  it("refuses a type change that does not fit and leaves the data intact", async () => {
    const { owner, projectId } = await setup();
    const t = (await createTable(owner, projectId, { table_name: "Keep" })).body;
    const col = (
      await api("POST", `${M}/tables/${t.id}/columns`, {
        token: owner.token,
        body: { title: "Amount", uidt: "SingleLineText" },
      })
    ).body.columns.find((c: { title: string }) => c.title === "Amount");
    await roomSql(projectId, `INSERT INTO "${t.table_name}" (title, amount) VALUES ('a', '12'), ('b', 'twelve')`);
    const res = await api("PATCH", `${M}/columns/${col.id}`, { token: owner.token, body: { uidt: "Number" } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain("Cannot change Amount to Number: 1 value does not fit");
    expect(res.body.msg).toContain('"twelve"');
    const rows = await roomSql(projectId, `SELECT amount FROM "${t.table_name}" ORDER BY id`);
    expect(rows).toEqual([{ amount: "12" }, { amount: "twelve" }]);
    const meta = (await api("GET", `${M}/columns/${col.id}`, { token: owner.token })).body;
    expect(meta.uidt).toBe("SingleLineText");
  });

  it("carries renamed select options into the cells and empties removed ones", async () => {
    const { owner, projectId } = await setup();
    const t = (await createTable(owner, projectId, { table_name: "Sel" })).body;
    const options = [
      { id: "o1", title: "Todo", color: "#cfdffe" },
      { id: "o2", title: "Done", color: "#d0f1fd" },
    ];
    const col = (
      await api("POST", `${M}/tables/${t.id}/columns`, {
        token: owner.token,
        body: { title: "Status", uidt: "SingleSelect", colOptions: { options } },
      })
    ).body.columns.find((c: { title: string }) => c.title === "Status");
    await roomSql(projectId, `INSERT INTO "${t.table_name}" (status) VALUES ('Todo'), ('Done')`);
    const res = await api("PATCH", `${M}/columns/${col.id}`, {
      token: owner.token,
      body: { colOptions: { options: [{ id: "o1", title: "To do", color: "#cfdffe" }] } },
    });
    expect(res.status).toBe(200);
    const rows = await roomSql(projectId, `SELECT status FROM "${t.table_name}" ORDER BY id`);
    expect(rows).toEqual([{ status: "To do" }, { status: null }]);
  });
});
