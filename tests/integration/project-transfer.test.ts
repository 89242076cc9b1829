import { env, runInDurableObject } from "cloudflare:test";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { PNG } from "../support/fake-files";
import { api, roomStub, seedProject, seedUser, workerFetch, type TestUser } from "./support";

const M = "/api/v1/db/meta";
const P = `${M}/projects`;

const call = async (user: TestUser, method: string, path: string, body?: unknown) => {
  const res = await api(method, path, { token: user.token, body });
  return res;
};
const ok = async (user: TestUser, method: string, path: string, body?: unknown) => {
  const res = await call(user, method, path, body);
  expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
};

/** The Worker's raw answer (a .zip) for a GET, or a zip body POSTed as is. */
const raw = (user: TestUser, method: string, path: string, body?: Uint8Array) =>
  workerFetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { "xc-auth": user.token, ...(body ? { "content-type": "application/zip" } : {}) },
      body,
    }),
  );

async function exportZip(user: TestUser, projectId: string) {
  const res = await raw(user, "GET", `${P}/${projectId}/export`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  return new Uint8Array(await res.arrayBuffer());
}

async function importZip(user: TestUser, zip: Uint8Array, title?: string) {
  const res = await raw(user, "POST", `${P}/import${title ? `?title=${encodeURIComponent(title)}` : ""}`, zip);
  return { status: res.status, body: (await res.json()) as any };
}

/** Two tables linked many-to-many, a file in a cell, a filtered and sorted view, a hook with a secret header. */
async function buildProject() {
  const owner = await seedUser("org-level-creator");
  const editor = await seedUser("org-level-viewer");
  const viewer = await seedUser("org-level-viewer");
  const projectId = await seedProject([
    [owner, "owner"],
    [editor, "editor"],
    [viewer, "viewer"],
  ]);
  const make = (table_name: string, columns: unknown[]) =>
    ok(owner, "POST", `${P}/${projectId}/tables`, { table_name, columns });
  const customers = await make("Customers", [{ title: "Name" }, { title: "Files", uidt: "Attachment" }]);
  const orders = await make("Orders", [{ title: "Item" }, { title: "Qty", uidt: "Number" }, { title: "Note" }]);
  await ok(owner, "POST", `${M}/tables/${orders.id}/columns`, {
    uidt: "LinkToAnotherRecord",
    title: "Fans",
    parentId: orders.id,
    childId: customers.id,
    type: "mm",
  });
  const data = (t: string) => `/api/v1/db/data/noco/${projectId}/${t}`;
  await ok(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Customers`, [{ Name: "Ada" }, { Name: "Bob" }]);
  await ok(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Orders`, [
    { Item: "Pen", Qty: 3, Note: "" },
    { Item: "Ink, blue", Qty: 1, Note: null },
    { Item: 'Say "hi"\nnow', Qty: 7, Note: " padded " },
  ]);
  await ok(owner, "POST", `${data("Orders")}/1/mm/Fans/1`);
  await ok(owner, "POST", `${data("Orders")}/1/mm/Fans/2`);
  await ok(owner, "POST", `${data("Orders")}/3/mm/Fans/2`);

  const filesCol = customers.columns.find((c: { title: string }) => c.title === "Files");
  const form = new FormData();
  form.append("files", new File([PNG], "logo.png", { type: "image/png" }));
  const up = await workerFetch(
    new Request(
      `http://localhost/api/v1/db/storage/upload?path=${encodeURIComponent(`noco/${projectId}/${customers.id}/${filesCol.id}`)}`,
      { method: "POST", body: form, headers: { "xc-auth": owner.token } },
    ),
  );
  expect(up.status, await up.clone().text()).toBe(200);
  const uploaded = (await up.json()) as Array<Record<string, unknown>>;
  await ok(owner, "PATCH", `${data("Customers")}/1`, { Files: uploaded });

  const qty = orders.columns.find((c: { title: string }) => c.title === "Qty").id;
  const item = orders.columns.find((c: { title: string }) => c.title === "Item").id;
  const view = await ok(owner, "POST", `${M}/tables/${orders.id}/grids`, { title: "Big", type: 3 });
  await ok(owner, "POST", `${M}/views/${view.id}/filters`, { fk_column_id: qty, comparison_op: "gt", value: "2" });
  await ok(owner, "POST", `${M}/views/${view.id}/sorts`, { fk_column_id: item, direction: "desc" });
  await ok(owner, "POST", `${M}/tables/${orders.id}/hooks`, {
    title: "Notify",
    operation: "insert",
    notification: {
      type: "URL",
      payload: { method: "POST", path: "http://127.0.0.1:9/in", headers: [{ name: "Authorization", value: "s3cret" }] },
    },
  });
  return { owner, editor, viewer, projectId };
}

/** What a person sees of a project: tables, fields, views with filters and sorts, rows with links. */
async function stateOf(user: TestUser, projectId: string) {
  const tables = (await ok(user, "GET", `${P}/${projectId}/tables?includeM2M=true`)).list;
  const out: Record<string, unknown> = {};
  for (const t of tables) {
    const full = await ok(user, "GET", `${M}/tables/${t.id}`);
    const titleOf = (id: string) => full.columns.find((c: { id: string }) => c.id === id)?.title;
    const views = [];
    for (const v of full.views) {
      const filters = (await ok(user, "GET", `${M}/views/${v.id}/filters`)).list;
      const sorts = (await ok(user, "GET", `${M}/views/${v.id}/sorts`)).list;
      views.push({
        title: v.title,
        type: v.type,
        filters: filters.map((f: any) => [titleOf(f.fk_column_id), f.comparison_op, f.value]),
        sorts: sorts.map((s: any) => [titleOf(s.fk_column_id), s.direction]),
      });
    }
    const rows = t.mm
      ? null
      : (await ok(user, "GET", `/api/v1/db/data/noco/${projectId}/${t.id}?limit=100`)).list.map(
          (r: Record<string, any>) =>
            Object.fromEntries(
              Object.entries(r)
                .filter(([k]) => !["CreatedAt", "UpdatedAt", "created_at", "updated_at"].includes(k))
                .map(([k, v]) => [
                  k,
                  Array.isArray(v) && v[0]?.path ? v.map((a: any) => ({ title: a.title, size: a.size })) : v,
                ]),
            ),
        );
    out[t.title] = {
      mm: t.mm,
      fields: full.columns.map((c: any) => [c.title, c.uidt, c.pk, c.pv]),
      views,
      rows,
    };
  }
  return out;
}

/** The bytes a record's first file is served as, through the project's own download route. */
async function fileBytes(user: TestUser, projectId: string) {
  const row = await ok(user, "GET", `/api/v1/db/data/noco/${projectId}/Customers/1`);
  const item = row.Files[0];
  expect(item.path).toContain(`download/noco/${projectId}/`);
  const res = await workerFetch(new Request(`http://localhost/${item.signedPath}`));
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

const projectsOf = async (user: TestUser) =>
  (
    await env.META.prepare("SELECT id FROM projects WHERE created_by = ?").bind(user.id).all<{ id: string }>()
  ).results.map((r) => r.id);

describe("project export and import (.zip)", () => {
  it("exports a readable zip and imports it as an equal new project, links both ways and files included", async () => {
    const { owner, projectId } = await buildProject();
    const zip = await exportZip(owner, projectId);
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(["project.json", "attachments.json", "tables/Customers.csv", "tables/Orders.csv"]),
    );
    const json = JSON.parse(strFromU8(files["project.json"]!));
    expect(json).toMatchObject({ format: "gridbase-project-zip", version: 1, project: { title: expect.any(String) } });
    expect(json.schema.tables.map((t: { title: string }) => t.title)).toEqual(
      expect.arrayContaining(["Customers", "Orders"]),
    );
    // The junction table of the link travels as a CSV too.
    expect(json.tables.filter((t: { file?: string }) => t.file?.startsWith("tables/"))).toHaveLength(3);
    expect(JSON.stringify(json)).not.toContain("s3cret");
    expect(strFromU8(files["meta/_nc_hooks.csv"]!)).not.toContain("s3cret");
    const orders = strFromU8(files["tables/Orders.csv"]!).split("\r\n");
    expect(orders[0]).toContain("Item,Qty,Note");
    expect(orders.join("\n")).toContain('"Ink, blue",1,');
    const manifest = JSON.parse(strFromU8(files["attachments.json"]!));
    expect(manifest).toEqual([
      expect.objectContaining({ name: "logo.png", size: PNG.length, table: "Customers", field: "Files", record: 1 }),
    ]);

    const before = await stateOf(owner, projectId);
    const imported = await importZip(owner, zip, "Moved here");
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({
      title: "Moved here",
      roles: "owner",
      import: { attachments: { copied: 1, missing: [] } },
    });
    const copyId = imported.body.id as string;
    expect(copyId).not.toBe(projectId);
    expect(await stateOf(owner, copyId)).toEqual(before);
    expect((await ok(owner, "GET", `/api/v1/db/data/noco/${copyId}/Orders/1`)).Fans).toEqual([
      { Id: 1, Name: "Ada" },
      { Id: 2, Name: "Bob" },
    ]);
    expect((await ok(owner, "GET", `/api/v1/db/data/noco/${copyId}/Customers/2`))["Orders List"]).toHaveLength(2);
    expect(await fileBytes(owner, copyId)).toEqual(PNG);
    // The copy's ids are its own: routes naming them find the copy.
    const copyTables = (await ok(owner, "GET", `${P}/${copyId}/tables`)).list;
    const srcTables = (await ok(owner, "GET", `${P}/${projectId}/tables`)).list;
    expect(copyTables.map((t: { id: string }) => t.id)).not.toContain(srcTables[0].id);
    const hooks = (await ok(owner, "GET", `${M}/tables/${copyTables[1].id}/hooks`)).list;
    expect(JSON.parse(hooks[0].notification).payload.headers).toEqual([{ name: "Authorization", value: "" }]);
    expect(hooks[0].active).toBe(false);

    // From another instance: the files it names are not here, and are listed as missing.
    const foreign = { ...json, dump: { ...json.dump, project_id: "p_aaaaaaaaaaaaaa" } };
    const moved = zipSync({
      ...files,
      "project.json": strToU8(JSON.stringify(foreign)),
      "attachments.json": strToU8(
        JSON.stringify(manifest.map((a: any) => ({ ...a, path: a.path.replace(projectId, "p_aaaaaaaaaaaaaa") }))),
      ),
    });
    const elsewhere = await importZip(owner, moved);
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
    expect(elsewhere.body.import.attachments).toMatchObject({
      copied: 0,
      missing: [{ path: expect.stringContaining("p_aaaaaaaaaaaaaa"), name: "logo.png" }],
    });
  });

  it("refuses bad files with a 400 naming the problem and leaves no project behind", async () => {
    const { owner, projectId } = await buildProject();
    const files = unzipSync(await exportZip(owner, projectId));
    const before = await projectsOf(owner);
    const json = JSON.parse(strFromU8(files["project.json"]!));
    const orders = strFromU8(files["tables/Orders.csv"]!).split("\r\n");
    const cases: Array<[Uint8Array, string]> = [
      [strToU8("not a zip at all"), "The file is not a .zip archive"],
      [zipSync({ "tables/x.csv": strToU8("a\r\n") }), "project.json is missing"],
      [zipSync({ ...files, "project.json": strToU8("{") }), "project.json is not valid JSON"],
      [
        zipSync({ ...files, "project.json": strToU8(JSON.stringify({ ...json, format: "other" })) }),
        "project.json: format: is not a Gridbase project export",
      ],
      [
        zipSync({ ...files, "tables/Orders.csv": strToU8(["Item,Qty", ...orders.slice(1)].join("\r\n")) }),
        "column count does not match",
      ],
      [
        zipSync({ ...files, "tables/Orders.csv": strToU8([orders[0], "Pen,3", ""].join("\r\n")) }),
        "line 2 of tables/Orders.csv has 2 cells",
      ],
      [
        zipSync(Object.fromEntries(Object.entries(files).filter(([name]) => name !== "tables/Customers.csv"))),
        "tables/Customers.csv is missing",
      ],
    ];
    for (const [zip, msg] of cases) {
      const res = await importZip(owner, zip);
      expect(res.status, msg).toBe(400);
      expect(res.body.msg).toContain(msg);
    }
    expect(await projectsOf(owner)).toEqual(before);
  });

  it("is for owners and creators: an editor cannot export, a viewer cannot duplicate; a duplicate opens with its rows", async () => {
    const { owner, editor, viewer, projectId } = await buildProject();
    expect((await call(editor, "GET", `${P}/${projectId}/export`)).status).toBe(403);
    expect((await call(viewer, "POST", `${P}/${projectId}/duplicate`, {})).status).toBe(403);
    const copy = await ok(owner, "POST", `${P}/${projectId}/duplicate`, { title: "Twin" });
    expect(copy).toMatchObject({ title: "Twin", roles: "owner" });
    expect((await ok(owner, "GET", `/api/v1/db/data/noco/${copy.id}/Orders`)).list.map((r: any) => r.Item)).toEqual([
      "Pen",
      "Ink, blue",
      'Say "hi"\nnow',
    ]);
    // The viewer of the source is no member of the copy.
    expect((await call(viewer, "GET", `${P}/${copy.id}`)).status).toBe(403);
  });
});

describe("project trash", () => {
  it("lists a deleted project to its owner, restores it, and purges one for good (room, files, index)", async () => {
    const { owner, viewer, projectId } = await buildProject();
    const listed = async (user: TestUser) => (await ok(user, "GET", P)).list.map((p: { id: string }) => p.id);
    const trash = async (user: TestUser) => (await ok(user, "GET", `${P}/trash`)).list;
    expect(await ok(owner, "DELETE", `${P}/${projectId}`)).toBe(true);
    expect(await listed(owner)).not.toContain(projectId);
    expect(await trash(owner)).toEqual([
      expect.objectContaining({ id: projectId, deleted_at: expect.any(String), purge_at: expect.any(String) }),
    ]);
    expect(await trash(viewer)).toEqual([]);
    expect((await call(viewer, "POST", `${P}/${projectId}/restore`)).status).toBe(404);
    expect((await call(viewer, "DELETE", `${P}/${projectId}/purge`)).status).toBe(404);
    // A live project is not in the trash: purge refuses it.
    const other = await seedProject([[owner, "owner"]]);
    expect((await call(owner, "DELETE", `${P}/${other}/purge`)).status).toBe(404);

    expect(await ok(owner, "POST", `${P}/${projectId}/restore`)).toMatchObject({ id: projectId });
    expect(await listed(owner)).toContain(projectId);
    expect(await listed(viewer)).toContain(projectId);
    expect((await ok(owner, "GET", `/api/v1/db/data/noco/${projectId}/Orders`)).list).toHaveLength(3);
    expect(await trash(owner)).toEqual([]);

    const uploads = `nc/uploads/noco/${projectId}/`;
    expect((await env.ATTACHMENTS.list({ prefix: uploads })).objects.length).toBeGreaterThan(0);
    await ok(owner, "DELETE", `${P}/${projectId}`);
    expect(await ok(owner, "DELETE", `${P}/${projectId}/purge`)).toBe(true);
    expect(await trash(owner)).toEqual([]);
    expect(await env.META.prepare("SELECT id FROM projects WHERE id = ?").bind(projectId).first()).toBeNull();
    expect(
      await env.META.prepare("SELECT count(*) AS n FROM meta_index WHERE project_id = ?").bind(projectId).first("n"),
    ).toBe(0);
    expect((await env.ATTACHMENTS.list({ prefix: uploads })).objects).toEqual([]);
    const left = await runInDurableObject(roomStub(projectId), (_, state) =>
      state.storage.sql
        .exec(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'sqlite_%'",
        )
        .toArray(),
    );
    expect(left).toEqual([]);

    // Past the retention (30 days by default) a project is purged when the trash is next read.
    const old = await seedProject([[owner, "owner"]]);
    await env.META.prepare("UPDATE projects SET deleted = 1, deleted_at = ? WHERE id = ?")
      .bind(new Date(Date.now() - 31 * 86_400_000).toISOString(), old)
      .run();
    expect(await trash(owner)).toEqual([]);
    expect(await env.META.prepare("SELECT id FROM projects WHERE id = ?").bind(old).first()).toBeNull();
  });
});
