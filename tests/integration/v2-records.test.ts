import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser, type TestUser } from "./support";
import { expectPeerShape, peer } from "./v2-fixtures";

const M = "/api/v1/db/meta";

const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

/** The peer's scenario (record-nocodb-v2.mjs): Authors (Title, Age, Nation) has many Books. */
async function setup() {
  const owner = await seedUser("org-level-creator");
  const viewer = await seedUser("org-level-viewer");
  const projectId = await seedProject([
    [owner, "owner"],
    [viewer, "viewer"],
  ]);
  const table = async (table_name: string, columns: unknown[]) => {
    const res = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
      table_name,
      title: table_name,
      columns,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: string; columns: Array<{ id: string; title: string }> };
  };
  const authors = await table("Authors", [
    { title: "Title", uidt: "SingleLineText" },
    { title: "Age", uidt: "Number" },
    { title: "Nation", uidt: "SingleLineText" },
  ]);
  const books = await table("Books", [{ title: "Title", uidt: "SingleLineText" }]);
  const withLink = await call(owner, "POST", `${M}/tables/${authors.id}/columns`, {
    uidt: "LinkToAnotherRecord",
    title: "Books",
    parentId: authors.id,
    childId: books.id,
    type: "hm",
  });
  expect(withLink.status, JSON.stringify(withLink.body)).toBe(200);
  const col = (title: string) =>
    (withLink.body.columns as Array<{ id: string; title: string }>).find((c) => c.title === title)!;
  return {
    owner,
    viewer,
    projectId,
    authors,
    books,
    col,
    T: `/api/v2/tables/${authors.id}`,
    B: `/api/v2/tables/${books.id}`,
  };
}

describe("v2 records (NocoDB 0.301.3 shapes)", () => {
  it("creates, lists, reads, counts, updates and deletes records as the peer answers", async () => {
    const { owner, T } = await setup();
    expectPeerShape("records-create-one", await call(owner, "POST", `${T}/records`, { Title: "Ann", Age: 31 }));
    const bulk = await call(owner, "POST", `${T}/records`, [
      { Title: "Bob", Age: 42 },
      { Title: "Cid", Age: 25 },
      { Title: "Dee", Age: 42 },
    ]);
    expectPeerShape("records-create-bulk", bulk);
    expect(bulk.body).toEqual([{ Id: 2 }, { Id: 3 }, { Id: 4 }]);

    const list = await call(owner, "GET", `${T}/records`);
    // The Links field is the number of linked records, as NocoDB's v2 gives it.
    expectPeerShape("records-list", list);
    expect(list.body.pageInfo).toEqual({ totalRows: 4, page: 1, pageSize: 25, isFirstPage: true, isLastPage: true });
    for (const key of ["Id", "Title", "Age", "Nation"]) expect(list.body.list[0]).toHaveProperty(key);

    const where = encodeURIComponent("(Age,gt,30)");
    const query = await call(owner, "GET", `${T}/records?where=${where}&sort=-Age&fields=Title,Age&limit=2&offset=1`);
    expectPeerShape("records-list-query", query);
    // The same records in the same order as the peer gave. (The peer calls this page, rows 2-3 of
    // 3, not the last one; ours says it is: offset + limit reaches the total.)
    const peerQuery = peer("records-list-query").body as { list: unknown[]; pageInfo: object };
    expect(query.body.list).toEqual(peerQuery.list);
    expect(query.body.pageInfo).toEqual({ ...peerQuery.pageInfo, isLastPage: true });

    const one = await call(owner, "GET", `${T}/records/1`);
    expectPeerShape("records-read", one);
    expect((await call(owner, "GET", `${T}/records/1?fields=Title`)).body).toEqual(peer("records-read-fields").body);
    const count = await call(owner, "GET", `${T}/records/count?where=${encodeURIComponent("(Age,eq,42)")}`);
    expectPeerShape("records-count", count);
    expect(count.body).toEqual({ count: 2 });

    expect((await call(owner, "PATCH", `${T}/records`, [{ Id: 1, Age: 32 }])).body).toEqual(
      peer("records-update").body,
    );
    const updated = await call(owner, "PATCH", `${T}/records`, [
      { Id: 2, Age: 43 },
      { Id: 3, Title: "Cyd" },
    ]);
    expect(updated.body).toEqual(peer("records-update-bulk").body);
    expect((await call(owner, "GET", `${T}/records/3`)).body).toMatchObject({ Title: "Cyd", Age: 25 });
    expect((await call(owner, "DELETE", `${T}/records`, [{ Id: 4 }])).body).toEqual(peer("records-delete").body);
    const again = await call(owner, "DELETE", `${T}/records`, [{ Id: 4 }]);
    expect(again.status).toBe(peer("records-delete-bulk").status);
    expect(again.body).toMatchObject({ message: expect.stringMatching(/not found/i), msg: expect.any(String) });
    expect((await call(owner, "GET", `${T}/records/count`)).body).toEqual({ count: 3 });
  });

  it("links, lists linked records and unlinks through a link field", async () => {
    const { owner, T, B, col } = await setup();
    await call(owner, "POST", `${T}/records`, [{ Title: "Ann" }]);
    await call(owner, "POST", `${B}/records`, [{ Title: "B1" }, { Title: "B2" }, { Title: "B3" }]);
    const L = `${T}/links/${col("Books").id}/records/1`;
    expectPeerShape("links-add", await call(owner, "POST", L, [{ Id: 1 }, { Id: 2 }]));
    expectPeerShape("links-add-one", await call(owner, "POST", L, { Id: 3 }));
    // Linking again is no error, as on the peer.
    expect((await call(owner, "POST", L, { Id: 3 })).status).toBe(201);
    const linked = await call(owner, "GET", L);
    expectPeerShape("links-list", linked);
    expect(linked.body.list.map((r: { Title: string }) => r.Title)).toEqual(["B1", "B2", "B3"]);
    expectPeerShape("links-remove", await call(owner, "DELETE", L, [{ Id: 2 }]));
    expect((await call(owner, "GET", L)).body.pageInfo.totalRows).toBe(2);
    const missing = await call(owner, "POST", L, [{ Id: 99 }]);
    expect(missing.status).toBe(404);
  });

  it("answers a Links field as the number of linked records (above 25 too), and belongs-to as the record", async () => {
    const { owner, projectId, T, B, authors, books, col } = await setup();
    // The peer's scenario: Ann, Bob, Cyd; Ann linked to B1, B2, B3, then B2 unlinked.
    await call(owner, "POST", `${T}/records`, [{ Title: "Ann" }, { Title: "Bob" }, { Title: "Cyd" }]);
    await call(owner, "POST", `${B}/records`, [{ Title: "B1" }, { Title: "B2" }, { Title: "B3" }]);
    const L = (id: number) => `${T}/links/${col("Books").id}/records/${id}`;
    await call(owner, "POST", L(1), [{ Id: 1 }, { Id: 2 }, { Id: 3 }]);
    await call(owner, "DELETE", L(1), [{ Id: 2 }]);
    const after = await call(owner, "GET", `${T}/records`);
    expectPeerShape("records-list-after-links", after);
    const peerAfter = peer("records-list-after-links").body as { list: Array<{ Books: number }> };
    const counts = (res: { body: { list: Array<{ Books: unknown }> } }) => res.body.list.map((r) => r.Books);
    expect(counts(after)).toEqual(peerAfter.list.map((r) => r.Books));
    expect(counts(after)).toEqual([2, 0, 0]);

    // 30 more books for Bob: the count is exact past the 25 records v1 reads per row.
    const more = await call(
      owner,
      "POST",
      `${B}/records`,
      Array.from({ length: 30 }, (_, i) => ({ Title: `M${i}` })),
    );
    await call(owner, "POST", L(2), more.body);
    expect(counts(await call(owner, "GET", `${T}/records`))).toEqual([2, 30, 0]);
    expect((await call(owner, "GET", `${T}/records/2`)).body.Books).toBe(30);
    expect((await call(owner, "GET", `${T}/records/3`)).body.Books).toBe(0);
    expect((await call(owner, "GET", `${T}/records/2?fields=Title,Books`)).body).toEqual({ Title: "Bob", Books: 30 });
    // Filters and sorts compare the count (NocoDB's Links is a number type); v1 still compares names.
    const many = await call(owner, "GET", `${T}/records?where=${encodeURIComponent("(Books,gt,1)")}&sort=-Books`);
    expect(many.body.list.map((r: { Title: string }) => r.Title)).toEqual(["Bob", "Ann"]);
    expect(many.body.pageInfo.totalRows).toBe(2);
    expect((await call(owner, "GET", `${T}/records/count?where=${encodeURIComponent("(Books,eq,0)")}`)).body).toEqual({
      count: 1,
    });
    const byName = await call(owner, "GET", `/api/v1/db/data/noco/${projectId}/${authors.id}?where=(Books,like,B1)`);
    expect(byName.body.list.map((r: { Title: string }) => r.Title)).toEqual(["Ann"]);
    const pages = await call(owner, "POST", `${T}/bulk/dataList`, [{ alias: "bob", where: "(Title,eq,Bob)" }]);
    expect(counts({ body: pages.body.bob })).toEqual([30]);
    // v1 answers are unchanged: up to 25 of Bob's 30 linked records as {Id, Title}.
    const V1 = `/api/v1/db/data/noco/${projectId}/${authors.id}`;
    const v1Row = await call(owner, "GET", `${V1}/2`);
    expect(v1Row.body.Books).toHaveLength(25);
    expect(v1Row.body.Books[0]).toEqual({ Id: 4, Title: "M0" });
    const v1List = await call(owner, "GET", V1);
    expect(v1List.body.list[0].Books).toEqual([
      { Id: 1, Title: "B1" },
      { Id: 3, Title: "B3" },
    ]);
    expect(v1List.body.list[2].Books).toEqual([]);

    // Unlinking lowers it at once.
    await call(owner, "DELETE", L(2), (more.body as Array<{ Id: number }>).slice(0, 7));
    expect((await call(owner, "GET", `${T}/records/2`)).body.Books).toBe(23);
    // Aggregates measure and filter the same counts (2 + 23 + 0).
    const agg = (items: unknown[]) => encodeURIComponent(JSON.stringify(items));
    const sum = await call(owner, "GET", `${T}/aggregate?aggregation=${agg([{ field: "Books", type: "sum" }])}`);
    expect(sum.body).toEqual({ Books: 25 });
    const titles = agg([{ field: "Title", type: "count" }]);
    const few = await call(
      owner,
      "GET",
      `${T}/aggregate?aggregation=${titles}&where=${encodeURIComponent("(Books,gt,5)")}`,
    );
    expect(few.body).toEqual({ Title: 1 });
    const perAlias = await call(owner, "POST", `${T}/bulk/aggregate?aggregation=${titles}`, [
      { alias: "none", where: "(Books,eq,0)" },
    ]);
    expect(perAlias.body).toEqual({ none: { [col("Title").id]: 1 } });

    // The belongs-to side (Books' link back to Authors) stays the record, as NocoDB's
    // `LinkToAnotherRecord` does in v2.
    const meta = await call(owner, "GET", `${M}/tables/${books.id}`);
    const back = (meta.body.columns as Array<{ title: string; uidt: string; colOptions?: { type?: string } }>).find(
      (c) => c.uidt === "LinkToAnotherRecord" && c.colOptions?.type === "bt",
    )!;
    const b1 = await call(owner, "GET", `${B}/records/1`);
    expect(b1.body[back.title]).toEqual({ Id: 1, Title: "Ann" });
  });

  it("links or unlinks a list of records all or nothing: a missing one is named and nothing changes", async () => {
    const { owner, T, B, books, col } = await setup();
    await call(owner, "POST", `${T}/records`, [{ Title: "Ann" }, { Title: "Bob" }]);
    await call(owner, "POST", `${B}/records`, [{ Title: "B1" }, { Title: "B2" }, { Title: "B3" }]);
    const L = `${T}/links/${col("Books").id}/records/1`;
    const linkedTitles = async () =>
      ((await call(owner, "GET", L)).body.list as Array<{ Title: string }>).map((r) => r.Title);

    const refused = await call(owner, "POST", L, [{ Id: 1 }, { Id: 99 }, { Id: 2 }]);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: "ERR_RECORD_NOT_FOUND", message: expect.stringContaining("'99'") });
    expect(await linkedTitles()).toEqual([]);

    expect((await call(owner, "POST", L, [{ Id: 1 }, { Id: 2 }, { Id: 2 }])).status).toBe(201);
    expect(await linkedTitles()).toEqual(["B1", "B2"]);
    // Bob's link to B3 stays out of Ann's list; a bare id list works too.
    expect((await call(owner, "POST", `${T}/links/${col("Books").id}/records/2`, [3])).status).toBe(201);

    const notRemoved = await call(owner, "DELETE", L, [{ Id: 1 }, { Id: 98 }]);
    expect(notRemoved.status).toBe(404);
    expect(notRemoved.body.message).toContain("'98'");
    expect(await linkedTitles()).toEqual(["B1", "B2"]);
    // B3 is not Ann's: unlinking it is done already, B1 goes.
    expect((await call(owner, "DELETE", L, [{ Id: 1 }, { Id: 3 }])).status).toBe(200);
    expect(await linkedTitles()).toEqual(["B2"]);
    expect(
      ((await call(owner, "GET", `${T}/links/${col("Books").id}/records/2`)).body.list as Array<{ Title: string }>).map(
        (r) => r.Title,
      ),
    ).toEqual(["B3"]);

    // The record itself missing: a 404 that does not blame the related ones.
    const noRecord = await call(owner, "POST", `${T}/links/${col("Books").id}/records/77`, [{ Id: 1 }]);
    expect(noRecord.status).toBe(404);
    expect(noRecord.body.message).not.toContain("'1'");
    // A belongs-to link holds one record.
    const meta = await call(owner, "GET", `${M}/tables/${books.id}`);
    const back = (meta.body.columns as Array<{ id: string; uidt: string; colOptions?: { type?: string } }>).find(
      (c) => c.uidt === "LinkToAnotherRecord" && c.colOptions?.type === "bt",
    )!;
    const two = await call(owner, "POST", `${B}/links/${back.id}/records/1`, [{ Id: 1 }, { Id: 2 }]);
    expect(two.status).toBe(400);
    expect(two.body.message).toMatch(/links one record/);
    expect((await call(owner, "POST", `${B}/links/${back.id}/records/1`, [{ Id: 1 }])).status).toBe(201);
    expect(await linkedTitles()).toEqual(["B1", "B2"]);
  });

  it("reads through a view's filters and sorts with viewId", async () => {
    const { owner, T, authors, col } = await setup();
    await call(owner, "POST", `${T}/records`, [
      { Title: "Ann", Age: 32 },
      { Title: "Bob", Age: 43 },
      { Title: "Cyd", Age: 15 },
    ]);
    const views = await call(owner, "GET", `${M}/tables/${authors.id}/views`);
    const viewId = views.body.list[0].id as string;
    await call(owner, "POST", `${M}/views/${viewId}/filters`, {
      fk_column_id: col("Age").id,
      comparison_op: "gt",
      value: "20",
    });
    await call(owner, "POST", `${M}/views/${viewId}/sorts`, { fk_column_id: col("Age").id, direction: "desc" });
    const res = await call(owner, "GET", `${T}/records?viewId=${viewId}`);
    expectPeerShape("records-list-view", res);
    expect(res.body.list.map((r: { Title: string }) => r.Title)).toEqual(["Bob", "Ann"]);
  });

  it("aggregates fields over the matching records (through a view too) as the peer answers", async () => {
    const { owner, viewer, T, authors, col } = await setup();
    await call(owner, "POST", `${T}/records`, [
      { Title: "Ann", Age: 32 },
      { Title: "Bob", Age: 43 },
      { Title: "Cyd", Age: 25 },
    ]);
    const agg = (q: string) => encodeURIComponent(JSON.stringify(q === "" ? [] : JSON.parse(q)));
    const sum = agg(JSON.stringify([{ field: col("Age").id, type: "sum" }]));
    const res = await call(owner, "GET", `${T}/aggregate?aggregation=${sum}`);
    expectPeerShape("aggregate", res);
    expect(res.body).toEqual({ Age: 100 });
    const where = encodeURIComponent("(Age,gt,40)");
    expect((await call(owner, "GET", `${T}/aggregate?aggregation=${sum}&where=${where}`)).body).toEqual(
      peer("aggregate-where").body,
    );
    // By title, the other types, and axios's bracket form of the same query.
    const many = [
      { field: "Age", type: "avg" },
      { field: "Title", type: "count_unique" },
    ];
    expect(
      (await call(owner, "GET", `${T}/aggregate?aggregation=${encodeURIComponent(JSON.stringify(many))}`)).body,
    ).toEqual({ Age: 100 / 3, Title: 3 });
    expect(
      (await call(owner, "GET", `${T}/aggregate?aggregation[0][field]=Age&aggregation[0][type]=max`)).body,
    ).toEqual({ Age: 43 });
    // Through a view's filter, as a viewer (a read: allowed).
    const views = await call(owner, "GET", `/api/v1/db/meta/tables/${authors.id}/views`);
    const viewId = views.body.list[0].id as string;
    await call(owner, "POST", `/api/v1/db/meta/views/${viewId}/filters`, {
      fk_column_id: col("Age").id,
      comparison_op: "lt",
      value: "40",
    });
    expect((await call(viewer, "GET", `${T}/aggregate?viewId=${viewId}&aggregation=${sum}`)).body).toEqual({ Age: 57 });
    const bad = await call(
      owner,
      "GET",
      `${T}/aggregate?aggregation=${agg(JSON.stringify([{ field: "Title", type: "sum" }]))}`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/number/);
    expect((await call(owner, "GET", `${T}/aggregate`)).status).toBe(400);
    expect(
      (await call(owner, "GET", `${T}/aggregate?aggregation=${agg(JSON.stringify([{ field: "Nope", type: "sum" }]))}`))
        .status,
    ).toBe(400);
  });

  it("reads several pages and groups at once under their aliases (bulk/dataList, bulk/group)", async () => {
    const { owner, viewer, T, authors } = await setup();
    await call(owner, "POST", `${T}/records`, [
      { Title: "Ann", Age: 32 },
      { Title: "Bob", Age: 43 },
      { Title: "Cyd", Age: 25 },
    ]);
    const viewId = (await call(owner, "GET", `/api/v1/db/meta/tables/${authors.id}/views`)).body.list[0].id as string;
    const pages = await call(viewer, "POST", `${T}/bulk/dataList?viewId=${viewId}`, [
      { alias: "old", where: "(Age,gt,30)" },
      { alias: "all", limit: 2 },
    ]);
    expectPeerShape("bulk-datalist", pages);
    expect(pages.body.old.pageInfo.totalRows).toBe(2);
    expect(pages.body.all.pageInfo).toMatchObject({ totalRows: 3, pageSize: 2, isLastPage: false });
    const groups = await call(viewer, "POST", `${T}/bulk/group?viewId=${viewId}`, [
      { alias: "byAge", column_name: "Age" },
    ]);
    expectPeerShape("bulk-group", groups);
    expect(groups.body.byAge.list.map((g: { Age: number }) => g.Age).sort()).toEqual([25, 32, 43]);
    expect(groups.body.byAge.pageInfo.totalRows).toBe(3);
    expect((await call(owner, "POST", `${T}/bulk/group`, [{ alias: "x" }])).status).toBe(400);
    expect((await call(owner, "POST", `${T}/bulk/dataList`, { alias: "x" })).status).toBe(400);
  });

  // No peer recording for bulk/aggregate (the peer is not on this machine): the shape is NocoDB
  // 0.301.3's as its SDK (`dbDataTableBulkAggregate`: POST, `aggregation`/`where`/`viewId` in the
  // query, `[{alias, where, filterArrJson}]` in the body) and its BaseModelSqlv2.bulkAggregate give
  // it: each alias's values keyed by field id, 201 as its other bulk routes.
  it("aggregates several filters at once under their aliases (bulk/aggregate), each narrowing the query's", async () => {
    const { owner, viewer, T, authors, col } = await setup();
    await call(owner, "POST", `${T}/records`, [
      { Title: "Ann", Age: 32 },
      { Title: "Bob", Age: 43 },
      { Title: "Cyd", Age: 25 },
      { Age: 60 },
    ]);
    const age = col("Age").id;
    const title = col("Title").id;
    const aggregation = encodeURIComponent(
      JSON.stringify([
        { field: age, type: "sum" },
        { field: "Title", type: "count_filled" },
      ]),
    );
    const res = await call(owner, "POST", `${T}/bulk/aggregate?aggregation=${aggregation}`, [
      { alias: "old", where: "(Age,gt,30)" },
      { alias: "all" },
      { alias: "young", filterArrJson: [{ fk_column_id: age, comparison_op: "lt", value: "30" }] },
      { alias: "none", where: "(Age,gt,100)" },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      old: { [age]: 135, [title]: 2 },
      all: { [age]: 160, [title]: 3 },
      young: { [age]: 25, [title]: 1 },
      none: { [age]: null, [title]: 0 },
    });
    // The query's where ANDs with each item's, whose own ~or stays inside it.
    const narrowed = await call(
      owner,
      "POST",
      `${T}/bulk/aggregate?aggregation=${aggregation}&where=${encodeURIComponent("(Age,gt,30)")}`,
      [{ alias: "either", where: "(Age,eq,25)~or(Age,eq,43)" }],
    );
    expect(narrowed.body).toEqual({ either: { [age]: 43, [title]: 1 } });
    // Through a view's filter, as a viewer (a read: allowed).
    const viewId = (await call(owner, "GET", `/api/v1/db/meta/tables/${authors.id}/views`)).body.list[0].id as string;
    await call(owner, "POST", `/api/v1/db/meta/views/${viewId}/filters`, {
      fk_column_id: age,
      comparison_op: "lt",
      value: "50",
    });
    const viewed = await call(viewer, "POST", `${T}/bulk/aggregate?viewId=${viewId}&aggregation=${aggregation}`, [
      { alias: "all" },
      { alias: "old", where: "(Age,gt,30)" },
    ]);
    expect(viewed.status).toBe(201);
    expect(viewed.body).toEqual({ all: { [age]: 100, [title]: 3 }, old: { [age]: 75, [title]: 2 } });
    // Refusals: a 400 with the message, for the whole request.
    const noAggregation = await call(owner, "POST", `${T}/bulk/aggregate`, [{ alias: "x" }]);
    expect(noAggregation.status).toBe(400);
    expect(noAggregation.body.message).toMatch(/aggregation is required/);
    expect((await call(owner, "POST", `${T}/bulk/aggregate?aggregation=${aggregation}`, { alias: "x" })).status).toBe(
      400,
    );
    const badWhere = await call(owner, "POST", `${T}/bulk/aggregate?aggregation=${aggregation}`, [
      { alias: "ok" },
      { alias: "bad", where: "(Nope,eq,1)" },
    ]);
    expect(badWhere.status).toBe(400);
    expect(badWhere.body.message).toMatch(/Nope/);
    const notNumber = encodeURIComponent(JSON.stringify([{ field: "Title", type: "avg" }]));
    const refused = await call(owner, "POST", `${T}/bulk/aggregate?aggregation=${notNumber}`, [{ alias: "x" }]);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("aggregation: avg needs a number field; 'Title' is not one");
  });

  it("refuses bad input with the peer's statuses and a message", async () => {
    const { owner, T } = await setup();
    const unknown = await call(owner, "GET", "/api/v2/tables/md_nosuchtable000/records");
    expect(unknown.status).toBe(peer("error-unknown-table").status);
    expect(unknown.body).toMatchObject({ error: "ERR_TABLE_NOT_FOUND", message: expect.any(String) });
    const record = await call(owner, "GET", `${T}/records/9999`);
    expect(record.status).toBe(peer("error-unknown-record").status);
    expect(record.body).toMatchObject({ error: "ERR_RECORD_NOT_FOUND" });
    // The peer answers 422; we keep the contract's 400 for a filter naming no field (README).
    const where = await call(owner, "GET", `${T}/records?where=${encodeURIComponent("(Nope,eq,1)")}`);
    expect(where.status).toBe(400);
    expect(where.body.message).toMatch(/Nope/);
    const anonymous = await api("GET", `${T}/records`);
    expect(anonymous.status).toBe(peer("error-no-auth").status);
    expect(anonymous.body).toMatchObject({ error: "ERR_AUTHENTICATION_REQUIRED", message: expect.any(String) });
    expect((await call(owner, "POST", `${T}/records`, "not json")).status).toBe(400);
    expect((await call(owner, "PATCH", `${T}/records`, [{ Title: "no id" }])).status).toBe(400);
  });

  it("keeps v1's access: a viewer reads but cannot write, an API token acts as its owner, hidden fields stay hidden", async () => {
    const { owner, viewer, projectId, authors, T, col } = await setup();
    await call(owner, "POST", `${T}/records`, [{ Title: "Ann", Age: 31, Nation: "secret-nation" }]);
    expect((await call(viewer, "GET", `${T}/records`)).status).toBe(200);
    for (const [method, body] of [
      ["POST", { Title: "x" }],
      ["PATCH", [{ Id: 1, Title: "x" }]],
      ["DELETE", [{ Id: 1 }]],
    ] as const) {
      const res = await call(viewer, method, `${T}/records`, body);
      expect(res.status, method).toBe(403);
    }
    expect((await call(viewer, "POST", `${T}/links/${col("Books").id}/records/1`, [{ Id: 1 }])).status).toBe(403);

    const set = await call(owner, "PUT", `${M}/tables/${authors.id}/access`, {
      roles: { viewer: { fields: { [col("Nation").id]: "hidden" } } },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const seen = await call(viewer, "GET", `${T}/records`);
    expect(seen.body.list[0]).not.toHaveProperty("Nation");
    expect(JSON.stringify(seen.body)).not.toContain("secret-nation");
    expect(JSON.stringify((await call(viewer, "GET", `${T}/records/1`)).body)).not.toContain("secret-nation");
    expect((await call(viewer, "GET", `${T}/records?fields=Nation`)).status).toBe(400);
    const hiddenCount = encodeURIComponent(JSON.stringify([{ field: "Nation", type: "count_filled" }]));
    expect((await call(viewer, "GET", `${T}/aggregate?aggregation=${hiddenCount}`)).status).toBe(400);
    expect((await call(owner, "GET", `${T}/aggregate?aggregation=${hiddenCount}`)).body).toEqual({ Nation: 1 });

    // Not a member: refused, also once the table's project is remembered by the gate (middleware/acl.ts).
    const stranger = await seedUser("org-level-creator");
    expect([401, 403]).toContain((await call(stranger, "GET", `${T}/records`)).status);
    expect([401, 403]).toContain((await call(stranger, "POST", `${T}/records`, { Title: "x" })).status);
    const made = await call(owner, "POST", `${M}/projects/${projectId}/api-tokens`, { description: "v2" });
    const headers = { "xc-token": made.body.token as string };
    expect((await api("POST", `${T}/records`, { headers, body: { Title: "by token" } })).body).toEqual({ Id: 2 });
    expect((await api("GET", `${T}/records/count`, { headers })).body).toEqual({ count: 2 });
    // A deleted table is not found, though the gate remembered its project.
    expect((await call(owner, "DELETE", `/api/v2/meta/tables/${authors.id}`)).status).toBe(200);
    const gone = await call(owner, "GET", `${T}/records`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ error: "ERR_TABLE_NOT_FOUND" });
  });
});
