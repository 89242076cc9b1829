import { describe, expect, it } from "vitest";
import { groupConds } from "../../web/views/grid/groups/group-tree";
import { api, seedProject, seedUser, type TestUser } from "./support";

/** Date buckets in a grid's group-by (issue 37): kept on the level, answered by groupby, matched by the group's conditions. */
const M = "/api/v1/db/meta";
const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

describe("date buckets", () => {
  it("groups a Date and a DateTime by month and year, and each group's conditions select its records", async () => {
    const owner = await seedUser("org-level-creator");
    const projectId = await seedProject([[owner, "owner"]]);
    const table = await call(owner, "POST", `${M}/projects/${projectId}/tables`, {
      table_name: "Tasks",
      columns: [
        { title: "Name", uidt: "SingleLineText" },
        { title: "Due", uidt: "Date" },
        { title: "At", uidt: "DateTime" },
      ],
    });
    expect(table.status, JSON.stringify(table.body)).toBe(200);
    const col = Object.fromEntries(
      table.body.columns.map((c: { title: string; id: string }) => [c.title, c.id]),
    ) as Record<string, string>;
    const grid = table.body.views[0].id as string;
    const days = ["2023-12-31", "2024-01-01", "2024-01-31", "2024-02-29", "2024-02-01", null];
    const stamps = [
      "2023-12-31 23:59:00",
      "2024-01-01 00:00:00",
      "2024-01-31 23:30:00",
      "2024-02-29 12:00:00",
      "2024-04-30 22:00:00",
      null,
    ];
    const rows = days.map((d, i) => ({ Name: `T${i}`, Due: d, At: stamps[i] }));
    const T = `/api/v1/db/data/noco/${projectId}/Tasks`;
    expect((await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Tasks`, rows)).status).toBe(200);

    // The level keeps its bucket; a bucket on a text field is refused.
    const columns = (await call(owner, "GET", `${M}/grids/${grid}/grid-columns`)).body as Array<{
      id: string;
      fk_column_id: string;
    }>;
    const vc = (title: string) => columns.find((c) => c.fk_column_id === col[title])!.id;
    const set = await call(owner, "PATCH", `${M}/grid-columns/${vc("Due")}`, {
      group_by: true,
      group_by_order: 1,
      group_by_bucket: "month",
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const again = (await call(owner, "GET", `${M}/grids/${grid}/grid-columns`)).body as Array<Record<string, unknown>>;
    expect(again.find((c) => c.fk_column_id === col.Due)).toMatchObject({ group_by: true, group_by_bucket: "month" });
    const refused = await call(owner, "PATCH", `${M}/grid-columns/${vc("Name")}`, {
      group_by: true,
      group_by_order: 2,
      group_by_bucket: "year",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/not a Date or DateTime field/);
    expect((await call(owner, "GET", `${T}/groupby?column_name=due&bucket=week`)).status).toBe(400);

    for (const [title, values] of [
      ["Due", days],
      ["At", stamps],
    ] as const) {
      for (const bucket of ["month", "year"] as const) {
        const size = bucket === "month" ? 7 : 4;
        const expected: Record<string, number> = {};
        for (const v of values)
          expected[v === null ? "null" : v.slice(0, size)] =
            (expected[v === null ? "null" : v.slice(0, size)] ?? 0) + 1;
        const res = await call(
          owner,
          "GET",
          `${T}/groupby?column_name=${title.toLowerCase()}&bucket=${bucket}&limit=100`,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const list = res.body.list as Array<Record<string, unknown>>;
        const got = Object.fromEntries(list.map((g) => [String(g[title.toLowerCase()] ?? "null"), Number(g.count)]));
        expect(got, `${title} by ${bucket}`).toEqual(expected);
        // Each group's conditions (as the grouped grid sends them) select exactly its records.
        for (const g of list) {
          const value = g[title.toLowerCase()] ?? null;
          const conds = groupConds({ id: col[title]!, uidt: title === "Due" ? "Date" : "DateTime", bucket }, value);
          const page = await call(
            owner,
            "GET",
            `${T}?limit=100&filterArrJson=${encodeURIComponent(JSON.stringify(conds))}`,
          );
          expect(page.status).toBe(200);
          expect(page.body.list.length, `${title} ${bucket} ${String(value)}`).toBe(Number(g.count));
        }
      }
    }
  });
});
