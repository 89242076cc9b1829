import Database from "libsql";
import { describe, expect, it } from "vitest";
import { compileList, keyAlias } from "./compile-list";
import { sortKeys } from "./compile-sort";
import { afterCursor, afterSegments, type KeyValue } from "./keyset";
import { lit, render, sql } from "./sql";
import { col } from "./test-table";
import type { QueryTable } from "./types";

const TABLE: QueryTable = {
  tableName: "t",
  columns: [
    col("Id", "ID", { pk: true }),
    col("Title", "SingleLineText"),
    col("Age", "Number"),
    // A computed key: the same expression in ORDER BY and in the cursor's condition.
    col("Twice", "Decimal", { expr: lit(`("age" * 2)`) }),
  ],
};

const text = (keys: ReturnType<typeof sortKeys>, values: KeyValue[]) => {
  const c = render(afterCursor(keys, values, "sqlite"), "sqlite");
  return [c.sql, c.params];
};

describe("keyset predicate", () => {
  it("builds the null-aware OR-chain with every value bound", () => {
    const keys = sortKeys(TABLE, "Title,-Age", "sqlite");
    expect(text(keys, ["b", 30, 7])).toEqual([
      `(("title" = ?) AND ("age" = ?) AND ("id" > ?)) OR (("title" = ?) AND ("age" < ?)) OR (("title" = ?) AND ("age" IS NULL)) OR ("title" > ?)`,
      ["b", 30, 7, "b", 30, "b", "b"],
    ]);
    // A NULL value: `IS NULL` ties, after a NULL ascending is every value, after one descending nothing.
    expect(text(keys, [null, null, 3])).toEqual([
      `(("title" IS NULL) AND ("age" IS NULL) AND ("id" > ?)) OR ("title" IS NOT NULL)`,
      [3],
    ]);
    // The key descending: smaller keys only, a key never being NULL.
    expect(text(sortKeys(TABLE, "-Id", "sqlite"), [5])).toEqual([`"id" < ?`, [5]]);
    expect(text(sortKeys(TABLE, "-Twice", "sqlite"), [4, 2])).toEqual([
      `((("age" * 2) = ?) AND ("id" > ?)) OR (("age" * 2) < ?) OR (("age" * 2) IS NULL)`,
      [4, 2, 4],
    ]);
  });

  it("refuses a cursor of another length and dialects that order NULLs their own way", () => {
    const keys = sortKeys(TABLE, "Title", "sqlite");
    expect(() => afterCursor(keys, ["a"], "sqlite")).toThrow(/does not belong to this sort/);
    expect(() => afterSegments(sortKeys(TABLE, "Title", "pg"), ["a", 1], "pg")).toThrow(/own tables/);
  });

  // Every sort of up to two keys, both directions, over values with ties and NULLs: the rows after
  // each row by the predicate (and by its segments read in turn) are the rows after it by ORDER BY.
  it("gives exactly the rows ORDER BY puts after each row, in SQLite", () => {
    const db = new Database(":memory:");
    db.exec(`CREATE TABLE "t" ("id" INTEGER PRIMARY KEY, "title" TEXT, "age" INTEGER)`);
    const insert = db.prepare(`INSERT INTO "t" ("id", "title", "age") VALUES (?, ?, ?)`);
    const titles = [null, "a", "B", "b", "é", ""];
    const ages = [null, 0, -1, 30, 2.5];
    for (let i = 1; i <= 60; i++) insert.run(i, titles[(i * 7) % titles.length], ages[(i * 3) % ages.length]);
    const sorts = ["", "Title", "-Title", "Age", "-Age", "-Twice", "Title,-Age", "-Age,Title", "-Title,-Age", "-Id"];
    for (const sort of sorts) {
      const keys = sortKeys(TABLE, sort, "sqlite");
      const all = compileList({
        dialect: "sqlite",
        table: TABLE,
        sort,
        fields: "Id",
        limit: 1000,
        offset: 0,
        keys: true,
      });
      const rows = db.prepare(all.list.sql).all(...(all.list.params as never[])) as Array<Record<string, KeyValue>>;
      const ids = rows.map((r) => r.id);
      for (let i = 0; i < rows.length; i += 7) {
        const values = keys.map((_, k) => rows[i]![keyAlias(k)]!);
        const page = (after: ReturnType<typeof sql>) => {
          const c = compileList({ dialect: "sqlite", table: TABLE, sort, fields: "Id", limit: 1000, offset: 0, after });
          return (db.prepare(c.list.sql).all(...(c.list.params as never[])) as Array<{ id: number }>).map((r) => r.id);
        };
        expect(page(afterCursor(keys, values, "sqlite")), `${sort} after row ${i}`).toEqual(ids.slice(i + 1));
        const pieces = afterSegments(keys, values, "sqlite").flatMap(page);
        expect(pieces, `${sort} by segments after row ${i}`).toEqual(ids.slice(i + 1));
      }
    }
  });
});
