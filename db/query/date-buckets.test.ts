import { describe, expect, it } from "vitest";
import { compileGroupBy } from "./compile-group";
import { col } from "./test-table";
import { QueryError, type QueryTable } from "./types";

/** Date buckets in group-by (issue 37): the bucket is computed in SQL by each dialect's date functions. */
const TABLE: QueryTable = {
  tableName: "tasks",
  columns: [col("Id", "ID", { pk: true }), col("Due", "Date"), col("At", "DateTime"), col("Age", "Number")],
};
const group = (dialect: "sqlite" | "pg" | "mysql" | "mssql", column: string, bucket: "day" | "month" | "year") =>
  compileGroupBy({ dialect, table: TABLE, column, bucket, limit: 10, offset: 0 }).list.sql;

describe("date buckets", () => {
  it("groups and orders by the date's first 4, 7 or 10 characters, named as the column", () => {
    expect(group("sqlite", "Due", "month")).toBe(
      `SELECT substr(date("due"), 1, 7) AS "due", COUNT(*) AS "count" FROM "tasks" GROUP BY substr(date("due"), 1, 7) ORDER BY substr(date("due"), 1, 7) ASC LIMIT ? OFFSET ?`,
    );
    expect(group("sqlite", "At", "year")).toContain(`substr(date("at"), 1, 4) AS "at"`);
    expect(group("pg", "At", "day")).toContain(`substr(to_char(CAST("at" AS timestamp), 'YYYY-MM-DD'), 1, 10) AS "at"`);
    expect(group("mysql", "Due", "month")).toContain(
      "SUBSTRING(DATE_FORMAT(CAST(`due` AS DATETIME), '%Y-%m-%d'), 1, 7) AS `due`",
    );
    expect(group("mssql", "Due", "year")).toContain("CONVERT(varchar(10), CAST([due] AS datetime2(0)), 23)");
  });

  it("refuses a bucket on a field that holds no date", () => {
    expect(() => group("sqlite", "Age", "month")).toThrow(QueryError);
    expect(() => group("sqlite", "Age", "month")).toThrow(/not a Date or DateTime field/);
  });
});
