import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser, type TestUser } from "./support";
import { shapeProblems } from "../support/nocodb-v2-shape";
import { expectPeerShape, peer } from "./v2-fixtures";

const V2 = "/api/v2/meta";

const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

/** The keys of NocoDB's meta objects that clients read (its answers hold many more: workspaces...). */
const BASE_KEYS = ["id", "title", "description", "color", "meta", "status", "created_at", "updated_at"];
const TABLE_KEYS = ["id", "base_id", "title", "table_name", "type", "enabled", "mm", "order", "columns", "views"];
const COLUMN_KEYS = [
  "id",
  "fk_model_id",
  "title",
  "column_name",
  "uidt",
  "dt",
  "pk",
  "pv",
  "rqd",
  "unique",
  "ai",
  "system",
  "order",
];
const VIEW_KEYS = ["id", "fk_model_id", "title", "type", "is_default", "lock_type", "order"];
/** A table as the peer answers it, compared on what clients read. */
const TABLE = { only: TABLE_KEYS, within: { columns: COLUMN_KEYS, views: VIEW_KEYS } };

describe("v2 meta (NocoDB 0.301.3 shapes)", () => {
  it("drives bases, tables, columns (Links among them), views, filters and sorts as nocodb-sdk 0.301 calls them", async () => {
    const owner = await seedUser("org-level-creator");
    const created = await call(owner, "POST", `${V2}/bases`, { title: "v2 fixtures" });
    expectPeerShape("base-create", created, { only: BASE_KEYS, ignore: ["iconColor"] });
    const baseId = created.body.id as string;
    const bases = await call(owner, "GET", `${V2}/bases`);
    expectPeerShape("base-list", bases, { only: ["pageInfo"] });
    const peerBase = (peer("base-list").body as { list: unknown[] }).list[0];
    expect(shapeProblems(peerBase, bases.body.list[0], { only: BASE_KEYS })).toEqual([]);
    expect(bases.body.list.map((b: { id: string }) => b.id)).toContain(baseId);
    expectPeerShape("base-read", await call(owner, "GET", `${V2}/bases/${baseId}`), {
      only: BASE_KEYS,
      ignore: ["iconColor"],
    });
    const renamed = await call(owner, "PATCH", `${V2}/bases/${baseId}`, { title: "v2 fixtures renamed" });
    expectPeerShape("base-update", renamed);
    expect((await call(owner, "GET", `${V2}/bases/${baseId}`)).body.title).toBe("v2 fixtures renamed");

    const authors = await call(owner, "POST", `${V2}/bases/${baseId}/tables`, {
      title: "Authors",
      table_name: "authors",
      columns: [
        { column_name: "title", title: "Title", uidt: "SingleLineText" },
        { column_name: "age", title: "Age", uidt: "Number" },
      ],
    });
    expectPeerShape("table-create", authors, TABLE);
    const books = await call(owner, "POST", `${V2}/bases/${baseId}/tables`, {
      title: "Books",
      table_name: "books",
      columns: [{ column_name: "title", title: "Title", uidt: "SingleLineText" }],
    });
    const tables = await call(owner, "GET", `${V2}/bases/${baseId}/tables`);
    expectPeerShape("table-list", tables, { only: ["list"], within: { list: TABLE_KEYS } });
    expect(tables.body.list.map((t: { title: string }) => t.title).sort()).toEqual(["Authors", "Books"]);
    const read = await call(owner, "GET", `${V2}/tables/${authors.body.id}`);
    expectPeerShape("table-read", read, TABLE);
    expectPeerShape(
      "table-update",
      await call(owner, "PATCH", `${V2}/tables/${authors.body.id}`, { title: "Writers", table_name: "writers" }),
    );
    expect((await call(owner, "GET", `${V2}/tables/${authors.body.id}`)).body.title).toBe("Writers");

    const country = await call(owner, "POST", `${V2}/tables/${authors.body.id}/columns`, {
      title: "Country",
      column_name: "country",
      uidt: "SingleLineText",
    });
    expectPeerShape("column-create", country, TABLE);
    // NocoDB v2's `Links` type: a has-many link, the other side made too.
    const links = await call(owner, "POST", `${V2}/tables/${authors.body.id}/columns`, {
      title: "Books",
      uidt: "Links",
      parentId: authors.body.id,
      childId: books.body.id,
      type: "hm",
    });
    expectPeerShape("column-create-links", links, { only: ["id", "title", "columns"], within: TABLE.within });
    const linkCol = links.body.columns.find((c: { title: string }) => c.title === "Books");
    expect(linkCol).toMatchObject({ colOptions: { type: "hm", fk_related_model_id: books.body.id } });
    const peerLink = (
      peer("column-create-links").body as { columns: Array<{ title: string; colOptions: object }> }
    ).columns.find((c) => c.title === "Books")!;
    expect(Object.keys(linkCol.colOptions)).toEqual(
      expect.arrayContaining(["type", "fk_related_model_id", "fk_child_column_id", "fk_parent_column_id"]),
    );
    expect(Object.keys(peerLink.colOptions)).toEqual(
      expect.arrayContaining(["type", "fk_related_model_id", "fk_child_column_id", "fk_parent_column_id"]),
    );
    const booksMeta = (await call(owner, "GET", `${V2}/tables/${books.body.id}`)).body;
    expect(
      booksMeta.columns.find((c: { uidt: string; colOptions?: { type: string } }) => c.colOptions?.type === "bt"),
    ).toBeTruthy();
    const countryCol = country.body.columns.find((c: { title: string }) => c.title === "Country");
    const updated = await call(owner, "PATCH", `${V2}/columns/${countryCol.id}`, {
      title: "Nation",
      column_name: "country",
      uidt: "SingleLineText",
    });
    expectPeerShape("column-update", updated, { only: ["id", "title", "columns"], within: TABLE.within });
    expect(updated.body.columns.map((c: { title: string }) => c.title)).toContain("Nation");

    const views = await call(owner, "GET", `${V2}/tables/${authors.body.id}/views`);
    expectPeerShape("views-list", views, { only: ["list"], within: { list: VIEW_KEYS } });
    const viewId = views.body.list[0].id as string;
    const age = authors.body.columns.find((c: { title: string }) => c.title === "Age");
    const filter = await call(owner, "POST", `${V2}/views/${viewId}/filters`, {
      fk_column_id: age.id,
      comparison_op: "gt",
      value: "20",
    });
    const FILTER_KEYS = [
      "id",
      "fk_view_id",
      "fk_column_id",
      "fk_parent_id",
      "logical_op",
      "comparison_op",
      "value",
      "is_group",
      "order",
    ];
    expectPeerShape("filter-create", filter, { only: FILTER_KEYS });
    expectPeerShape("filter-list", await call(owner, "GET", `${V2}/views/${viewId}/filters`), {
      ignore: Object.keys(peer("filter-create").body as object).filter((k) => !FILTER_KEYS.includes(k)),
    });
    const SORT_KEYS = ["id", "fk_view_id", "fk_column_id", "direction", "order"];
    expectPeerShape(
      "sort-create",
      await call(owner, "POST", `${V2}/views/${viewId}/sorts`, { fk_column_id: age.id, direction: "desc" }),
      { only: SORT_KEYS },
    );
    expectPeerShape("sort-list", await call(owner, "GET", `${V2}/views/${viewId}/sorts`), {
      ignore: ["source_id", "base_id", "fk_workspace_id", "created_at", "updated_at", "fk_level_id"],
    });

    expectPeerShape("column-delete", await call(owner, "DELETE", `${V2}/columns/${countryCol.id}`), {
      only: ["id", "title", "columns"],
      within: TABLE.within,
    });
    expectPeerShape("table-delete", await call(owner, "DELETE", `${V2}/tables/${books.body.id}`));
    expectPeerShape("base-delete", await call(owner, "DELETE", `${V2}/bases/${baseId}`));
    expect((await call(owner, "GET", `${V2}/bases/${baseId}`)).status).toBe(404);
  });

  it("keeps v1's access on meta routes: a viewer lists but cannot create, unknown ids are 404", async () => {
    const owner = await seedUser("org-level-creator");
    const viewer = await seedUser("org-level-viewer");
    const projectId = await seedProject([
      [owner, "owner"],
      [viewer, "viewer"],
    ]);
    expect((await call(viewer, "GET", `${V2}/bases/${projectId}/tables`)).status).toBe(200);
    const refused = await call(viewer, "POST", `${V2}/bases/${projectId}/tables`, {
      title: "Nope",
      table_name: "nope",
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ msg: expect.any(String), message: expect.any(String) });
    const table = await call(owner, "POST", `${V2}/bases/${projectId}/tables`, { title: "T", table_name: "t" });
    expect(
      (await call(viewer, "POST", `${V2}/tables/${table.body.id}/columns`, { title: "X", uidt: "SingleLineText" }))
        .status,
    ).toBe(403);
    expect((await call(viewer, "DELETE", `${V2}/tables/${table.body.id}`)).status).toBe(403);
    const unknown = await call(owner, "GET", `${V2}/tables/md_nosuchtable000`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ error: "ERR_TABLE_NOT_FOUND" });
    const badType = await call(owner, "POST", `${V2}/tables/${table.body.id}/columns`, { title: "X", uidt: "Nope" });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toMatch(/Nope/);
  });
});
