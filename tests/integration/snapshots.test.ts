import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { dumpLines, dumpProject, loadProject } from "../../db/project/dump";
import { describe, expect, it } from "vitest";
import { api, roomStub, seedProject, seedUser, workerFetch, type TestUser } from "./support";

const M = "/api/v1/db/meta";
const D = "/api/v1/db/data/noco";
const UP = "/api/v1/db/storage/upload";

const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

async function ok(user: TestUser, method: string, path: string, body?: unknown) {
  const res = await call(user, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

async function upload(user: TestUser, folder: string, name: string, bytes: string) {
  const form = new FormData();
  form.append("files", new File([bytes], name, { type: "text/plain" }));
  const res = await workerFetch(
    new Request(`http://localhost${UP}?path=${encodeURIComponent(folder)}`, {
      method: "POST",
      body: form,
      headers: { "xc-auth": user.token },
    }),
  );
  const body = (await res.json()) as Array<Record<string, unknown>>;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

/**
 * What a user sees of a project: tables, their fields and views, and every row with its links
 * and files, ids and signatures left out (a copy has new ones).
 */
async function state(user: TestUser, projectId: string) {
  const tables = (await ok(user, "GET", `${M}/projects/${projectId}/tables`)).list as Array<{
    id: string;
    title: string;
  }>;
  const out: Record<string, unknown> = {};
  for (const t of tables) {
    const meta = await ok(user, "GET", `${M}/tables/${t.id}`);
    const views = (await ok(user, "GET", `${M}/tables/${t.id}/views`)).list;
    const rows = (await ok(user, "GET", `${D}/${projectId}/${t.id}?limit=100`)).list;
    out[t.title] = {
      fields: meta.columns.map((c: { title: string; uidt: string }) => `${c.title}:${c.uidt}`),
      views: views.map((v: { title: string; type: number }) => `${v.title}:${v.type}`),
      rows,
    };
  }
  return JSON.parse(
    JSON.stringify(out, (k, v) => (k === "signedPath" || k === "signedUrl" ? undefined : v)).replace(
      /(md|cl|vw|fi|so|hk|p)_[0-9a-z]{14}/g,
      "ID",
    ),
  );
}

async function eventually<T>(get: () => Promise<T>, ready: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  let v = await get();
  while (!ready(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    v = await get();
  }
  return v;
}

async function setup() {
  const owner = await seedUser("org-level-creator");
  const creator = await seedUser("org-level-viewer");
  const editor = await seedUser("org-level-viewer");
  const projectId = await seedProject([
    [owner, "owner"],
    [creator, "creator"],
    [editor, "editor"],
  ]);
  const make = async (table_name: string, columns: unknown[]) =>
    ok(owner, "POST", `${M}/projects/${projectId}/tables`, { table_name, columns });
  const customers = await make("Customers", [{ title: "Name", uidt: "SingleLineText" }]);
  const orders = await make("Orders", [
    { title: "Item", uidt: "SingleLineText" },
    { title: "Amount", uidt: "Decimal" },
    { title: "Files", uidt: "Attachment" },
  ]);
  await ok(owner, "POST", `${M}/tables/${customers.id}/columns`, {
    uidt: "LinkToAnotherRecord",
    title: "Orders",
    parentId: customers.id,
    childId: orders.id,
    type: "hm",
  });
  await ok(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Customers`, [{ Name: "Ada" }, { Name: "Bob" }]);
  const files = orders.columns.find((c: { title: string }) => c.title === "Files");
  const [file] = await upload(owner, `noco/${projectId}/${orders.id}/${files.id}`, "note.txt", "hello snapshot");
  await ok(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Orders`, [
    { Item: "Pen", Amount: 2.5, Files: [file] },
    { Item: "Ink", Amount: 0.1 + 0.2 },
  ]);
  await ok(owner, "POST", `${D}/${projectId}/Customers/1/hm/Orders/1`);
  await ok(owner, "POST", `${D}/${projectId}/Customers/1/hm/Orders/2`);
  return { owner, creator, editor, projectId, customers, orders };
}

describe("project snapshots", () => {
  it("restores the state at the snapshot as a new project and in place, with a safety snapshot", async () => {
    const { owner, creator, editor, projectId, customers, orders } = await setup();
    const S = `${M}/projects/${projectId}/snapshots`;
    const before = await state(owner, projectId);

    // Editors take and restore nothing; creators take, but do not restore in place.
    expect((await call(editor, "POST", S, { title: "Nope" })).status).toBe(403);
    expect((await call(editor, "GET", S)).status).toBe(403);
    expect((await call(owner, "POST", S, { title: " " })).status).toBe(400);
    const taken = await ok(creator, "POST", S, { title: "Before the clean-up" });
    expect(taken).toMatchObject({ id: expect.stringMatching(/^sn_/), title: "Before the clean-up" });
    expect(Date.parse(taken.created_at)).toBeGreaterThan(0);
    const key = `snapshots/${projectId}/${taken.id}.ndjson.gz`;
    expect(await env.ATTACHMENTS.head(key)).not.toBeNull();

    // Changes: a row edited, a table deleted (an automatic snapshot first), a field added.
    await ok(owner, "PATCH", `${D}/${projectId}/Orders/1`, { Item: "Pencil" });
    await ok(owner, "DELETE", `${M}/tables/${customers.id}`);
    await ok(owner, "POST", `${M}/tables/${orders.id}/columns`, { title: "Note", uidt: "LongText" });
    const changed = await state(owner, projectId);
    expect(changed).not.toEqual(before);
    const list = await eventually(
      async () => (await ok(owner, "GET", S)).list as Array<{ kind: string; title: string; rows: number }>,
      (l) => l.length === 2,
    );
    expect(list).toMatchObject([
      { kind: "auto", title: 'Before deleting table "Customers"', reason: "deleteTable", subject: "Customers" },
      { id: taken.id, kind: "manual", title: "Before the clean-up", size: expect.any(Number) },
    ]);

    // Bad ids and bodies.
    expect((await call(owner, "POST", `${S}/sn_nothere/restore`, { as_new_project: true })).status).toBe(404);
    expect((await call(owner, "POST", `${S}/${taken.id}/restore`, { as_new_project: "yes" })).status).toBe(400);
    expect((await call(owner, "DELETE", `${S}/sn_nothere`)).status).toBe(404);
    expect((await call(editor, "POST", `${S}/${taken.id}/restore`, { as_new_project: true })).status).toBe(403);

    // As a new project (a creator may): the state at the snapshot, under new ids.
    const made = await ok(creator, "POST", `${S}/${taken.id}/restore`, { as_new_project: true });
    expect(made.project_id).toMatch(/^p_/);
    expect(made.project_id).not.toBe(projectId);
    expect(await state(creator, made.project_id)).toEqual(before);
    const project = await ok(creator, "GET", `${M}/projects/${made.project_id}`);
    expect(project.title).toMatch(/\(Before the clean-up\)$/);
    // Its ids are indexed (a route naming only a table id finds it) and none is the source's.
    const copied = (await ok(creator, "GET", `${M}/projects/${made.project_id}/tables`)).list;
    expect(copied.map((t: { id: string }) => t.id)).not.toContain(orders.id);
    expect((await ok(creator, "GET", `${M}/tables/${copied[1].id}`)).title).toBe("Orders");
    // The file comes from the new project's own path, byte for byte.
    const row = await ok(creator, "GET", `${D}/${made.project_id}/Orders/1`);
    expect(row.Files[0].path).toContain(`download/noco/${made.project_id}/${copied[1].id}/`);
    const served = await workerFetch(new Request(`http://localhost/${row.Files[0].signedPath}`));
    expect(await served.text()).toBe("hello snapshot");

    // In place: owners only; a safety snapshot of the changed state is taken first.
    expect((await call(creator, "POST", `${S}/${taken.id}/restore`, { as_new_project: false })).status).toBe(403);
    const inPlace = await ok(owner, "POST", `${S}/${taken.id}/restore`, { as_new_project: false });
    expect(inPlace).toMatchObject({ project_id: projectId, safety_snapshot_id: expect.stringMatching(/^sn_/) });
    expect(await state(owner, projectId)).toEqual(before);
    expect((await ok(owner, "GET", `${M}/tables/${customers.id}`)).title).toBe("Customers");
    const kinds = (await ok(owner, "GET", S)).list.map((s: { kind: string }) => s.kind);
    expect(kinds).toEqual(["safety", "auto", "manual"]);
    // Restoring the safety snapshot gives the changed state back.
    await ok(owner, "POST", `${S}/${inPlace.safety_snapshot_id}/restore`, { as_new_project: false });
    expect(await state(owner, projectId)).toEqual(changed);
    expect((await call(owner, "GET", `${M}/tables/${customers.id}`)).status).toBe(404);

    // Deleting a snapshot removes its dump.
    await ok(owner, "DELETE", `${S}/${taken.id}`);
    expect(await env.ATTACHMENTS.head(key)).toBeNull();
    expect((await ok(owner, "GET", S)).list.map((s: { id: string }) => s.id)).not.toContain(taken.id);
  });

  it("keeps the last 14 automatic snapshots, their dumps deleted from the bucket", async () => {
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    const room = roomStub(projectId);
    const manual = await room.snapshots({ op: "take", title: "Mine", kind: "manual" });
    expect(manual.ok).toBe(true);
    for (let i = 0; i < 16; i++)
      expect((await room.snapshots({ op: "take", title: `auto ${i}`, kind: "auto" })).ok).toBe(true);
    const list = (await ok(owner, "GET", `${M}/projects/${projectId}/snapshots`)).list as Array<{ title: string }>;
    expect(list).toHaveLength(15);
    expect(list[0]!.title).toBe("auto 15");
    expect(list.map((s) => s.title)).not.toContain("auto 1");
    expect(list.map((s) => s.title)).toContain("Mine");
    const stored = await env.ATTACHMENTS.list({ prefix: `snapshots/${projectId}/` });
    expect(stored.objects).toHaveLength(15);
  });

  it("dumps and loads wide rows past SQLite's 2 MB string limit, in the room's own SQLite", async () => {
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    await runInDurableObject(roomStub(projectId), async (room) => {
      const store = room.store;
      store.exec("CREATE TABLE wide (id INTEGER PRIMARY KEY, v TEXT)");
      // 5 MB of 5 kB rows (one page of them is past the limit), and one row whose JSON doubles
      // its 1.5 MB of quotes (past the limit on its own).
      for (let i = 0; i < 1000; i++) store.exec("INSERT INTO wide (v) VALUES (?)", `${i}`.padEnd(5000, "x"));
      store.exec("INSERT INTO wide (v) VALUES (?)", '"'.repeat(1_500_000));
      const sum = () => store.exec("SELECT count(*) AS n, sum(length(v)) AS len, max(v) AS top FROM wide")[0];
      const before = sum();
      const dump = dumpProject(store);
      store.exec("DELETE FROM wide WHERE id > 10");
      loadProject(store, dumpLines(dump.chunks));
      expect(sum()).toEqual(before);
    });
  });
});
