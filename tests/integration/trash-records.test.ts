import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { putEntry } from "../../db/trash/entries";
import { api, roomStub, seedProject, seedUser, workerFetch, type TestUser } from "./support";

/**
 * The trash of records (issue 35; issue 33 item 1): a deleted record comes back with the same Id,
 * values, links both ways, comments, history and files; what cannot come back is said; purge and
 * expiry take it all for good; who may do what.
 */
const M = "/api/v1/db/meta";
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);

async function setup() {
  const owner = await seedUser("org-level-creator");
  const editor = await seedUser("org-level-viewer");
  const viewer = await seedUser("org-level-viewer");
  const projectId = await seedProject([
    [owner, "owner"],
    [editor, "editor"],
    [viewer, "viewer"],
  ]);
  const as = (u: TestUser) => async (method: string, path: string, body?: unknown) =>
    api(method, path, { token: u.token, body });
  const ok = async (method: string, path: string, body?: unknown) => {
    const res = await api(method, path, { token: owner.token, body });
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
    return res.body;
  };
  const table = (table_name: string, columns: unknown[]) =>
    ok("POST", `${M}/projects/${projectId}/tables`, { table_name, columns });
  const customers = await table("Customers", [{ title: "Name" }]);
  const orders = await table("Orders", [{ title: "Item" }, { title: "Files", uidt: "Attachment" }]);
  const tags = await table("Tags", [{ title: "Label" }]);
  await ok("POST", `${M}/tables/${customers.id}/columns`, {
    uidt: "LinkToAnotherRecord",
    title: "Orders",
    parentId: customers.id,
    childId: orders.id,
    type: "hm",
  });
  await ok("POST", `${M}/tables/${orders.id}/columns`, {
    uidt: "LinkToAnotherRecord",
    title: "Tags",
    parentId: orders.id,
    childId: tags.id,
    type: "mm",
  });
  const data = (t: string) => `/api/v1/db/data/noco/${projectId}/${t}`;
  const bulk = (t: string) => `/api/v1/db/data/bulk/noco/${projectId}/${t}`;
  await ok("POST", bulk("Customers"), [{ Name: "Acme" }, { Name: "Beta" }]);
  await ok("POST", bulk("Tags"), [{ Label: "Red" }, { Label: "Blue" }]);
  await ok("POST", bulk("Orders"), [{ Item: "Pen" }, { Item: "Ink" }, { Item: "Pad" }]);
  await ok("POST", `${data("Customers")}/1/hm/Orders/1`);
  await ok("POST", `${data("Customers")}/2/hm/Orders/2`);
  await ok("POST", `${data("Orders")}/1/mm/Tags/1`);
  await ok("POST", `${data("Orders")}/1/mm/Tags/2`);
  const trash = `${M}/projects/${projectId}/trash`;
  return { owner, editor, viewer, projectId, customers, orders, tags, data, bulk, ok, as, trash };
}

type Setup = Awaited<ReturnType<typeof setup>>;

async function uploadTo(s: Setup, tableId: string, columnId: string) {
  const form = new FormData();
  form.append("files[]", new File([PNG], "p.png", { type: "image/png" }));
  const res = await workerFetch(
    new Request(
      `http://localhost/api/v1/db/storage/upload?path=${encodeURIComponent(`noco/${s.projectId}/${tableId}/${columnId}`)}`,
      {
        method: "POST",
        body: form,
        headers: { "xc-auth": s.owner.token },
      },
    ),
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as Array<{ path: string }>)[0]!;
}

const bytesOf = async (path: string) =>
  new Uint8Array(await (await workerFetch(new Request(`http://localhost/${path}`))).arrayBuffer());
const keyOf = (path: string) => `nc/uploads/${path.slice("download/".length)}`;
/** A record as read, without the links' signatures (they carry their own expiry). */
const unsigned = (row: Record<string, unknown>) =>
  JSON.parse(JSON.stringify(row, (k, v) => (k.startsWith("signed") ? undefined : v)));
const trashRows = (projectId: string, sql: string, ...params: unknown[]) =>
  runInDurableObject(roomStub(projectId), (r) => r.store.exec(sql, ...(params as never[])));

async function eventually(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

describe("records in the trash", () => {
  it("a deleted record comes back whole: same Id, values, links both ways, comments, history, files byte for byte", async () => {
    const s = await setup();
    const filesCol = s.orders.columns.find((c: { title: string }) => c.title === "Files");
    const item = await uploadTo(s, s.orders.id, filesCol.id);
    await s.ok("PATCH", `${s.data("Orders")}/1`, { Item: "Pen 2", Files: [item] });
    await s.ok("POST", `${M}/audits/comments`, { fk_model_id: s.orders.id, row_id: "1", description: "keep this" });
    const before = unsigned(await s.ok("GET", `${s.data("Orders")}/1`));
    const history = await s.ok("GET", `${M}/audits/comments?fk_model_id=${s.orders.id}&row_id=1`);
    const tagOrders = await s.ok("GET", `${s.data("Tags")}/1/mm/Orders%20List`);
    expect(tagOrders.list.map((r: { Id: number }) => r.Id)).toEqual([1]);

    expect(await s.ok("DELETE", `${s.data("Orders")}/1`)).toBe(1);
    expect((await api("GET", `${s.data("Orders")}/1`, { token: s.owner.token })).status).toBe(404);
    // Both sides lost the link while it is deleted.
    expect((await s.ok("GET", `${s.data("Tags")}/1/mm/Orders%20List`)).list).toEqual([]);
    expect((await s.ok("GET", `${s.data("Customers")}/1/hm/Orders`)).list).toEqual([]);
    const listed = await s.ok("GET", s.trash);
    expect(listed.list).toHaveLength(1);
    expect(listed.list[0]).toMatchObject({
      type: "record",
      title: "Pen 2",
      table_id: s.orders.id,
      row_id: "1",
      deleted_by: s.owner.email,
    });
    expect(listed.pageInfo).toMatchObject({ totalRows: 1, page: 1, isFirstPage: true, isLastPage: true });

    const report = await s.ok("POST", `${s.trash}/${listed.list[0].id}/restore`);
    expect(report).toEqual({
      id: listed.list[0].id,
      type: "record",
      title: "Pen 2",
      table_id: s.orders.id,
      row_id: "1",
      dropped: [],
    });
    expect(unsigned(await s.ok("GET", `${s.data("Orders")}/1`))).toEqual(before);
    expect((await s.ok("GET", `${s.data("Tags")}/1/mm/Orders%20List`)).list.map((r: { Id: number }) => r.Id)).toEqual([
      1,
    ]);
    expect((await s.ok("GET", `${s.data("Customers")}/1/hm/Orders`)).list.map((r: { Id: number }) => r.Id)).toEqual([
      1,
    ]);
    const after = await s.ok("GET", `${M}/audits/comments?fk_model_id=${s.orders.id}&row_id=1`);
    expect(after.list.map((a: { description: string }) => a.description)).toEqual([
      "restored the record",
      "deleted the record",
      ...history.list.map((a: { description: string }) => a.description),
    ]);
    const read = await s.ok("GET", `${s.data("Orders")}/1`);
    expect(await bytesOf(read.Files[0].signedPath)).toEqual(PNG);
    expect((await s.ok("GET", s.trash)).list).toEqual([]);
  });

  it("says which links could not come back when the other record is gone or taken", async () => {
    const s = await setup();
    // Order 1 (tags Red, Blue; customer Acme) and then its tag Red go; the order comes back without Red.
    await s.ok("DELETE", `${s.data("Orders")}/1`);
    await s.ok("DELETE", `${s.data("Tags")}/1`);
    const orderEntry = (await s.ok("GET", `${s.trash}?table_id=${s.orders.id}`)).list[0];
    expect((await s.ok("POST", `${s.trash}/${orderEntry.id}/restore`)).dropped).toEqual([
      "Link to Tags \u201cRed\u201d was not restored: that record is gone",
    ]);
    expect((await s.ok("GET", `${s.data("Orders")}/1/mm/Tags`)).list.map((r: { Label: string }) => r.Label)).toEqual([
      "Blue",
    ]);
    // Its customer (bt) was still there: linked again.
    expect((await s.ok("GET", `${s.data("Customers")}/1/hm/Orders`)).list.map((r: { Id: number }) => r.Id)).toEqual([
      1,
    ]);
    // Customer Beta (has-many order 2) goes; order 2 moves to Acme; Beta comes back without it.
    await s.ok("DELETE", `${s.data("Customers")}/2`);
    await s.ok("POST", `${s.data("Customers")}/1/hm/Orders/2`);
    const beta = await s.ok("POST", `${s.trash}/restore`, { table_id: s.customers.id, row_ids: [2] });
    expect(beta).toEqual({
      restored: 1,
      dropped: ["Link to Orders \u201cInk\u201d was not restored: it is linked to another record now"],
    });
    // Red comes back, without order 1: that link went with the order's delete, before Red's.
    const red = await s.ok("POST", `${s.trash}/restore`, { table_id: s.tags.id, row_ids: ["1"] });
    expect(red).toEqual({ restored: 1, dropped: [] });
    expect((await s.ok("GET", `${s.data("Orders")}/1/mm/Tags`)).list.map((r: { Label: string }) => r.Label)).toEqual([
      "Blue",
    ]);
    // A belongs-to parent gone: order 3 of Beta, Beta deleted, order 3 restored without it.
    await s.ok("POST", `${s.data("Customers")}/2/hm/Orders/3`);
    await s.ok("DELETE", `${s.data("Orders")}/3`);
    await s.ok("DELETE", `${s.data("Customers")}/2`);
    const three = await s.ok("POST", `${s.trash}/restore`, { table_id: s.orders.id, row_ids: ["3"] });
    expect(three.dropped).toEqual(["Link to Customers \u201cBeta\u201d was not restored: that record is gone"]);
    expect((await s.ok("GET", `${s.data("Orders")}/3`)).Customers ?? null).toBeNull();
  });

  it("bulk and filtered deletes come back by their rows (the grid's Undo), with the same Ids", async () => {
    const s = await setup();
    await s.ok("POST", s.bulk("Tags"), [{ Label: "x" }, { Label: "x" }, { Label: "y" }, { Label: "x" }]);
    const all = await s.ok("GET", `${s.data("Tags")}?limit=100`);
    await s.ok("DELETE", s.bulk("Tags"), [{ Id: 1 }, { Id: 2 }]);
    expect(await s.ok("DELETE", `${s.bulk("Tags")}/all?where=(Label,eq,x)`)).toBe(3);
    expect((await s.ok("GET", `${s.data("Tags")}?limit=100`)).list.map((r: { Id: number }) => r.Id)).toEqual([5]);
    // Records from two requests in one undo; one id never deleted is said, not refused.
    const back = await s.ok("POST", `${s.trash}/restore`, { table_id: s.tags.id, row_ids: [1, 2, 3, 4, 6, 99] });
    expect(back).toEqual({ restored: 5, dropped: ["Record 99 is not in the trash (restored or purged already)"] });
    expect(await s.ok("GET", `${s.data("Tags")}?limit=100`)).toEqual(all);
    // Order 1's links to Red and Blue came back with them.
    expect((await s.ok("GET", `${s.data("Orders")}/1/mm/Tags`)).list).toHaveLength(2);
    // A key taken meanwhile (only possible where the key is not AUTOINCREMENT, e.g. an imported
    // table; made here in SQL): 409, and nothing restored.
    await s.ok("DELETE", `${s.data("Tags")}/5`);
    const table = (await trashRows(s.projectId, "SELECT table_name AS t FROM _nc_models WHERE id = ?", s.tags.id))[0]!
      .t;
    await trashRows(s.projectId, `INSERT INTO "${String(table)}" (id) VALUES (5)`);
    expect(
      await api("POST", `${s.trash}/restore`, { token: s.owner.token, body: { table_id: s.tags.id, row_ids: [5] } }),
    ).toMatchObject({
      status: 409,
      body: { msg: "\u201cy\u201d cannot be restored: another record of Tags has its Id 5 now" },
    });
    expect((await s.ok("GET", `${s.trash}?table_id=${s.tags.id}`)).list).toHaveLength(1);
    // Nothing left to restore: 404; a bad body: 400 naming the field.
    expect(
      await api("POST", `${s.trash}/restore`, { token: s.owner.token, body: { table_id: s.tags.id, row_ids: [1] } }),
    ).toMatchObject({ status: 404, body: { msg: "These records are not in the trash (restored or purged already)" } });
    expect(
      await api("POST", `${s.trash}/restore`, { token: s.owner.token, body: { table_id: s.tags.id } }),
    ).toMatchObject({
      status: 400,
      body: { msg: expect.stringContaining("row_ids") },
    });
  });

  it("purge takes the record's history, comments and files for good; expiry purges by retention", async () => {
    const s = await setup();
    const filesCol = s.orders.columns.find((c: { title: string }) => c.title === "Files");
    const item = await uploadTo(s, s.orders.id, filesCol.id);
    await s.ok("PATCH", `${s.data("Orders")}/1`, { Files: [item] });
    await s.ok("POST", `${M}/audits/comments`, { fk_model_id: s.orders.id, row_id: "1", description: "hi" });
    await s.ok("DELETE", `${s.data("Orders")}/1`);
    // Past the files' removal delay (2 s in tests): the trash still names the upload.
    await new Promise((r) => setTimeout(r, 3500));
    expect(await env.ATTACHMENTS.head(keyOf(item.path))).not.toBeNull();
    const entry = (await s.ok("GET", s.trash)).list[0];
    expect(await s.ok("DELETE", `${s.trash}/${entry.id}`)).toEqual({ msg: "The trash entry has been purged" });
    expect(
      await trashRows(s.projectId, "SELECT id FROM _nc_audit WHERE fk_model_id = ? AND row_id = '1'", s.orders.id),
    ).toEqual([]);
    expect(await eventually(async () => (await env.ATTACHMENTS.head(keyOf(item.path))) === null)).toBe(true);
    expect((await api("POST", `${s.trash}/${entry.id}/restore`, { token: s.owner.token })).status).toBe(404);

    // Expiry: an entry older than TRASH_RETENTION_DAYS (30 by default) is purged on the next trash request.
    await s.ok("DELETE", `${s.data("Orders")}/2`);
    await s.ok("DELETE", `${s.data("Orders")}/3`);
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await trashRows(s.projectId, "UPDATE _nc_trash SET deleted_at = ? WHERE row_id = '2'", old);
    const left = await s.ok("GET", s.trash);
    expect(left.list.map((e: { row_id: string }) => e.row_id)).toEqual(["3"]);
    expect(
      await trashRows(s.projectId, "SELECT id FROM _nc_audit WHERE fk_model_id = ? AND row_id = '2'", s.orders.id),
    ).toEqual([]);
    // The room's alarm purges too, with no request (it is set once records are in the trash).
    await s.ok("DELETE", `${s.data("Tags")}/2`);
    await trashRows(s.projectId, "UPDATE _nc_trash SET deleted_at = ? WHERE row_id = '3'", old);
    expect(await runDurableObjectAlarm(roomStub(s.projectId))).toBe(true);
    expect(await trashRows(s.projectId, "SELECT row_id FROM _nc_trash")).toEqual([{ row_id: "2" }]);
    // Empty: everything goes.
    expect(await s.ok("DELETE", s.trash)).toEqual({ purged: 1 });
    expect((await s.ok("GET", s.trash)).list).toEqual([]);
  });

  it("permissions: viewers neither list nor restore; editors restore records only; owners everything", async () => {
    const s = await setup();
    await s.ok("DELETE", `${s.data("Orders")}/2`);
    const fieldEntry = await runInDurableObject(roomStub(s.projectId), (r) =>
      putEntry(r.store, { kind: "field", title: "Notes", tableId: s.orders.id, payload: {} }, null),
    );
    const viewer = s.as(s.viewer);
    const editor = s.as(s.editor);
    expect((await viewer("GET", s.trash)).status).toBe(403);
    expect((await viewer("POST", `${s.trash}/restore`, { table_id: s.orders.id, row_ids: [2] })).status).toBe(403);
    expect((await viewer("POST", `${s.trash}/${fieldEntry}/restore`)).status).toBe(403);
    // The editor's list holds records only; a field entry is refused with a reason.
    const seen = await editor("GET", s.trash);
    expect(seen.body.list.map((e: { type: string }) => e.type)).toEqual(["record"]);
    expect((await editor("GET", `${s.trash}?type=field`)).body.list).toEqual([]);
    expect(await editor("POST", `${s.trash}/${fieldEntry}/restore`)).toMatchObject({
      status: 403,
      body: { msg: "Only owners and creators may restore or purge a deleted field" },
    });
    expect((await editor("DELETE", `${s.trash}/${fieldEntry}`)).status).toBe(403);
    expect((await s.ok("GET", s.trash)).list.map((e: { type: string }) => e.type)).toEqual(["field", "record"]);
    expect((await editor("POST", `${s.trash}/${seen.body.list[0].id}/restore`)).status).toBe(200);
    // Bad ids and types.
    expect(await api("POST", `${s.trash}/tr_nothing/restore`, { token: s.owner.token })).toMatchObject({
      status: 404,
      body: { msg: "Trash entry not found" },
    });
    expect((await api("DELETE", `${s.trash}/tr_nothing`, { token: s.owner.token })).status).toBe(404);
    expect(await api("GET", `${s.trash}?type=rows`, { token: s.owner.token })).toMatchObject({
      status: 400,
      body: { msg: expect.stringContaining("type") },
    });
    // Emptying as an editor leaves what only owners may purge.
    await s.ok("DELETE", `${s.data("Orders")}/3`);
    expect((await editor("DELETE", s.trash)).body).toEqual({ purged: 1 });
    expect((await s.ok("GET", s.trash)).list.map((e: { id: string }) => e.id)).toEqual([fieldEntry]);
  });
  it("a record of more than 60 fields comes back exactly: a field emptied before the delete stays empty, not its default", async () => {
    const s = await setup();
    const columns = Array.from({ length: 70 }, (_, i) => ({ title: `F${i}`, ...(i === 65 ? { cdf: "dflt" } : {}) }));
    const wide = await s.ok("POST", `${M}/projects/${s.projectId}/tables`, { table_name: "Wide", columns });
    const body = Object.fromEntries(columns.map((c, i) => [c.title, i === 65 ? null : `v${i}`]));
    const made = await s.ok("POST", s.data("Wide"), body);
    // A new record takes the default; emptied afterwards, it holds NULL.
    await s.ok("PATCH", `${s.data("Wide")}/${made.Id}`, { F65: null });
    const before = await s.ok("GET", `${s.data("Wide")}/${made.Id}`);
    expect(before.F65).toBeNull();
    await s.ok("DELETE", `${s.data("Wide")}/${made.Id}`);
    await s.ok("POST", `${s.trash}/restore`, { table_id: wide.id, row_ids: [made.Id] });
    expect(await s.ok("GET", `${s.data("Wide")}/${made.Id}`)).toEqual(before);
  });
  it("a record whose values together pass SQLite's 2 MB limit of one value is deleted and restored whole", async () => {
    const s = await setup();
    const big = await s.ok("POST", `${M}/projects/${s.projectId}/tables`, {
      table_name: "Big",
      columns: [{ title: "Title" }, { title: "Body", uidt: "LongText" }],
    });
    const made = await s.ok("POST", s.data("Big"), { Title: "t".repeat(850_000), Body: "b".repeat(850_000) });
    await s.ok("DELETE", `${s.data("Big")}/${made.Id}`);
    const [entry] = (await s.ok("GET", `${s.trash}?table_id=${big.id}`)).list;
    expect(entry.title).toBe("t".repeat(200));
    await s.ok("POST", `${s.trash}/${entry.id}/restore`);
    const back = await s.ok("GET", `${s.data("Big")}/${made.Id}`);
    expect([back.Title.length, back.Body.length, back.Body === "b".repeat(850_000)]).toEqual([850_000, 850_000, true]);
    // Purged, its kept values go with it.
    await s.ok("DELETE", `${s.data("Big")}/${made.Id}`);
    const [again] = (await s.ok("GET", `${s.trash}?table_id=${big.id}`)).list;
    await s.ok("DELETE", `${s.trash}/${again.id}`);
    const left = await runInDurableObject(roomStub(s.projectId), (r) =>
      r.store.exec("SELECT count(*) AS n FROM _nc_kept_cells"),
    );
    expect(left[0]!.n).toBe(0);
  });
  it("a table purged for good takes its deleted records' entries, history and files with it", async () => {
    const s = await setup();
    const filesCol = s.orders.columns.find((c: { title: string }) => c.title === "Files");
    const item = await uploadTo(s, s.orders.id, filesCol.id);
    await s.ok("PATCH", `${s.data("Orders")}/1`, { Files: [item] });
    await s.ok("DELETE", `${s.data("Orders")}/1`);
    await s.ok("DELETE", `${M}/tables/${s.orders.id}`);
    const [tableEntry] = (await s.ok("GET", `${s.trash}?type=table`)).list;
    await s.ok("DELETE", `${s.trash}/${tableEntry.id}`);
    expect((await s.ok("GET", s.trash)).list.filter((e: { table_id: string }) => e.table_id === s.orders.id)).toEqual(
      [],
    );
    expect(await trashRows(s.projectId, "SELECT id FROM _nc_audit WHERE fk_model_id = ?", s.orders.id)).toEqual([]);
    // The snapshot taken before the table's delete names the file too; once it goes, so does the file.
    const S = `${M}/projects/${s.projectId}/snapshots`;
    for (const snap of (await s.ok("GET", S)).list) await s.ok("DELETE", `${S}/${snap.id}`);
    expect(await eventually(async () => (await env.ATTACHMENTS.head(keyOf(item.path))) === null)).toBe(true);
  });
});
