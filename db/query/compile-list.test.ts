import { describe, expect, it } from "vitest";
import { compileCount, compileList } from "./compile-list";
import { col } from "./test-table";
import { QueryError, type QueryTable } from "./types";

const TABLE: QueryTable = {
  tableName: `my "table"`,
  columns: [col("Id", "ID", { pk: true }), col("Title", "SingleLineText"), col("Age", "Number")],
};
const NOW = new Date("2024-03-15T12:00:00Z");

describe("compileList", () => {
  it("builds list and count per dialect", () => {
    const sqlite = compileList({
      dialect: "sqlite",
      table: TABLE,
      where: "(Age,gt,3)",
      sort: "-Age",
      fields: "Title",
      limit: 10,
      offset: 20,
    });
    expect(sqlite.select.map((c) => c.title)).toEqual(["Title"]);
    expect(sqlite.list).toEqual({
      sql: `SELECT "title" FROM "my ""table""" WHERE "age" > ? ORDER BY "age" DESC, "id" ASC LIMIT ? OFFSET ?`,
      params: [3, 10, 20],
    });
    expect(sqlite.count).toEqual({
      sql: `SELECT COUNT(*) AS "count" FROM "my ""table""" WHERE "age" > ?`,
      params: [3],
    });
    const pg = compileList({ dialect: "pg", table: TABLE, where: "(Age,gt,3)~and(Title,eq,x)", limit: 10, offset: 0 });
    expect(pg.list.sql).toBe(
      `SELECT "id", "title", "age" FROM "my ""table""" WHERE ("age" > $1) AND ("title" = $2) ORDER BY "id" ASC LIMIT $3 OFFSET $4`,
    );
    const mysql = compileList({ dialect: "mysql", table: TABLE, limit: 1, offset: 0 });
    expect(mysql.list).toEqual({
      sql: 'SELECT `id`, `title`, `age` FROM `my "table"` ORDER BY `id` ASC LIMIT ? OFFSET ?',
      params: ["1", "0"],
    });
    expect(mysql.count).toEqual({ sql: 'SELECT COUNT(*) AS `count` FROM `my "table"`', params: [] });
  });

  it("reads backwards, walks a named index or none, keeping the forward order for cursors", () => {
    const base = { dialect: "sqlite" as const, table: TABLE, where: "(Age,gt,3)", sort: "-Age", limit: 5, offset: 7 };
    const back = compileList({ ...base, reverse: true, indexedBy: "ix" });
    expect(back.list.sql).toBe(
      `SELECT "id", "title", "age" FROM "my ""table""" INDEXED BY "ix" WHERE "age" > ? ORDER BY "age" ASC, "id" DESC LIMIT ? OFFSET ?`,
    );
    expect(back.order.map((k) => [k.column.title, k.desc])).toEqual([
      ["Age", true],
      ["Id", false],
    ]);
    expect(compileList({ ...base, indexedBy: false }).list.sql).toContain(`FROM "my ""table""" NOT INDEXED WHERE`);
  });

  it("ANDs where and search", () => {
    const out = compileCount({
      dialect: "sqlite",
      table: TABLE,
      where: "(Age,gt,3)",
      search: { query: "ab" },
      now: NOW,
    });
    expect(out).toEqual({
      sql: `SELECT COUNT(*) AS "count" FROM "my ""table""" WHERE ("age" > ?) AND (lower("title") LIKE lower(?) ESCAPE '!')`,
      params: [3, "%ab%"],
    });
  });

  it("checks limit and offset", () => {
    for (const [limit, offset] of [
      [0, 0],
      [1001, 0],
      [1.5, 0],
      [10, -1],
      [10, Number.NaN],
    ] as const) {
      expect(() => compileList({ dialect: "sqlite", table: TABLE, limit, offset })).toThrow(QueryError);
    }
  });

  it("refuses more than 100 bound values", () => {
    const ok = Array.from({ length: 98 }, (_, i) => i).join(",");
    expect(
      compileList({ dialect: "sqlite", table: TABLE, where: `(Age,in,${ok})`, limit: 5, offset: 0 }).list.params,
    ).toHaveLength(100);
    expect(() =>
      compileList({ dialect: "sqlite", table: TABLE, where: `(Age,in,${ok},98)`, limit: 5, offset: 0 }),
    ).toThrow("Filter is too large: 101 values to bind, at most 100 per statement");
    const conditions = Array.from({ length: 120 }, (_, i) => `(Age,eq,${i})`).join("~or");
    expect(() => compileCount({ dialect: "pg", table: TABLE, where: conditions })).toThrow("Filter is too large");
  });

  it("refuses statements of 100 KB or more", () => {
    const long = {
      ...TABLE,
      columns: [...TABLE.columns, col("Long", "SingleLineText", { columnName: "x".repeat(60_000) })],
    };
    expect(() => compileList({ dialect: "sqlite", table: long, sort: "Long", limit: 5, offset: 0 })).toThrow(
      /^Filter is too large: the statement has \d+ bytes, it must stay under 100000$/,
    );
  });
});
