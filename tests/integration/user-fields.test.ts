/**
 * Issue 23: "Created by" and "Last modified by" columns. Two members write rows; each row shows
 * who created it and who last changed it (from the caller's session, never from the body), the
 * filter value `@me` means whoever reads, sorting goes by the person's name, and CSV export
 * writes the e-mail.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { newId } from "../../db/ids";
import { signSessionToken } from "../../functions/lib/jwt";
import { api, seedProject, type TestUser } from "./support";

const M = "/api/v1/db/meta";

/** A user with a first and last name (seedUser makes nameless ones). */
async function namedUser(roles: string, firstname: string | null, lastname: string | null): Promise<TestUser> {
  const id = newId("us_");
  const email = `${id}@example.com`;
  const ts = new Date().toISOString();
  await env.META.prepare(
    "INSERT INTO users (id, email, firstname, lastname, roles, token_version, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'v1', ?, ?)",
  )
    .bind(id, email, firstname, lastname, roles, ts, ts)
    .run();
  const token = await signSessionToken(env, { id, email, firstname, lastname, roles, token_version: "v1" });
  return { id, email, roles, token };
}

let owner: TestUser;
let editor: TestUser;
let projectId: string;
let T: string;
type Row = { Id: number; Title: string; "Made by": unknown; "Changed by": unknown };

const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });
const ids = async (user: TestUser, query: string) => {
  const res = await call(user, "GET", `${T}?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.list as Row[]).map((r) => r.Id);
};
const where = (w: string) => `where=${encodeURIComponent(w)}`;

beforeAll(async () => {
  owner = await namedUser("org-level-creator", "Ada", "Lovelace");
  editor = await namedUser("org-level-viewer", null, null);
  projectId = await seedProject([
    [owner, "owner"],
    [editor, "editor"],
  ]);
  const table = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Notes",
    columns: [
      { title: "Title", uidt: "SingleLineText" },
      { title: "Made by", uidt: "CreatedBy" },
      { title: "Changed by", uidt: "LastModifiedBy" },
    ],
  });
  expect(table.status, JSON.stringify(table.body)).toBe(200);
  T = `/api/v1/db/data/noco/${projectId}/Notes`;
  // The body names other users: both keys are the server's, so they are ignored.
  const first = await call(owner, "POST", T, { Title: "one", "Made by": editor.id, "Changed by": { id: editor.id } });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const bulk = await call(editor, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Notes`, [
    { Title: "two", made_by: owner.id },
    { Title: "three" },
  ]);
  expect(bulk.status, JSON.stringify(bulk.body)).toBe(200);
});

describe("Created by and Last modified by", () => {
  it("show the member who created and who last changed each row, whatever the body says", async () => {
    const ada = { id: owner.id, email: owner.email, display_name: "Ada Lovelace" };
    const bob = { id: editor.id, email: editor.email, display_name: null };
    const list = (await call(owner, "GET", `${T}?sort=Id`)).body.list as Row[];
    expect(list.map((r) => [r.Title, r["Made by"], r["Changed by"]])).toEqual([
      ["one", ada, ada],
      ["two", bob, bob],
      ["three", bob, bob],
    ]);
    // The editor changes the owner's row: the creator stays, the modifier follows the caller.
    const changed = await call(editor, "PATCH", `${T}/1`, {
      Title: "one!",
      "Made by": editor.id,
      "Changed by": owner.id,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ Title: "one!", "Made by": ada, "Changed by": bob });
    expect((await call(owner, "GET", `${T}/1`)).body).toMatchObject({ "Made by": ada, "Changed by": bob });
    await call(owner, "PATCH", `${T}/1`, { Title: "one" });
    expect((await call(editor, "GET", `${T}/1`)).body).toMatchObject({ "Made by": ada, "Changed by": ada });
  });

  it("filter @me as the caller, per caller, in lists and counts", async () => {
    expect(await ids(owner, where("(Made by,eq,@me)"))).toEqual([1]);
    expect(await ids(editor, where("(Made by,eq,@me)"))).toEqual([2, 3]);
    // Counts are cached per filter: the same text counts differently for each reader.
    expect((await call(owner, "GET", `${T}/count?${where("(Made by,eq,@me)")}`)).body).toEqual({ count: 1 });
    expect((await call(editor, "GET", `${T}/count?${where("(Made by,eq,@me)")}`)).body).toEqual({ count: 2 });
    expect((await call(owner, "GET", `${T}?${where("(Made by,eq,@me)")}`)).body.pageInfo.totalRows).toBe(1);
    expect((await call(editor, "GET", `${T}?${where("(Made by,eq,@me)")}`)).body.pageInfo.totalRows).toBe(2);
    expect(await ids(owner, where("(Made by,neq,@me)"))).toEqual([2, 3]);
    expect(await ids(owner, where(`(Made by,eq,${editor.id})`))).toEqual([2, 3]);
    expect(await ids(owner, where(`(Made by,anyof,${editor.id},@me)`))).toEqual([1, 2, 3]);
    expect(await ids(owner, where(`(Made by,nanyof,@me)`))).toEqual([2, 3]);
    expect(await ids(owner, where("(Changed by,blank)"))).toEqual([]);
    expect(await ids(owner, where("(Made by,notblank)"))).toEqual([1, 2, 3]);
  });

  it("refuses operators a person column does not take", async () => {
    const res = await call(owner, "GET", `${T}?${where("(Made by,gt,a)")}`);
    expect(res).toMatchObject({ status: 400, body: { msg: "'gt' is not supported for 'Made by' (CreatedBy)" } });
  });

  it("sort by the person's name, else their e-mail", async () => {
    // "Ada Lovelace" sorts before the editor's e-mail (lower-case "us_...").
    expect(await ids(owner, "sort=Made by,-Id")).toEqual([1, 3, 2]);
    expect(await ids(owner, "sort=-Made by,Id")).toEqual([2, 3, 1]);
  });

  it("group by the person", async () => {
    const groups = await call(owner, "GET", `${T}/groupby?column_name=made_by&sort=Made by`);
    expect(groups.status, JSON.stringify(groups.body)).toBe(200);
    expect(groups.body.list).toEqual([
      { made_by: { id: owner.id, email: owner.email, display_name: "Ada Lovelace" }, count: 1 },
      { made_by: { id: editor.id, email: editor.email, display_name: null }, count: 2 },
    ]);
  });

  it("export the e-mail to CSV", async () => {
    const res = await call(owner, "GET", `${T}/export/csv?fields=Title,Made by`);
    expect(res.status).toBe(200);
    expect(String(res.body).trim().split("\r\n")).toEqual([
      "Title,Made by",
      `one,${owner.email}`,
      `two,${editor.email}`,
      `three,${editor.email}`,
    ]);
  });

  it("give readers without an account (a shared view) names, never members' e-mail addresses", async () => {
    const meta = (await call(owner, "GET", `${M}/projects/${projectId}/tables`)).body.list.find(
      (t: { title: string }) => t.title === "Notes",
    );
    const views = await call(owner, "GET", `${M}/tables/${meta.id}/views`);
    const shared = await call(owner, "POST", `${M}/views/${views.body.list[0].id}/share`);
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const P = `/api/v1/db/public/shared-view/${shared.body.uuid}`;
    const rows = await api("GET", `${P}/rows?sort=Id`);
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect(rows.body.list[0]["Made by"]).toEqual({ id: owner.id, display_name: "Ada Lovelace" });
    const csv = await api("GET", `${P}/rows/export/csv`);
    expect(csv.status).toBe(200);
    expect(JSON.stringify([rows.body, csv.body])).not.toContain("@example.com");
    expect(String(csv.body)).toContain("Ada Lovelace");
  });

  it("look a person up through links as the person, both ways; anonymous readers get no e-mail there either", async () => {
    const tables = (await call(owner, "GET", `${M}/projects/${projectId}/tables`)).body.list as Array<{
      id: string;
      title: string;
    }>;
    const notes = tables.find((t) => t.title === "Notes")!;
    const tasks = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
      table_name: "Tasks",
      columns: [{ title: "Name" }, { title: "Task by", uidt: "CreatedBy" }],
    });
    expect(tasks.status, JSON.stringify(tasks.body)).toBe(200);
    const link = await call(owner, "POST", `${M}/tables/${tasks.body.id}/columns`, {
      uidt: "LinkToAnotherRecord",
      title: "Note",
      parentId: tasks.body.id,
      childId: notes.id,
      type: "bt",
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const colId = async (tableId: string, title: string) =>
      ((await call(owner, "GET", `${M}/tables/${tableId}`)).body.columns as Array<{ id: string; title: string }>).find(
        (c) => c.title === title,
      )!.id;
    const up = await call(owner, "POST", `${M}/tables/${tasks.body.id}/columns`, {
      uidt: "Lookup",
      title: "Note maker",
      fk_relation_column_id: await colId(tasks.body.id, "Note"),
      fk_lookup_column_id: await colId(notes.id, "Made by"),
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const reverse = (
      (await call(owner, "GET", `${M}/tables/${notes.id}`)).body.columns as Array<{
        id: string;
        title: string;
        uidt: string;
      }>
    ).find((c) => c.uidt === "LinkToAnotherRecord")!;
    const down = await call(owner, "POST", `${M}/tables/${notes.id}/columns`, {
      uidt: "Lookup",
      title: "Task makers",
      fk_relation_column_id: reverse.id,
      fk_lookup_column_id: await colId(tasks.body.id, "Task by"),
    });
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    const D = `/api/v1/db/data/noco/${projectId}/Tasks`;
    expect((await call(editor, "POST", D, { Name: "t1" })).status).toBe(200);
    expect((await call(owner, "POST", `${D}/1/bt/Note/1`)).status).toBe(200);
    const ada = { id: owner.id, email: owner.email, display_name: "Ada Lovelace" };
    const bob = { id: editor.id, email: editor.email, display_name: null };
    expect((await call(owner, "GET", `${D}/1`)).body["Note maker"]).toEqual(ada);
    expect((await call(owner, "GET", `${T}/1`)).body["Task makers"]).toEqual([bob]);
    expect(await ids(owner, where(`(Task makers,eq,${editor.id})`))).toEqual([1]);

    const views = await call(owner, "GET", `${M}/tables/${tasks.body.id}/views`);
    const shared = await call(owner, "POST", `${M}/views/${views.body.list[0].id}/share`);
    const rows = await api("GET", `/api/v1/db/public/shared-view/${shared.body.uuid}/rows`);
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect(rows.body.list[0]["Note maker"]).toEqual({ id: owner.id, display_name: "Ada Lovelace" });
    expect(JSON.stringify(rows.body)).not.toContain("@example.com");
  });

  it("added to a table with rows: the rows already there have no creator; no default value", async () => {
    const meta = (await call(owner, "GET", `${M}/projects/${projectId}/tables`)).body.list.find(
      (t: { title: string }) => t.title === "Notes",
    );
    const added = await call(owner, "POST", `${M}/tables/${meta.id}/columns`, {
      title: "Owner",
      column_name: "owner_id",
      uidt: "CreatedBy",
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const rows = (await call(owner, "GET", `${T}?fields=Id,Owner`)).body.list as Array<{ Owner: unknown }>;
    expect(rows.map((r) => r.Owner)).toEqual([null, null, null]);
    const fresh = await call(editor, "POST", T, { Title: "four" });
    expect(fresh.body.Owner).toEqual({ id: editor.id, email: editor.email, display_name: null });
    const withDefault = await call(owner, "POST", `${M}/tables/${meta.id}/columns`, {
      title: "Who",
      column_name: "who",
      uidt: "LastModifiedBy",
      cdf: owner.id,
    });
    expect(withDefault.status).toBe(400);
    expect(withDefault.body.msg).toContain("Who: set by the server");
    // A text field cannot turn into a person field (its cells would be emptied); the reverse keeps the ids.
    const title = (added.body.columns as Array<{ id: string; title: string }>).find((c) => c.title === "Title")!;
    const convert = await call(owner, "PATCH", `${M}/columns/${title.id}`, {
      title: "Title",
      column_name: "title",
      uidt: "LastModifiedBy",
    });
    expect(convert).toMatchObject({
      status: 400,
      body: { msg: "Title cannot become a LastModifiedBy field: add a new LastModifiedBy field instead" },
    });
    const owned = (added.body.columns as Array<{ id: string; title: string }>).find((c) => c.title === "Owner")!;
    const back = await call(owner, "PATCH", `${M}/columns/${owned.id}`, {
      title: "Owner",
      column_name: "owner_id",
      uidt: "SingleLineText",
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const texts = (await call(owner, "GET", `${T}?fields=Owner&sort=Id`)).body.list as Array<{ Owner: unknown }>;
    expect(texts.map((r) => r.Owner)).toEqual([null, null, null, editor.id]);
  });
});
