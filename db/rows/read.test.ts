import { describe, expect, it } from "vitest";
import { col } from "../query/test-table";
import type { QueryTable } from "../query";
import { compilePage, PAGE_MEMO } from "./read";

const table = (): QueryTable => ({
  tableName: "items",
  columns: [col("Id", "ID", { pk: true }), col("Title", "SingleLineText"), col("Due", "Date")],
});

describe("compiled pages", () => {
  it("compiles an unfiltered page once per table and parameters, each page with its own paging", () => {
    const t = table();
    const a = compilePage(t, { limit: 25, offset: 0 });
    expect(compilePage(t, { limit: 25, offset: 0 })).toBe(a);
    const b = compilePage(t, { limit: 25, offset: 25 });
    expect(b).not.toBe(a);
    expect(b.list.params).toContain(25);
    expect(compilePage(t, { limit: 25, offset: 0, sort: ["-Title"] }).list.sql).toMatch(/ORDER BY/);
    // Another table object (the schema changed) compiles afresh.
    expect(compilePage(table(), { limit: 25, offset: 0 })).not.toBe(a);
  });

  it("compiles a filter every time: relative dates are read off the clock", () => {
    const t = table();
    const where = "(Due,eq,today)";
    const first = compilePage(t, { limit: 25, offset: 0, where });
    expect(compilePage(t, { limit: 25, offset: 0, where })).not.toBe(first);
  });

  it("keeps at most PAGE_MEMO pages per table", () => {
    const t = table();
    const first = compilePage(t, { limit: 1, offset: 0 });
    for (let i = 1; i <= PAGE_MEMO; i++) compilePage(t, { limit: 1, offset: i });
    expect(compilePage(t, { limit: 1, offset: 0 })).not.toBe(first);
  });
});
