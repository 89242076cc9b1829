import { describe, expect, it } from "vitest";
import type { LoadedPages } from "../views/grid/data/row-store";
import { appendRow, findRow, removeRow } from "./row-cache";

/** Pages of `size` rows with Id 1..total; only the listed pages loaded. */
function loaded(total: number, size: number, pages: number[]): LoadedPages {
  const map = new Map<number, Array<Record<string, unknown>>>();
  for (const p of pages) {
    const rows = [];
    for (let i = p * size; i < Math.min(total, (p + 1) * size); i++) rows.push({ Id: i + 1 });
    map.set(p, rows);
  }
  return { pages: map, totalRows: total, pageSize: size };
}
const ids = (rows: ReadonlyArray<Record<string, unknown>> | undefined) => rows?.map((r) => r.Id);

describe("row cache: another tab's delete", () => {
  it("finds rows by key as text", () => {
    expect(findRow(loaded(10, 4, [0, 1]).pages, "Id", "6")).toEqual({ page: 1, index: 1 });
    expect(findRow(loaded(10, 4, [0]).pages, "Id", 6)).toBeNull();
  });

  it("moves later rows up within the loaded run; the run's last page is fetched again", () => {
    const edit = removeRow(loaded(12, 4, [0, 1, 2]), "Id", "2")!;
    expect(edit.totalRows).toBe(11);
    expect(ids(edit.pages.get(0))).toEqual([1, 3, 4, 5]);
    expect(ids(edit.pages.get(1))).toEqual([6, 7, 8, 9]);
    // The last page of the table is complete: nothing to fetch.
    expect(ids(edit.pages.get(2))).toEqual([10, 11, 12]);
    expect(edit.refetch).toEqual([]);

    const middle = removeRow(loaded(20, 4, [0, 1, 3]), "Id", 3)!;
    expect(ids(middle.pages.get(1))).toEqual([6, 7, 8]);
    // Page 1 lacks the first row of page 2 (not loaded); page 3 is after a gap: both again.
    expect(middle.refetch).toEqual([1, 3]);
    expect(ids(middle.pages.get(3))).toEqual([13, 14, 15, 16]);
  });

  it("drops a page that is past the end now", () => {
    const edit = removeRow(loaded(5, 4, [0, 1]), "Id", 1)!;
    expect(edit.totalRows).toBe(4);
    expect(ids(edit.pages.get(0))).toEqual([2, 3, 4, 5]);
    expect(edit.pages.has(1)).toBe(false);
    expect(edit.refetch).toEqual([]);
  });

  it("does nothing for a row that is not loaded", () => {
    expect(removeRow(loaded(20, 4, [0]), "Id", 9)).toBeNull();
  });
});

describe("row cache: another tab's insert", () => {
  it("adds the row to the loaded last page", () => {
    const edit = appendRow(loaded(6, 4, [0, 1]), "Id", { Id: 7 })!;
    expect(edit.totalRows).toBe(7);
    expect(ids(edit.pages.get(1))).toEqual([5, 6, 7]);
  });

  it("starts a new page after a full loaded one, and fills an empty table", () => {
    const edit = appendRow(loaded(8, 4, [0, 1]), "Id", { Id: 9 })!;
    expect(ids(edit.pages.get(2))).toEqual([9]);
    const empty = appendRow({ pages: new Map([[0, []]]), totalRows: 0, pageSize: 4 }, "Id", { Id: 1 })!;
    expect(ids(empty.pages.get(0))).toEqual([1]);
    expect(empty.totalRows).toBe(1);
  });

  it("only counts the row when the last page is not loaded", () => {
    const edit = appendRow(loaded(20, 4, [0]), "Id", { Id: 21 })!;
    expect(edit.totalRows).toBe(21);
    expect([...edit.pages.keys()]).toEqual([0]);
  });

  it("is idempotent: a row already loaded (this tab's own insert) is not added again", () => {
    expect(appendRow(loaded(6, 4, [0, 1]), "Id", { Id: 6 })).toBeNull();
    expect(appendRow({ pages: new Map(), totalRows: null, pageSize: 4 }, "Id", { Id: 1 })).toBeNull();
  });
});
