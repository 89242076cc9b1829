import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ProjectRoom } from "../../realtime/project-room";
import { groupConds, type GroupCond } from "../../web/views/grid/groups/group-tree";
import { api, roomStub, seedProject, seedUser, type TestUser } from "./support";

/** Group-by settings of a grid (issue 37): kept on its view columns, as NocoDB's grid columns. */
const M = "/api/v1/db/meta";
const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

interface GridColumn {
  id: string;
  fk_column_id: string;
  group_by: boolean;
  group_by_order: number | null;
  group_by_sort: "asc" | "desc" | null;
}

describe("grid group-by settings", () => {
  it("editors set up to three levels on a grid, readers cannot, and a shared view shows them", async () => {
    const [owner, editor, viewer] = [
      await seedUser("org-level-creator"),
      await seedUser("org-level-viewer"),
      await seedUser("org-level-viewer"),
    ];
    const projectId = await seedProject([
      [owner, "owner"],
      [editor, "editor"],
      [viewer, "viewer"],
    ]);
    const table = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
      table_name: "Tasks",
      columns: [
        { title: "Name", uidt: "SingleLineText" },
        { title: "Status", uidt: "SingleSelect", dtxp: "'Todo','Done'" },
        { title: "Points", uidt: "Number" },
        { title: "Done", uidt: "Checkbox" },
        { title: "Due", uidt: "Date" },
        { title: "Files", uidt: "Attachment" },
      ],
    });
    expect(table.status, JSON.stringify(table.body)).toBe(200);
    const col = Object.fromEntries(
      table.body.columns.map((c: { title: string; id: string }) => [c.title, c.id]),
    ) as Record<string, string>;
    const grid = table.body.views[0].id as string;
    const columns = async () => (await call(owner, "GET", `${M}/grids/${grid}/grid-columns`)).body as GridColumn[];
    const vc = (list: GridColumn[], title: string) => list.find((c) => c.fk_column_id === col[title])!;
    const first = await columns();
    expect(vc(first, "Status")).toMatchObject({ group_by: false, group_by_order: null, group_by_sort: null });
    const patch = (user: TestUser, title: string, body: unknown) =>
      call(user, "PATCH", `${M}/grid-columns/${vc(first, title).id}`, body);

    // An editor groups as they sort; a viewer may not.
    expect((await patch(editor, "Status", { group_by: true, group_by_order: 1, group_by_sort: "desc" })).status).toBe(
      200,
    );
    expect((await patch(editor, "Done", { group_by: true, group_by_order: 2 })).status).toBe(200);
    expect((await patch(viewer, "Points", { group_by: true, group_by_order: 3 })).status).toBe(403);
    expect((await patch(owner, "Due", { group_by: true, group_by_order: 3 })).status).toBe(200);

    // A fourth level, an unknown direction, a level out of range and a field without a value to share: 400 naming it.
    const fourth = await patch(owner, "Points", { group_by: true, group_by_order: 3 });
    expect(fourth).toMatchObject({ status: 400, body: { msg: expect.stringMatching(/group_by.*at most 3/) } });
    expect((await patch(owner, "Name", { group_by: true, group_by_sort: "up" })).body.msg).toMatch(/group_by_sort/);
    const files = await patch(owner, "Files", { group_by: true, group_by_order: 1 });
    expect(files).toMatchObject({ status: 400, body: { msg: expect.stringMatching(/Files/) } });

    let now = await columns();
    expect(vc(now, "Status")).toMatchObject({ group_by: true, group_by_order: 1, group_by_sort: "desc" });
    expect(vc(now, "Done")).toMatchObject({ group_by: true, group_by_order: 2, group_by_sort: "asc" });
    expect(vc(now, "Points").group_by).toBe(false);
    // A refused change leaves the column as it was.
    expect(vc(now, "Files").group_by).toBe(false);

    // Removing a level frees a place; a width change keeps the grouping.
    expect((await patch(editor, "Due", { group_by: false })).status).toBe(200);
    expect((await patch(editor, "Points", { group_by: true, group_by_order: 3 })).status).toBe(200);
    expect((await patch(editor, "Status", { width: "150px" })).status).toBe(200);
    now = await columns();
    expect(vc(now, "Due")).toMatchObject({ group_by: false, group_by_order: null });
    expect(vc(now, "Points")).toMatchObject({ group_by: true, group_by_order: 3 });
    expect(vc(now, "Status")).toMatchObject({ group_by: true, group_by_sort: "desc", width: "150px" });

    // Forms do not group.
    const form = await call(owner, "POST", `${M}/tables/${table.body.id}/forms`, { title: "Ask" });
    const formCols = (await call(owner, "GET", `${M}/views/${form.body.id}/columns`)).body.list as GridColumn[];
    const formStatus = formCols.find((c) => c.fk_column_id === col.Status)!;
    const refused = await call(owner, "PATCH", `${M}/views/${form.body.id}/columns/${formStatus.id}`, {
      group_by: true,
    });
    expect(refused).toMatchObject({ status: 400, body: { msg: expect.stringMatching(/grid/) } });

    // A visitor of the shared grid reads the levels with the columns.
    const shared = await call(owner, "POST", `${M}/views/${grid}/share`);
    expect(shared.status).toBe(200);
    const meta = await api("GET", `/api/v1/db/public/shared-view/${shared.body.uuid}/meta`);
    expect(meta.status).toBe(200);
    const status = meta.body.model.columns.find((c: { id: string }) => c.id === col.Status);
    expect(status).toMatchObject({ group_by: true, group_by_order: 1, group_by_sort: "desc" });
  });
});

describe("grouped grid reads", () => {
  it("each group's condition, as the grid builds it, finds exactly the group's records, for every kind of value (a person too)", async () => {
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    const columns = [
      { title: "Name", uidt: "SingleLineText" },
      { title: "Status", uidt: "SingleSelect", dtxp: "'Todo','Done'" },
      { title: "Tags", uidt: "MultiSelect", dtxp: "'a','b'" },
      { title: "Points", uidt: "Number" },
      { title: "Price", uidt: "Decimal" },
      { title: "Done", uidt: "Checkbox" },
      { title: "Due", uidt: "Date" },
      { title: "At", uidt: "DateTime" },
      { title: "Mail", uidt: "Email" },
      { title: "Stars", uidt: "Rating" },
      { title: "Made by", uidt: "CreatedBy" },
    ];
    const table = await call(owner, "POST", `${M}/projects/${projectId}/tables`, { table_name: "Items", columns });
    expect(table.status, JSON.stringify(table.body)).toBe(200);
    const rows = Array.from({ length: 24 }, (_, i) => ({
      Name: i % 5 === 0 ? null : `n${i % 4}`,
      Status: [null, "Todo", "Done"][i % 3],
      Tags: ["a", "a,b", null, "b"][i % 4],
      Points: i % 6 === 0 ? null : i % 4,
      Price: [1.5, 2.25, null][i % 3],
      Done: i % 2 === 0,
      Due: i % 7 === 0 ? null : `2026-0${(i % 3) + 1}-1${i % 2}`,
      At: i % 5 === 1 ? null : `2026-01-0${(i % 3) + 1} 10:${i % 2 ? "30" : "00"}:00+00:00`,
      Mail: i % 4 === 0 ? null : `u${i % 3}@example.com`,
      Stars: i % 4,
    }));
    const T = `/api/v1/db/data/noco/${projectId}/Items`;
    expect((await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Items`, rows)).status).toBe(200);
    const byTitle = new Map(
      table.body.columns.map((c: { title: string; id: string; column_name: string }) => [c.title, c]),
    ) as Map<string, { id: string; uidt: string; column_name: string }>;
    const groupsOf = async (title: string, path: GroupCond[]) => {
      const col = byTitle.get(title)!;
      const q = new URLSearchParams({ column_name: col.column_name, limit: "1000" });
      if (path.length) q.set("filterArrJson", JSON.stringify(path));
      const res = await call(owner, "GET", `${T}/groupby?${q}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.list as Array<Record<string, unknown>>).map((g) => ({
        value: g[col.column_name],
        count: Number(g.count),
      }));
    };
    const countWhere = async (path: GroupCond[]) => {
      const q = new URLSearchParams({ limit: "1", filterArrJson: JSON.stringify(path) });
      const res = await call(owner, "GET", `${T}?${q}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.pageInfo.totalRows as number;
    };
    for (const { title } of columns) {
      const groups = await groupsOf(title, []);
      expect(
        groups.reduce((n, g) => n + g.count, 0),
        title,
      ).toBe(rows.length);
      for (const g of groups) {
        expect(await countWhere(groupConds(byTitle.get(title)!, g.value)), `${title} = ${String(g.value)}`).toBe(
          g.count,
        );
      }
    }
    // Nested: Status, then Done inside each status, then Points inside each of those.
    for (const s of await groupsOf("Status", [])) {
      const p1 = groupConds(byTitle.get("Status")!, s.value);
      const inner = await groupsOf("Done", p1);
      expect(inner.reduce((n, g) => n + g.count, 0)).toBe(s.count);
      for (const d of inner) {
        const p2 = [...p1, ...groupConds(byTitle.get("Done")!, d.value)];
        const third = await groupsOf("Points", p2);
        expect(third.reduce((n, g) => n + g.count, 0)).toBe(d.count);
        for (const p of third)
          expect(await countWhere([...p2, ...groupConds(byTitle.get("Points")!, p.value)])).toBe(p.count);
      }
    }
  });
});

describe("per-group aggregates", () => {
  it("each group's footer aggregates, in the group-by statement, equal SQL run on the room's table, within the reader's row rule", async () => {
    const [owner, editor] = [await seedUser("org-level-creator"), await seedUser("org-level-viewer")];
    const projectId = await seedProject([
      [owner, "owner"],
      [editor, "editor"],
    ]);
    const table = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
      table_name: "Deals",
      columns: [
        { title: "Name", uidt: "SingleLineText" },
        { title: "Status", uidt: "SingleSelect", dtxp: "'Open','Won','Lost'" },
        { title: "Team", uidt: "SingleLineText" },
        { title: "Amount", uidt: "Number" },
        { title: "Done", uidt: "Checkbox" },
        { title: "Due", uidt: "Date" },
      ],
    });
    expect(table.status, JSON.stringify(table.body)).toBe(200);
    const cols = table.body.columns as Array<{ id: string; title: string; column_name: string }>;
    const c = (title: string) => cols.find((x) => x.title === title)!;
    const rows = Array.from({ length: 30 }, (_, i) => ({
      Name: i % 4 === 0 ? null : `n${i % 5}`,
      Status: [null, "Open", "Won", "Lost"][i % 4],
      Team: i % 3 === 0 ? "B" : "A",
      Amount: i % 7 === 0 ? null : i * 3 - 20,
      Done: i % 2 === 1,
      Due: i % 6 === 0 ? null : `2026-0${(i % 3) + 1}-${String((i % 27) + 1).padStart(2, "0")}`,
    }));
    expect((await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Deals`, rows)).status).toBe(200);
    // Editors read team A's records only.
    const rule = await call(owner, "PUT", `${M}/tables/${table.body.id}/access`, {
      roles: { editor: { row_rule: [{ fk_column_id: c("Team").id, comparison_op: "eq", value: "A" }] } },
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);

    const ask = [
      "Amount:sum",
      "Amount:avg",
      "Amount:min",
      "Amount:max",
      "Amount:count_empty",
      "Name:count_unique",
      "Name:percent_filled",
      "Done:percent_checked",
      "Due:max",
    ];
    const n = (x: string) => `"${c(x).column_name}"`;
    const independent = `SELECT g, COUNT(*) AS n, SUM(${n("Amount")}) AS s, AVG(${n("Amount")}) AS a,
        MIN(${n("Amount")}) AS lo, MAX(${n("Amount")}) AS hi, COUNT(*) - COUNT(${n("Amount")}) AS e,
        COUNT(DISTINCT ${n("Name")}) AS u, 100.0 * COUNT(${n("Name")}) / COUNT(*) AS f,
        100.0 * SUM(CASE WHEN ${n("Done")} THEN 1 ELSE 0 END) / COUNT(*) AS chk, MAX(${n("Due")}) AS due
      FROM (SELECT *, GROUP_KEY AS g FROM "${table.body.table_name}" WHERE ${n("Team")} = 'A') GROUP BY g`;
    const expected = async (key: string) =>
      runInDurableObject(roomStub(projectId), (r: ProjectRoom) =>
        r.store.exec(independent.replace("GROUP_KEY", key)).map((x) => ({ ...x })),
      );
    const check = async (query: string, key: string, name: string) => {
      const res = await call(
        editor,
        "GET",
        `/api/v1/db/data/noco/${projectId}/Deals/groupby?${query}&aggregations=${ask.join(",")}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const want = await expected(key);
      const list = res.body.list as Array<Record<string, unknown> & { aggregates: Array<{ value: unknown }> }>;
      expect(list.length).toBe(want.length);
      for (const w of want) {
        const g = list.find((x) => (x[name] ?? null) === (w.g ?? null))!;
        expect(g, String(w.g)).toBeDefined();
        expect(Number(g.count)).toBe(w.n);
        const values = g.aggregates.map((a) => a.value);
        const numbers = [w.s, w.a, w.lo, w.hi, w.e, w.u, w.f, w.chk];
        numbers.forEach((v, i) => {
          if (v === null) expect(values[i], ask[i]).toBeNull();
          else expect(values[i], `${String(w.g)} ${ask[i]}`).toBeCloseTo(Number(v), 9);
        });
        expect(values[8], "Due:max").toBe(w.due);
      }
    };
    await check(`column_name=${c("Status").column_name}`, n("Status"), c("Status").column_name);
    // A date grouped by month: the same aggregates per month.
    await check(`column_name=${c("Due").column_name}&bucket=month`, `substr(${n("Due")}, 1, 7)`, c("Due").column_name);
    // A bad aggregation names itself.
    const bad = await call(
      editor,
      "GET",
      `/api/v1/db/data/noco/${projectId}/Deals/groupby?column_name=Status&aggregations=Name:sum`,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/Name/);
  });
});

describe("a shared grid's groups", () => {
  it("answers each group's aggregates on shown fields as SQL run on the room's table, refuses a hidden field, and pages groups and records", async () => {
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    const table = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
      table_name: "Orders",
      columns: [
        { title: "Name", uidt: "SingleLineText" },
        { title: "Region", uidt: "SingleLineText" },
        { title: "Amount", uidt: "Number" },
        { title: "Secret", uidt: "Number" },
      ],
    });
    expect(table.status, JSON.stringify(table.body)).toBe(200);
    const cols = table.body.columns as Array<{ id: string; title: string; column_name: string }>;
    const c = (title: string) => cols.find((x) => x.title === title)!;
    const rows = Array.from({ length: 40 }, (_, i) => ({
      Name: i % 5 === 0 ? null : `n${i % 6}`,
      Region: `r${i % 7}`,
      Amount: i % 4 === 0 ? null : i * 2 - 9,
      Secret: i * 1000,
    }));
    expect((await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Orders`, rows)).status).toBe(200);
    const grid = table.body.views[0].id as string;
    const gridCols = (await call(owner, "GET", `${M}/grids/${grid}/grid-columns`)).body as GridColumn[];
    const secret = gridCols.find((x) => x.fk_column_id === c("Secret").id)!;
    expect((await call(owner, "PATCH", `${M}/grid-columns/${secret.id}`, { show: false })).status).toBe(200);
    const shared = await call(owner, "POST", `${M}/views/${grid}/share`);
    expect(shared.status).toBe(200);
    const visit = (path: string) => api("GET", `/api/v1/db/public/shared-view/${shared.body.uuid}${path}`);

    const n = (x: string) => `"${c(x).column_name}"`;
    const want = await runInDurableObject(roomStub(projectId), (r: ProjectRoom) =>
      r.store
        .exec(
          `SELECT ${n("Region")} AS g, COUNT(*) AS n, SUM(${n("Amount")}) AS s, AVG(${n("Amount")}) AS a,
             COUNT(DISTINCT ${n("Name")}) AS u FROM "${table.body.table_name}" GROUP BY g ORDER BY g`,
        )
        .map((x) => ({ ...x })),
    );
    // The shown Name asked by its id: the answer names it by its title.
    const res = await visit(
      `/groupby?column_name=Region&sort=Region&aggregations=Amount:sum,Amount:avg,${c("Name").id}:count_unique`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const list = res.body.list as Array<{ count: number; aggregates: Array<{ column: string; value: number | null }> }>;
    expect(list.map((g) => Number(g.count))).toEqual(want.map((w) => w.n));
    list.forEach((g, i) => {
      const w = want[i]!;
      expect(g.aggregates.map((a) => a.column)).toEqual(["Amount", "Amount", "Name"]);
      expect(g.aggregates[0]!.value).toBeCloseTo(Number(w.s), 9);
      expect(g.aggregates[1]!.value).toBeCloseTo(Number(w.a), 9);
      expect(g.aggregates[2]!.value).toBe(w.u);
    });
    expect(JSON.stringify(res.body)).not.toContain(c("Name").id);

    // A hidden field is refused, by title or by id, and nothing of it comes back.
    for (const hidden of ["Secret", c("Secret").id]) {
      const refused = await visit(`/groupby?column_name=Region&aggregations=${hidden}:sum`);
      expect(refused).toMatchObject({ status: 400, body: { msg: `'${hidden}' is not a field of this shared view` } });
    }
    expect((await visit(`/groupby?column_name=Region&aggregations=Amount:median`)).status).toBe(400);

    // Groups page on (the "more" of the visitor's grid): two pages of 4 are the seven groups, in order.
    const page = async (offset: number) =>
      (await visit(`/groupby?column_name=Region&sort=-Region&limit=4&offset=${offset}`)).body as {
        list: Array<Record<string, unknown>>;
        pageInfo: { isLastPage: boolean };
      };
    const [p1, p2] = [await page(0), await page(4)];
    expect(p1.pageInfo.isLastPage).toBe(false);
    expect(p2.pageInfo.isLastPage).toBe(true);
    const values = [...p1.list, ...p2.list].map((g) => g[c("Region").column_name]);
    expect(values).toEqual(want.map((w) => w.g).reverse());
    // A group's records sorted by a column's header and paged the same way.
    const inGroup = JSON.stringify([{ fk_column_id: c("Region").id, comparison_op: "eq", value: "r1" }]);
    const recs = async (offset: number) =>
      (await visit(`/rows?sort=-Amount&limit=3&offset=${offset}&filterArrJson=${encodeURIComponent(inGroup)}`)).body
        .list as Array<{ Amount: number | null }>;
    const amounts = [...(await recs(0)), ...(await recs(3))].map((r) => r.Amount);
    const expectedAmounts = rows
      .filter((r) => r.Region === "r1")
      .map((r) => r.Amount)
      .sort((a, b) => (b ?? -Infinity) - (a ?? -Infinity));
    expect(amounts).toEqual(expectedAmounts);
  });
});
