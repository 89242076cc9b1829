import { describe, expect, it } from "vitest";
import { compileGroupBy, measureValues } from "./compile-group";
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

  it("adds sums and averages of number fields per group, named <fn>_<column_name>", () => {
    const out = compileGroupBy({
      dialect: "pg",
      table: TABLE,
      column: "Title",
      measures: [
        { fn: "sum", column: "Age" },
        { fn: "avg", column: "age" },
      ],
      limit: 25,
      offset: 0,
    });
    expect(out.list.sql).toBe(
      `SELECT "title", COUNT(*) AS "count", SUM("age") AS "sum_age", AVG("age") AS "avg_age" FROM "my ""table""" GROUP BY "title" ORDER BY "title" COLLATE "C" ASC NULLS FIRST LIMIT $1 OFFSET $2`,
    );
    expect(out.measures).toEqual(["sum_age", "avg_age"]);
    // Drivers answer numeric aggregates as text (PostgreSQL's numeric); an empty group's is null.
    expect(measureValues({ sum_age: "12.5", avg_age: null }, out.measures)).toEqual({ sum_age: 12.5, avg_age: null });
  });

  it("refuses a measure of a field that is not a number, or unknown", () => {
    const measure = (column: string) => () =>
      compileGroupBy({
        dialect: "sqlite",
        table: TABLE,
        column: "Age",
        measures: [{ fn: "sum", column }],
        limit: 25,
        offset: 0,
      });
    expect(measure("Title")).toThrow("Cannot sum 'Title': it is not a number field");
    expect(measure("nope")).toThrow(QueryError);
  });
});
