import { describe, expect, it } from "vitest";
import { compileSort, resolveFields, resolveSort } from "./compile-sort";
import { render } from "./sql";
import { col } from "./test-table";
import { QueryError, type Dialect, type QueryTable } from "./types";

const TABLE: QueryTable = {
  tableName: "t",
  columns: [
    col("Id", "ID", { pk: true }),
    col("Title", "SingleLineText"),
    col("Age", "Number"),
    col("A, B", "SingleLineText"),
  ],
};
const sortSql = (sort: string | string[] | undefined, d: Dialect = "sqlite") =>
  render(compileSort(TABLE, sort, d)!, d).sql;

describe("sort", () => {
  it("reads a comma list with - for descending, and arrays of whole titles", () => {
    expect(resolveSort(TABLE, "Title,-Age").map((t) => [t.column.title, t.desc])).toEqual([
      ["Title", false],
      ["Age", true],
    ]);
    expect(resolveSort(TABLE, ["-A, B", " Age "]).map((t) => [t.column.title, t.desc])).toEqual([
      ["A, B", true],
      ["Age", false],
    ]);
    expect(resolveSort(TABLE, ",,")).toEqual([]);
  });

  it("puts NULLs first ascending and last descending, text by code point, Id last", () => {
    expect(sortSql("Title,-Age")).toBe(`"title" ASC, "age" DESC, "id" ASC`);
    expect(sortSql("Title,-Age", "pg")).toBe(`"title" COLLATE "C" ASC NULLS FIRST, "age" DESC NULLS LAST, "id" ASC`);
    expect(sortSql("Title,-Age", "mysql")).toBe(
      "`title` IS NULL DESC, CAST(`title` AS BINARY) ASC, `age` IS NULL ASC, `age` DESC, `id` ASC",
    );
  });

  it("does not repeat the primary key or a column", () => {
    expect(sortSql("-Id,Age,Age")).toBe(`"id" DESC, "age" ASC`);
    expect(sortSql(undefined)).toBe(`"id" ASC`);
  });

  it("refuses unknown titles", () => {
    expect(() => resolveSort(TABLE, "Title,-Nope")).toThrow(new QueryError("Column 'Nope' not found in sort"));
    expect(() => resolveSort(TABLE, "A, B")).toThrow("Column 'A' not found in sort");
  });
});

describe("fields", () => {
  it("selects every column for nothing or *", () => {
    expect(resolveFields(TABLE, undefined)).toEqual(TABLE.columns);
    expect(resolveFields(TABLE, "*")).toEqual(TABLE.columns);
    expect(resolveFields(TABLE, ["Age", "*"])).toEqual(TABLE.columns);
  });

  it("keeps the listed order once each", () => {
    expect(resolveFields(TABLE, "Age,Title,Age").map((c) => c.title)).toEqual(["Age", "Title"]);
    expect(resolveFields(TABLE, ["A, B", "Id"]).map((c) => c.title)).toEqual(["A, B", "Id"]);
  });

  it("refuses unknown titles", () => {
    expect(() => resolveFields(TABLE, "Title,Nope")).toThrow(new QueryError("Column 'Nope' not found in fields"));
  });
});
