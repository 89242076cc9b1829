import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { MIN_ROWS } from "../../db/rows/group-counts";
import type { ProjectRoom } from "../../realtime/project-room";
import { api, seedProject, seedUser, roomStub, type TestUser } from "./support";

/**
 * Issue 36, counts and groups at 1M rows: a count under a filter reads an index made for its
 * columns (db/rows/count-index.ts), a group-by of a select and the plain count read maintained
 * counts (db/rows/group-counts.ts). Every answer through the API equals the same question asked of
 * the rows by a scan (NOT INDEXED) in the room, after inserts, updates, deletes, the growth rule's
 * drop, the trash (a record, a field) and a snapshot.
 */
const M = "/api/v1/db/meta";
const D = "/api/v1/db/data/noco";
const ROWS = MIN_ROWS + 1_000;
const CATS = ["cat0", "cat1", "cat2", "cat3", "cat4"];
const row = (i: number) => ({
  Title: `Item ${i}`,
  Category: i % 7 === 0 ? null : CATS[i % 5],
  Amount: (i * 7919) % 1000,
  Price: ((i * 104729) % 100000) / 100,
});

const inRoom = <T>(projectId: string, fn: (room: ProjectRoom) => T) =>
  runInDurableObject(roomStub(projectId), (room: ProjectRoom) => fn(room));

async function call(user: TestUser, method: string, path: string, body?: unknown) {
  const res = await api(method, path, { token: user.token, body });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

/** The answers by a scan of the rows in the room: a filtered count, the groups, the plain count. */
const scan = (projectId: string, table: string, sqlWhere: string) =>
  inRoom(projectId, (room) => {
    const t = `"${table}"`;
    const n = (sql: string) => Number(room.store.exec(sql)[0]!.n);
    return {
      filtered: n(`SELECT count(*) AS n FROM ${t} NOT INDEXED WHERE ${sqlWhere}`),
      plain: n(`SELECT count(*) AS n FROM ${t} NOT INDEXED`),
      groups: room.store
        .exec(`SELECT category, count(*) AS n FROM ${t} NOT INDEXED GROUP BY category ORDER BY category`)
        .map((r) => ({ Category: (r.category as string | null) ?? null, count: Number(r.n) })),
      sums: room.store
        .exec(`SELECT category, sum(amount) AS s FROM ${t} NOT INDEXED GROUP BY category ORDER BY category`)
        .map((r) => [(r.category as string | null) ?? null, Number(r.s)]),
    };
  });

/** The objects the rules made: count indexes and group counts (the row count has its own test). */
const made = (projectId: string) =>
  inRoom(projectId, (room) =>
    room.store
      .exec(
        "SELECT name FROM sqlite_master WHERE (type = 'index' AND name LIKE '%\\_\\_count' ESCAPE '\\') OR (type = 'table' AND substr(name, 1, 8) = '_nc_grp_' AND substr(name, -2) != '$*') ORDER BY name",
      )
      .map((r) => String(r.name)),
  );

async function setup() {
  const owner = await seedUser("org-level-creator");
  const projectId = await seedProject([[owner, "owner"]]);
  const table = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
    table_name: "items",
    title: "Items",
    columns: [
      { title: "Title", uidt: "SingleLineText" },
      { title: "Category", uidt: "SingleSelect", colOptions: { options: CATS.map((title) => ({ title })) } },
      { title: "Amount", uidt: "Number" },
      { title: "Price", uidt: "Decimal" },
    ],
  });
  const all = Array.from({ length: ROWS }, (_, i) => row(i + 1));
  for (let at = 0; at < all.length; at += 1000)
    await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Items`, all.slice(at, at + 1000));
  const columns = table.columns as Array<{ id: string; title: string }>;
  return {
    owner,
    projectId,
    T: `${D}/${projectId}/Items`,
    categoryId: columns.find((c) => c.title === "Category")!.id,
  };
}

describe("counts and groups from count indexes and maintained counts", () => {
  it("answer what a scan answers, through writes, the growth rule, the trash and a snapshot", async () => {
    const { owner, projectId, T, categoryId } = await setup();
    const where = encodeURIComponent("(Amount,gt,300)~and(Category,eq,cat3)");
    const sqlWhere = "amount > 300 AND category = 'cat3'";
    const answers = async (project = projectId, path = T) => {
      const groups = await call(owner, "GET", `${path}/groupby?column_name=Category&limit=100`);
      return {
        filtered: (await call(owner, "GET", `${path}/count?where=${where}`)).count as number,
        plain: (await call(owner, "GET", `${path}/count`)).count as number,
        groups: (groups.list as Array<{ category: string | null; count: number }>).map((g) => ({
          Category: g.category ?? null,
          count: Number(g.count),
        })),
        project,
      };
    };
    const expectScan = async (project = projectId, path = T) => {
      const got = await answers(project, path);
      const want = await scan(project, "items", sqlWhere);
      expect({ filtered: got.filtered, plain: got.plain, groups: got.groups }).toEqual({
        filtered: want.filtered,
        plain: want.plain,
        groups: want.groups,
      });
      // Groups with sums (issue 37): the sums from the rows, how many groups from the counts.
      const summed = await call(owner, "GET", `${path}/groupby?column_name=Category&limit=2&aggregations=Amount:sum`);
      expect(summed.pageInfo.totalRows).toBe(want.groups.length);
      expect(
        (summed.list as Array<{ category: string | null; aggregates: Array<{ value: number }> }>).map((g) => [
          g.category ?? null,
          g.aggregates[0]!.value,
        ]),
      ).toEqual(want.sums.slice(0, 2));
      return want;
    };

    // Independently in JS for the rows as inserted.
    const rows = Array.from({ length: ROWS }, (_, i) => row(i + 1));
    const first = await expectScan();
    expect(first.filtered).toBe(rows.filter((r) => r.Amount > 300 && r.Category === "cat3").length);
    expect(first.groups.find((g) => g.Category === null)?.count).toBe(rows.filter((r) => r.Category === null).length);
    expect(await made(projectId)).toEqual(["_nc_grp_items$category", "_nc_ix_items__category__amount__count"]);
    // Groups sorted by count and paged, as the scan.
    const paged = await call(owner, "GET", `${T}/groupby?column_name=Category&sort=-count&limit=2&offset=1`);
    const byCount = [...first.groups].sort(
      (a, b) => b.count - a.count || String(a.Category).localeCompare(String(b.Category)),
    );
    expect(paged.list.map((g: { count: number }) => Number(g.count))).toEqual(byCount.slice(1, 3).map((g) => g.count));
    expect(paged.pageInfo.totalRows).toBe(first.groups.length);

    // Inserts, updates (into and out of a group, to and from empty), deletes.
    const added = await call(owner, "POST", T, { Title: "new", Category: "cat4", Amount: 999 });
    await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Items`, [
      { Category: "cat3", Amount: 301 },
      { Category: null, Amount: 5 },
    ]);
    await call(owner, "PATCH", `${T}/1`, { Category: "cat3", Amount: 900 });
    await call(owner, "PATCH", `${T}/2`, { Category: null });
    await call(owner, "PATCH", `${T}/7`, { Category: "cat0" });
    await call(owner, "PATCH", `${T}/3`, { Amount: 1 });
    await call(owner, "DELETE", `${T}/4`);
    await call(owner, "DELETE", `${T}/${added.Id}`);
    await expectScan();

    // A record restored from the trash counts again.
    const trash = `${M}/projects/${projectId}/trash`;
    const entries = (await call(owner, "GET", `${trash}?type=record`)).list as Array<{ id: string }>;
    await call(owner, "POST", `${trash}/${entries[0]!.id}/restore`);
    await expectScan();

    // The growth rule: more rows than a sixteenth of the table without a read drops both.
    await call(
      owner,
      "POST",
      `/api/v1/db/data/bulk/noco/${projectId}/Items`,
      Array.from({ length: 1_000 }, (_, i) => row(ROWS + 10 + i)),
    );
    expect(await made(projectId)).toEqual([]);
    await expectScan();
    expect(await made(projectId)).toEqual(["_nc_grp_items$category", "_nc_ix_items__category__amount__count"]);

    // A snapshot leaves the group counts out (indexes, as every index of a table, go along); the
    // copy answers the same and makes its own.
    const S = `${M}/projects/${projectId}/snapshots`;
    const taken = await call(owner, "POST", S, { title: "With counts" });
    const copy = (await call(owner, "POST", `${S}/${taken.id}/restore`, { as_new_project: true })).project_id as string;
    expect(await made(copy)).toEqual(["_nc_ix_items__category__amount__count"]);
    await expectScan(copy, `${D}/${copy}/Items`);
    expect(await made(copy)).toEqual(["_nc_grp_items$category", "_nc_ix_items__category__amount__count"]);

    // The select field to the trash and back: its counts go with it and are made again.
    await call(owner, "DELETE", `${M}/columns/${categoryId}`);
    expect((await made(projectId)).filter((n) => n.startsWith("_nc_grp_"))).toEqual([]);
    await call(owner, "POST", T, { Title: "while the field is away" });
    const fieldEntry = ((await call(owner, "GET", trash)).list as Array<{ id: string; type: string }>).find(
      (e) => e.type === "field",
    )!;
    await call(owner, "POST", `${trash}/${fieldEntry.id}/restore`);
    await expectScan();
  });
});
