import { describe, expect, it } from "vitest";
import { pageOf, pagesToEvict, planFetches, wantedPages } from "./page-cache";

describe("wantedPages", () => {
  it("covers the viewport and overscan, visible pages first from the middle", () => {
    expect(wantedPages({ first: 250, last: 420 }, 100_000, 100, 100)).toEqual([3, 2, 4, 1, 5]);
  });
  it("clips to the row count and handles an empty table", () => {
    expect(wantedPages({ first: 0, last: 30 }, 40, 100, 100)).toEqual([0]);
    expect(wantedPages({ first: 990, last: 1030 }, 1000, 100, 50)).toEqual([9]);
    expect(wantedPages({ first: 0, last: 30 }, 0, 100, 100)).toEqual([]);
  });
  it("gives one page for a viewport deep in a million rows", () => {
    expect(wantedPages({ first: 987_654, last: 987_680 }, 1_000_000, 100, 0)).toEqual([9876]);
    expect(pageOf(999_999, 100)).toBe(9999);
  });
});

describe("planFetches", () => {
  it("starts missing pages up to the concurrency limit", () => {
    expect(planFetches([3, 2, 4, 1, 5], new Set([2]), new Set([4]), 3)).toEqual({ start: [3, 1], abort: [] });
  });
  it("aborts pages scrolled past and reuses their slots", () => {
    expect(planFetches([50, 51], new Set(), new Set([1, 2]), 2)).toEqual({ start: [50, 51], abort: [1, 2] });
  });
  it("never aborts a pinned page (a copy or paste waits for it)", () => {
    expect(planFetches([50], new Set(), new Set([1]), 2, new Set([1]))).toEqual({ start: [50], abort: [] });
  });
});

describe("pagesToEvict", () => {
  it("drops the least recently used pages beyond the limit, keeping wanted ones", () => {
    const used = new Map([
      [0, 10],
      [1, 5],
      [2, 30],
      [3, 1],
      [4, 20],
    ]);
    expect(pagesToEvict(used, new Set([3]), 3)).toEqual([1, 0]);
    expect(pagesToEvict(used, new Set(), 10)).toEqual([]);
  });
});
