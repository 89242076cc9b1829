import { runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, roomStub, seedProject, seedUser, type TestUser } from "./support";

/**
 * "Restore this version" (issue 35) and history values as the API answers them: one update
 * through the normal write path, recorded as its own entry that can itself be restored; hidden
 * fields neither shown nor restored; computed and deleted fields skipped and named; entries
 * written before issue 33 (stored values, link ids) answered as API values.
 */
const M = "/api/v1/db/meta";

interface Entry {
  id: string;
  op_type: string;
  description: string;
  details: Record<string, unknown> | null;
  created_at: string;
}

let owner: TestUser;
let editor: TestUser;
let viewer: TestUser;
let projectId: string;
let tasks: { id: string; columns: Array<{ id: string; title: string }> };

const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });
const rows = () => `/api/v1/db/data/noco/${projectId}/${tasks.id}`;
const history = async (user: TestUser, rowId: number) => {
  const res = await call(user, "GET", `${M}/audits/comments?fk_model_id=${tasks.id}&row_id=${rowId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.list as Entry[]).filter((e) => e.op_type !== "COMMENT");
};
const restore = (user: TestUser, auditId: string, rowId: number) =>
  call(user, "POST", `${M}/audits/${auditId}/restore`, { fk_model_id: tasks.id, row_id: rowId });
const read = async (rowId: number) => (await call(owner, "GET", `${rows()}/${rowId}`)).body as Record<string, unknown>;

/** A record with three edits after its creation; its history newest first: [e3, e2, e1, created]. */
async function editedThrice() {
  const made = await call(owner, "POST", rows(), { Title: "v0", Count: 1, Secret: "hush-0" });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const id = Number(made.body.Id);
  for (const body of [{ Title: "v1", Count: 2 }, { Title: "v2", Secret: "hush-1" }, { Count: 3 }])
    expect((await call(owner, "PATCH", `${rows()}/${id}`, body)).status).toBe(200);
  return id;
}

beforeAll(async () => {
  owner = await seedUser("org-level-creator");
  editor = await seedUser("org-level-viewer");
  viewer = await seedUser("org-level-viewer");
  projectId = await seedProject([
    [owner, "owner"],
    [editor, "editor"],
    [viewer, "viewer"],
  ]);
  const make = async (table_name: string, columns: unknown[]) => {
    const res = await call(owner, "POST", `${M}/projects/${projectId}/tables`, { table_name, columns });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const orders = await make("Orders", [{ title: "Item" }]);
  tasks = await make("Tasks", [
    { title: "Title" },
    { title: "Count", uidt: "Number" },
    { title: "Secret" },
    { title: "Done", uidt: "Checkbox" },
  ]);
  for (const column of [
    { uidt: "Formula", title: "Double", formula_raw: "{Count} * 2" },
    { uidt: "LinkToAnotherRecord", title: "Orders", parentId: tasks.id, childId: orders.id, type: "hm" },
  ]) {
    const res = await call(owner, "POST", `${M}/tables/${tasks.id}/columns`, column);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  tasks = (await call(owner, "GET", `${M}/tables/${tasks.id}`)).body;
  await call(owner, "POST", `/api/v1/db/data/noco/${projectId}/${orders.id}`, { Item: "Pen" });
  const secret = tasks.columns.find((c) => c.title === "Secret")!.id;
  const set = await call(owner, "PUT", `${M}/tables/${tasks.id}/access`, {
    roles: { editor: { fields: { [secret]: "hidden" } } },
  });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
}, 60_000);

describe("restore this version", () => {
  it("sets the record back to the chosen version in one entry, which can itself be restored", async () => {
    const id = await editedThrice();
    const [, , e1] = await history(owner, id);
    expect(e1!.details).toEqual({ Title: { old: "v0", new: "v1" }, Count: { old: 1, new: 2 } });

    const res = await restore(owner, e1!.id, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.row).toMatchObject({ Title: "v1", Count: 2, Secret: "hush-0", Double: 4 });
    expect([...res.body.restored].sort()).toEqual(["Count", "Secret", "Title"]);
    expect(res.body.skipped).toEqual([]);
    expect(await read(id)).toMatchObject({ Title: "v1", Count: 2, Secret: "hush-0" });

    // Its own entry, naming the version's time, with old → new of every field it wrote back.
    const after = await history(owner, id);
    expect(after).toHaveLength(5);
    const [restored, e3] = after;
    expect(restored!.description).toBe(`restored the version of ${e1!.created_at}`);
    expect(restored!.details).toEqual({
      Title: { old: "v2", new: "v1" },
      Count: { old: 3, new: 2 },
      Secret: { old: "hush-1", new: "hush-0" },
    });

    // Restoring the version before the restore takes it back.
    const undo = await restore(owner, e3!.id, id);
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(await read(id)).toMatchObject({ Title: "v2", Count: 3, Secret: "hush-1" });
    // The newest version is the record as it is: nothing to restore, said so, nothing written.
    const [newest] = await history(owner, id);
    const same = await restore(owner, newest!.id, id);
    expect(same.status).toBe(400);
    expect(same.body.msg).toMatch(/already has this version/);
    expect(await history(owner, id)).toHaveLength(6);
  });

  it("never shows or restores a field hidden from the role; a viewer may not restore", async () => {
    const id = await editedThrice();
    const list = await history(editor, id);
    expect(JSON.stringify(list)).not.toContain("Secret");
    expect(JSON.stringify(list)).not.toContain("hush-");
    // e2 changed Title and Secret: the editor sees its Title change only.
    expect(list[1]!.details).toEqual({ Title: { old: "v1", new: "v2" } });
    const e1 = list[2]!;

    const res = await restore(editor, e1.id, id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain("Secret");
    expect([...res.body.restored].sort()).toEqual(["Count", "Title"]);
    expect(await read(id)).toMatchObject({ Title: "v1", Count: 2, Secret: "hush-1" });

    const refused = await restore(viewer, e1.id, id);
    expect(refused.status).toBe(403);
    expect(await read(id)).toMatchObject({ Title: "v1", Count: 2 });
    // An entry of another record is not this record's version.
    const other = await editedThrice();
    expect((await restore(owner, e1.id, other)).status).toBe(404);
  });

  it("answers old stored-valued entries as API values, names linked records and skips computed or deleted fields", async () => {
    const made = await call(owner, "POST", rows(), { Title: "old", Count: 9, Done: true });
    const id = Number(made.body.Id);
    // Entries as they were written before issue 33: stored values, a link named by id only.
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const entries: Array<[string, string, string | null, string]> = [
      [
        "adt_0old1",
        "changed Done, Count",
        JSON.stringify({ Done: { old: 0, new: 1 }, Count: { old: "5", new: "7" } }),
        at(3),
      ],
      ["adt_0old2", "linked Orders 1", null, at(2)],
      [
        "adt_0old3",
        "changed Count, Double, Gone",
        JSON.stringify({ Count: { old: "7", new: "9" }, Double: { old: 14, new: 18 }, Gone: { old: "a", new: "b" } }),
        at(1),
      ],
    ];
    await runInDurableObject(roomStub(projectId), (room) => {
      for (const [adt, description, details, when] of entries)
        room.store.exec(
          `INSERT INTO _nc_audit (id, fk_model_id, row_id, op_type, op_sub_type, user, user_id, description, details, created_at, updated_at)
           VALUES (?, ?, ?, 'DATA', 'UPDATE', ?, ?, ?, ?, ?, ?)`,
          adt,
          tasks.id,
          String(id),
          owner.email,
          owner.id,
          description,
          details,
          when,
          when,
        );
    });
    const list = await history(owner, id);
    const byId = (adt: string) => list.find((e) => e.id === adt)!;
    expect(byId("adt_0old1").details).toEqual({ Done: { old: false, new: true }, Count: { old: 5, new: 7 } });
    expect(byId("adt_0old2")).toMatchObject({
      description: "linked Orders Pen",
      details: { Orders: { linked: { id: 1, title: "Pen" } } },
    });
    expect(byId("adt_0old3").details).toMatchObject({ Count: { old: 7, new: 9 }, Gone: { old: "a", new: "b" } });

    const res = await restore(owner, "adt_0old1", id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.restored).toEqual(["Count"]);
    expect([...res.body.skipped].sort()).toEqual(["Double", "Gone"]);
    expect(res.body.row).toMatchObject({ Count: 7, Double: 14, Done: true });
  });
});
