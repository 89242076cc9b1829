import { describe, expect, it } from "vitest";
import { compileList } from "./compile-list";
import { col } from "./test-table";
import type { QueryTable } from "./types";

const TABLE: QueryTable = {
  tableName: "deals",
  columns: [col("Id", "ID", { pk: true }), col("Title", "SingleLineText"), col("Amount", "Number")],
};

describe("colour rules in the list read", () => {
  it("selects one CASE per target in the page's SELECT, values bound, first rule first", () => {
    const list = compileList({
      dialect: "sqlite",
      table: TABLE,
      fields: "Title",
      limit: 10,
      offset: 0,
      colours: [
        {
          alias: "_nc_c_row",
          whens: [
            { tree: { type: "cond", logicalOp: "and", column: "Amount", op: "gt", value: "100" }, value: 0 },
            { tree: null, value: 1 },
          ],
        },
        { alias: "_nc_c_sel", column: "Title" },
      ],
    });
    expect(list.list).toEqual({
      sql: `SELECT "title", CASE WHEN ("amount" > ?) THEN ? WHEN (1 = 1) THEN ? END AS "_nc_c_row", "title" AS "_nc_c_sel" FROM "deals" ORDER BY "id" ASC LIMIT ? OFFSET ?`,
      params: [100, 0, 1, 10, 0],
    });
    // The count is not coloured.
    expect(list.count.sql).toBe(`SELECT COUNT(*) AS "count" FROM "deals"`);
  });

  it("compiles for PostgreSQL and MariaDB with their own quoting and placeholders", () => {
    const colours = [
      {
        alias: "_nc_c0",
        whens: [
          {
            tree: { type: "cond" as const, logicalOp: "and" as const, column: "Title", op: "eq", value: "x" },
            value: 0,
          },
        ],
      },
    ];
    const pg = compileList({ dialect: "pg", table: TABLE, fields: "Title", limit: 5, offset: 0, colours });
    expect(pg.list.sql).toContain(`CASE WHEN ("title" = $1) THEN $2 END AS "_nc_c0"`);
    const my = compileList({ dialect: "mysql", table: TABLE, fields: "Title", limit: 5, offset: 0, colours });
    expect(my.list.sql).toContain("CASE WHEN (CAST(`title` AS BINARY) = CAST(? AS BINARY)) THEN ? END AS `_nc_c0`");
  });
});
