import { describe, expect, it } from "vitest";
import { pageInfo, wholeList } from "./page-info";

describe("pageInfo", () => {
  it("numbers pages from 1 and marks the first and last", () => {
    expect(pageInfo(60, 25, 0)).toEqual({ totalRows: 60, page: 1, pageSize: 25, isFirstPage: true, isLastPage: false });
    expect(pageInfo(60, 25, 25)).toMatchObject({ page: 2, isFirstPage: false, isLastPage: false });
    expect(pageInfo(60, 25, 50)).toMatchObject({ page: 3, isLastPage: true });
    expect(pageInfo(0, 25, 0)).toMatchObject({ page: 1, isFirstPage: true, isLastPage: true });
  });

  it("answers a whole list as page 1 of 1, also when empty", () => {
    expect(wholeList(["a", "b"]).pageInfo).toEqual({
      totalRows: 2,
      page: 1,
      pageSize: 2,
      isFirstPage: true,
      isLastPage: true,
    });
    expect(wholeList([]).pageInfo).toMatchObject({ totalRows: 0, isFirstPage: true, isLastPage: true });
  });
});
