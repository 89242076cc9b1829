import { describe, expect, it } from "vitest";
import { compileGroupBy } from "./compile-group";
import { col } from "./test-table";
import { QueryError, type QueryTable } from "./types";

const TABLE: QueryTable = {
  tableName: `my "table"`,
  columns: [col("Id", "ID", { pk: true }), col("Title", "SingleLineText"), col("Age", "Number")],
};

describe("compileGroupBy", () => {
  it("groups by column_name or title with bound values only", () => {
    const out = compileGroupBy({
      dialect: "sqlite",
      table: TABLE,
      column: "age",
      where: "(Title,eq,x'--)",
      limit: 25,
      offset: 0,
    });
    expect(out.list.sql).toBe(
      `SELECT "age", COUNT(*) AS "count" FROM "my ""table""" WHERE "title" = ? GROUP BY "age" ORDER BY "age" ASC LIMIT ? OFFSET ?`,
    );
    expect(out.list.params).toEqual(["x'--", 25, 0]);
    expect(
      compileGroupBy({ dialect: "pg", table: TABLE, column: "Age", sort: "-count", limit: 5, offset: 0 }).list.sql,
    ).toContain(`ORDER BY "count" DESC`);
  });

  it("refuses an unknown column", () => {
    expect(() => compileGroupBy({ dialect: "sqlite", table: TABLE, column: "nope", limit: 25, offset: 0 })).toThrow(
      QueryError,
    );
  });
});
