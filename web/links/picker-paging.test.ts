import { describe, expect, it } from "vitest";
import { clampPage, pageSummary, pickerRequest, searchWhere } from "./picker-paging";

const title = { id: "cl_1", title: "Name", uidt: "SingleLineText" as const, column_name: "name" };

describe("picker paging", () => {
  it("asks pages by offset", () => {
    expect(pickerRequest(0)).toEqual({ limit: 10, offset: 0 });
    expect(pickerRequest(2, 10, "(Name,like,%a%)")).toEqual({ limit: 10, offset: 20, where: "(Name,like,%a%)" });
    expect(pickerRequest(-1, 5)).toEqual({ limit: 5, offset: 0 });
  });

  it("searches the display column with SPEC 7's filter", () => {
    expect(searchWhere(title, " ada ")).toBe("(Name,like,%ada%)");
    expect(searchWhere({ ...title, uidt: "Number" }, "12")).toBe("(Name,eq,12)");
    expect(searchWhere(title, "  ")).toBeUndefined();
    expect(searchWhere(undefined, "x")).toBeUndefined();
    expect(searchWhere(title, "a,(b)")).toBe("(Name,like,%a  b%)");
  });

  it("summarises a page", () => {
    expect(pageSummary(0, 10, 10, { totalRows: 23 })).toEqual({
      from: 1,
      to: 10,
      total: 23,
      hasPrev: false,
      hasNext: true,
      lastPage: 2,
    });
    expect(pageSummary(2, 10, 3, { totalRows: 23 })).toEqual({
      from: 21,
      to: 23,
      total: 23,
      hasPrev: true,
      hasNext: false,
      lastPage: 2,
    });
    expect(pageSummary(0, 10, 0, { totalRows: 0 })).toEqual({
      from: 0,
      to: 0,
      total: 0,
      hasPrev: false,
      hasNext: false,
      lastPage: 0,
    });
    expect(pageSummary(0, 10, 4, undefined)).toMatchObject({ total: 4, hasNext: false });
  });

  it("steps back from a page past the end", () => {
    expect(clampPage(3, { lastPage: 1, total: 20 })).toBe(1);
    expect(clampPage(1, { lastPage: 1, total: 20 })).toBe(1);
    expect(clampPage(2, { lastPage: 0, total: 0 })).toBe(0);
  });
});
