import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser, type TestUser } from "./support";

/**
 * Issue 36, deep pages: walking a list by `pageInfo.cursor` gives exactly the rows of walking it
 * by offset (same order, no row skipped or repeated) for every sort the grid offers, over values
 * with ties and NULLs in text, number, decimal, date, checkbox, select, a formula, a person (sorted by
 * name), a links count, a rollup and a lookup; a cursor is
 * only good for the sort and filter it came from.
 */
const M = "/api/v1/db/meta";
const ROWS = 150;
const PAGE = 11;

async function ok(user: TestUser, method: string, path: string, body?: unknown) {
  const res = await api(method, path, { token: user.token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

async function setup() {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const options = ["Todo", "Doing", "Done"].map((title) => ({ title }));
  const table = await ok(owner, "POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Items",
    columns: [
      { title: "Title", uidt: "SingleLineText" },
      { title: "Amount", uidt: "Number" },
      { title: "Price", uidt: "Decimal" },
      { title: "Due", uidt: "Date" },
      { title: "Done", uidt: "Checkbox" },
      { title: "Status", uidt: "SingleSelect", colOptions: { options } },
    ],
  });
  const add = (body: unknown) => ok(owner, "POST", `${M}/tables/${table.id}/columns`, body);
  await add({ uidt: "Formula", title: "Twice", formula_raw: "{Amount} * 2" });
  await add({ uidt: "CreatedBy", title: "Maker" });
  // Computed from linked rows: the links' count, a rollup and a lookup (NULL or empty where none).
  const parts = await ok(owner, "POST", `${M}/projects/${projectId}/tables`, {
    table_name: "Parts",
    columns: [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Weight", uidt: "Number" },
    ],
  });
  const linked = await add({ uidt: "LinkToAnotherRecord", title: "Parts", childId: parts.id, type: "hm" });
  const col = (t: { columns: Array<{ title: string; id: string }> }, title: string) =>
    t.columns.find((c) => c.title === title)!.id;
  const link = col(linked, "Parts");
  await add({
    uidt: "Rollup",
    title: "Load",
    fk_relation_column_id: link,
    fk_rollup_column_id: col(parts, "Weight"),
    rollup_function: "sum",
  });
  await add({
    uidt: "Lookup",
    title: "PartNames",
    fk_relation_column_id: link,
    fk_lookup_column_id: col(parts, "Name"),
  });
  // Few distinct values, each also NULL now and then: long runs of ties a page often ends inside.
  const pick = <T>(list: T[], i: number, every: number) => (i % every === 0 ? null : list[i % list.length]!);
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    Title: pick(["b", "a", "B", "é", ""], i * 7, 6),
    Amount: pick([3, -1, 0, 12], i * 5, 5),
    Price: pick([1.5, 0.25, 1.5, 99], i * 3, 7),
    Due: pick(["2024-03-01", "2023-12-31", "2024-03-01"], i, 4),
    Done: i % 3 === 0,
    Status: pick(["Todo", "Doing", "Done"], i * 11, 5),
  }));
  await ok(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Items`, rows);
  const partRows = Array.from({ length: 24 }, (_, i) => ({ Name: ["x", "y", "z"][i % 3], Weight: i % 4 }));
  await ok(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Parts`, partRows);
  for (let i = 1; i <= 24; i++)
    await ok(owner, "POST", `/api/v1/db/data/noco/${projectId}/Items/${((i * 7) % 12) + 1}/hm/Parts/${i}`);
  const cols = Object.fromEntries(
    ((await ok(owner, "GET", `${M}/tables/${table.id}`)).columns as Array<{ title: string; id: string }>).map((c) => [
      c.title,
      c.id,
    ]),
  );
  return { owner, projectId, tableId: table.id as string, cols, T: `/api/v1/db/data/noco/${projectId}/Items` };
}

type Page = { list: Array<{ Id: number }>; pageInfo: { cursor: string | null; isLastPage: boolean } };

async function walkByOffset(owner: TestUser, url: string): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page: Page = await ok(owner, "GET", `${url}&limit=${PAGE}&offset=${offset}`);
    ids.push(...page.list.map((r) => r.Id));
    if (page.pageInfo.isLastPage) return ids;
  }
}

async function walkByCursor(owner: TestUser, url: string): Promise<number[]> {
  const ids: number[] = [];
  let page: Page = await ok(owner, "GET", `${url}&limit=${PAGE}`);
  for (;;) {
    ids.push(...page.list.map((r) => r.Id));
    if (!page.pageInfo.cursor) return ids;
    expect(page.list).toHaveLength(PAGE);
    page = await ok(owner, "GET", `${url}&limit=${PAGE}&offset=${ids.length}&cursor=${page.pageInfo.cursor}`);
  }
}

describe("keyset pages", () => {
  it("walk every sort the grid offers as offset pages do, with ties and NULLs", async () => {
    const { owner, T } = await setup();
    const fields = [
      "Title",
      "Amount",
      "Price",
      "Due",
      "Done",
      "Status",
      "Twice",
      "Maker",
      "Parts",
      "Load",
      "PartNames",
    ];
    const sorts = [
      "",
      "-Id",
      ...fields.flatMap((f) => [f, `-${f}`]),
      "Status,-Amount",
      "-Done,Title",
      "Due,-Twice",
      "-Price,-Title",
      "-Load,Status",
    ];
    for (const sort of sorts) {
      const url = `${T}?fields=Id&sort=${encodeURIComponent(sort)}`;
      const byOffset = await walkByOffset(owner, url);
      expect(byOffset, sort).toHaveLength(ROWS);
      expect(await walkByCursor(owner, url), sort).toEqual(byOffset);
      // The computed keys do order: only items 1 to 12 have parts, and they come first descending.
      if (sort === "-Load" || sort === "-Parts")
        expect(
          byOffset.slice(0, 3).every((id) => id <= 12),
          sort,
        ).toBe(true);
    }
  });

  it("follows a view's filter and sort, and refuses a cursor of another sort or filter, or a made-up one", async () => {
    const { owner, projectId, tableId, cols, T } = await setup();
    const view = await ok(owner, "POST", `${M}/tables/${tableId}/grids`, { title: "Open" });
    await ok(owner, "POST", `${M}/views/${view.id}/filters`, {
      fk_column_id: cols.Done,
      comparison_op: "eq",
      value: false,
    });
    await ok(owner, "POST", `${M}/views/${view.id}/sorts`, { fk_column_id: cols.Price, direction: "desc" });
    const V = `/api/v1/db/data/noco/${projectId}/${tableId}/views/${view.id}?fields=Id`;
    const viewed = await walkByCursor(owner, V);
    expect(viewed).toEqual(await walkByOffset(owner, V));
    expect(viewed).toHaveLength(ROWS - ROWS / 3);
    // A request filter on top of the view's, with a request sort over the view's.
    const narrower = `${V}&where=${encodeURIComponent("(Status,neq,Done)")}&sort=Title,-Twice`;
    const walked = await walkByCursor(owner, narrower);
    expect(walked).toEqual(await walkByOffset(owner, narrower));
    expect(walked.length).toBeLessThan(viewed.length);

    const first: Page = await ok(owner, "GET", `${T}?fields=Id&limit=5&sort=Amount`);
    const cursor = first.pageInfo.cursor!;
    for (const other of [`sort=-Amount`, `sort=Amount&where=${encodeURIComponent("(Done,eq,true)")}`]) {
      const res = await api("GET", `${T}?fields=Id&limit=5&${other}&cursor=${cursor}`, { token: owner.token });
      expect(res.status, other).toBe(400);
      expect(res.body.msg).toMatch(/cursor does not belong to this sort/);
    }
    for (const bad of ["nope!", "eyJzIjoxfQ", cursor.slice(0, -3)]) {
      const res = await api("GET", `${T}?fields=Id&limit=5&sort=Amount&cursor=${bad}`, { token: owner.token });
      expect(res.status, bad).toBe(400);
      expect(res.body.msg).toMatch(/cursor/);
    }
    // The same cursor where it belongs: the rows after the first five.
    const next: Page = await ok(owner, "GET", `${T}?fields=Id&limit=5&sort=Amount&cursor=${cursor}`);
    const six: Page = await ok(owner, "GET", `${T}?fields=Id&limit=10&sort=Amount`);
    expect(next.list).toEqual(six.list.slice(5));
    // The most rows a page holds, after a cursor: the rest, and no cursor after the last.
    const rest: Page = await ok(owner, "GET", `${T}?fields=Id&limit=1000&sort=Amount&cursor=${cursor}`);
    expect(rest.list).toHaveLength(ROWS - 5);
    expect(rest.pageInfo).toMatchObject({ cursor: null, isLastPage: true });

    // A shared view's visitor pages by offset: the view may sort by a field it does not show.
    const { uuid } = await ok(owner, "POST", `${M}/views/${view.id}/share`);
    const shared = `/api/v1/db/public/shared-view/${uuid}/rows?limit=5`;
    const visitorPage = await api("GET", shared);
    expect(visitorPage.status).toBe(200);
    expect(visitorPage.body.pageInfo).not.toHaveProperty("cursor");
    const visitorCursor = await api("GET", `${shared}&cursor=${cursor}`);
    expect(visitorCursor.status).toBe(400);
    expect(visitorCursor.body.msg).toMatch(/page by offset/);
  });
});
