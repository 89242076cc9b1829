import { describe, expect, it } from "vitest";
import { api, seedProject, seedUser, type TestUser } from "./support";

/** Colour rules of a view (issue 37): stored, checked, and evaluated with the rows of a list read. */
const M = "/api/v1/db/meta";
const call = (user: TestUser, method: string, path: string, body?: unknown) =>
  api(method, path, { token: user.token, body });

interface Row {
  Id: number;
  Name: string;
  Amount: number | null;
  Status: string | null;
  _colour?: { row?: string; cells?: Record<string, string>; rules: string[] };
}

describe("colour rules", () => {
  it("editors save rules, bad ones are 400s, and each listed row carries the first rule it matches", async () => {
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
      table_name: "Deals",
      columns: [
        { title: "Name", uidt: "SingleLineText" },
        { title: "Amount", uidt: "Number" },
        {
          title: "Status",
          uidt: "SingleSelect",
          colOptions: {
            options: [
              { title: "Open", color: "#d0f1fd" },
              { title: "Won", color: "#d1f7c4" },
            ],
          },
        },
      ],
    });
    expect(table.status, JSON.stringify(table.body)).toBe(200);
    const col = Object.fromEntries(
      table.body.columns.map((c: { title: string; id: string }) => [c.title, c.id]),
    ) as Record<string, string>;
    const grid = table.body.views[0].id as string;
    const T = `/api/v1/db/data/noco/${projectId}/Deals`;
    // A deterministic spread of amounts, statuses and names (some empty).
    const rows = Array.from({ length: 60 }, (_, i) => ({
      Name: i % 7 === 0 ? null : `Deal ${i}`,
      Amount: i % 11 === 0 ? null : (i * 37) % 250,
      Status: i % 3 === 0 ? "Won" : i % 3 === 1 ? "Open" : null,
    }));
    expect((await call(owner, "POST", `/api/v1/db/data/bulk/noco/${projectId}/Deals`, rows)).status).toBe(200);

    const url = `${M}/views/${grid}/colour-rules`;
    expect((await call(owner, "GET", url)).body).toEqual({ rules: [], fk_select_column_id: null });

    const rules = {
      rules: [
        {
          id: "big",
          colour: "red",
          target: "row",
          filters: [{ fk_column_id: col.Amount, comparison_op: "gt", value: 200 }],
        },
        {
          id: "won",
          colour: "green",
          target: "row",
          filters: [
            { fk_column_id: col.Status, comparison_op: "eq", value: "Won" },
            { fk_column_id: col.Amount, comparison_op: "gt", value: 50, logical_op: "and" },
          ],
        },
        {
          id: "noname",
          colour: "yellow",
          target: "cell",
          fk_column_id: col.Name,
          filters: [{ fk_column_id: col.Name, comparison_op: "blank" }],
        },
      ],
      fk_select_column_id: col.Status,
    };
    // Bad input names what was wrong, and writes nothing.
    const bads: Array<[unknown, RegExp]> = [
      [{ rules: [{ ...rules.rules[0], colour: "chartreuse" }] }, /colour: must be one of red/],
      [
        { rules: [{ ...rules.rules[0], filters: [{ fk_column_id: "nope", comparison_op: "eq", value: 1 }] }] },
        /rules\.0\.filters\[0\].*not a column of this table/,
      ],
      [
        { rules: [{ ...rules.rules[0], filters: [{ fk_column_id: col.Amount, comparison_op: "like", value: 1 }] }] },
        /rules\.0\.filters\[0\].*not supported for 'Amount'/,
      ],
      [{ rules: [{ ...rules.rules[2], fk_column_id: undefined }] }, /a cell rule names the field/],
      [{ fk_select_column_id: col.Amount }, /not a single select field/],
    ];
    for (const [body, msg] of bads) {
      const res = await call(owner, "PUT", url, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toMatch(msg);
    }
    expect((await call(owner, "GET", url)).body.rules).toEqual([]);
    expect((await call(viewer, "PUT", url, rules)).status).toBe(403);
    const saved = await call(editor, "PUT", url, rules);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.rules.map((r: { id: string }) => r.id)).toEqual(["big", "won", "noname"]);
    expect((await call(viewer, "GET", url)).body).toEqual(saved.body);

    // A view meta change keeps the rules.
    expect((await call(owner, "PATCH", `${M}/views/${grid}`, { meta: { some: 1 } })).status).toBe(200);
    expect((await call(viewer, "GET", url)).body.rules).toHaveLength(3);

    // The list answer, checked against the rules computed here from the rows.
    const expected = (r: Row) => {
      const rowRule =
        r.Amount !== null && r.Amount > 200 ? "big" : r.Status === "Won" && (r.Amount ?? 0) > 50 ? "won" : undefined;
      const cell = r.Name === null || r.Name === "" ? "noname" : undefined;
      const colour = { big: "red", won: "green" } as const;
      const row = rowRule
        ? colour[rowRule]
        : r.Status === "Won"
          ? "#d1f7c4"
          : r.Status === "Open"
            ? "#d0f1fd"
            : undefined;
      const ids = [rowRule, cell].filter(Boolean);
      if (!row && !ids.length) return undefined;
      return { ...(row ? { row } : {}), ...(cell ? { cells: { Name: "yellow" } } : {}), rules: ids };
    };
    const list = await call(viewer, "GET", `${T}/views/${grid}?limit=100`);
    expect(list.status).toBe(200);
    const got = list.body.list as Row[];
    expect(got).toHaveLength(60);
    for (const r of got) expect(r._colour, JSON.stringify(r)).toEqual(expected(r));
    expect(got.filter((r) => r._colour?.row === "red").length).toBeGreaterThan(0);
    expect(got.filter((r) => r._colour?.row === "green").length).toBeGreaterThan(0);

    // A change of value changes the colour.
    const plain = got.find((r) => r._colour?.row === undefined && r.Status === null && r.Name !== null)!;
    expect((await call(owner, "PATCH", `${T}/${plain.Id}`, { Amount: 240 })).status).toBe(200);
    const again = await call(viewer, "GET", `${T}/views/${grid}?limit=100`);
    expect((again.body.list as Row[]).find((r) => r.Id === plain.Id)!._colour).toEqual({ row: "red", rules: ["big"] });

    // A list without the view has no colours; a shared view's visitor sees them.
    expect(((await call(viewer, "GET", `${T}?limit=5`)).body.list as Row[]).every((r) => !r._colour)).toBe(true);
    const shared = await call(owner, "POST", `${M}/views/${grid}/share`);
    expect(shared.status).toBe(200);
    const visitor = await api("GET", `/api/v1/db/public/shared-view/${shared.body.uuid}/rows?limit=100`);
    expect(visitor.status).toBe(200);
    for (const r of visitor.body.list as Row[]) expect(r._colour).toEqual(expected(r));

    // Clearing removes them.
    expect((await call(owner, "PUT", url, { rules: [] })).status).toBe(200);
    expect(
      ((await call(viewer, "GET", `${T}/views/${grid}?limit=5`)).body.list as Row[]).every((r) => !r._colour),
    ).toBe(true);
  });
});
