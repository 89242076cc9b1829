import { describe, expect, it } from "vitest";
import { countRows, mergeRanges, rangeText, toRanges } from "./ranges";
import { batchFailure } from "./server-errors";

describe("row ranges", () => {
  it("compresses row numbers", () => {
    expect(toRanges([7, 1, 2, 3, 9, 8])).toEqual([
      { from: 1, to: 3 },
      { from: 7, to: 9 },
    ]);
    expect(toRanges([])).toEqual([]);
  });
  it("merges touching and overlapping ranges", () => {
    expect(
      mergeRanges([
        { from: 6, to: 10 },
        { from: 1, to: 5 },
        { from: 12, to: 12 },
      ]),
    ).toEqual([
      { from: 1, to: 10 },
      { from: 12, to: 12 },
    ]);
  });
  it("prints and counts", () => {
    expect(
      [
        { from: 1, to: 1 },
        { from: 2, to: 5 },
      ].map(rangeText),
    ).toEqual(["1", "2-5"]);
    expect(
      countRows([
        { from: 1, to: 1 },
        { from: 2, to: 5 },
      ]),
    ).toBe(5);
  });
});

describe("batchFailure", () => {
  it("replaces the request position with the source row", () => {
    expect(batchFailure('Row 2: Email: "x" is not a valid e-mail address', [10, 12, 13])).toEqual({
      row: 12,
      message: 'Row 12: Email: "x" is not a valid e-mail address',
    });
  });
  it("names the row of a one-row request, which the server does not prefix", () => {
    expect(batchFailure("Name is required", [42])).toEqual({ row: 42, message: "Row 42: Name is required" });
  });
  it("keeps other messages", () => {
    expect(batchFailure("At most 10000 rows per request", [1, 2])).toEqual({
      row: null,
      message: "At most 10000 rows per request",
    });
    expect(batchFailure("Row 9: out of range", [1, 2])).toEqual({ row: null, message: "Row 9: out of range" });
  });
});
