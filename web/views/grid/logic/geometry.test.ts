import { describe, expect, it } from "vitest";
import { columnLayout, columnWindow, revealColumn } from "./column-layout";
import { logicalTop, revealRow, rowWindow, scrollGeometry, scrollTopFor } from "./scroll-scale";

describe("scroll geometry", () => {
  it("maps 1:1 while the content fits", () => {
    const g = scrollGeometry(100_000, 32, 800);
    expect(g.scaled).toBe(false);
    expect(logicalTop(6400, g)).toBe(6400);
    expect(rowWindow(6400, g, 5)).toEqual({ first: 195, last: 229, visibleFirst: 200, visibleLast: 224 });
  });
  it("scales a million medium rows into the browser's height and reaches both ends", () => {
    const g = scrollGeometry(1_000_000, 56, 800, 8_000_000);
    expect(g.scaled).toBe(true);
    expect(g.scrollArea).toBe(8_000_000);
    expect(logicalTop(0, g)).toBe(0);
    const bottom = logicalTop(g.scrollArea - g.viewport, g);
    expect(bottom).toBeCloseTo(g.content - g.viewport, 3);
    expect(rowWindow(bottom, g, 0).visibleLast).toBe(999_999);
    expect(scrollTopFor(bottom, g)).toBeCloseTo(g.scrollArea - g.viewport, 3);
    expect(logicalTop(scrollTopFor(5_000_000, g), g)).toBeCloseTo(5_000_000, 3);
  });
  it("handles an empty grid and reveals rows above or below", () => {
    const g = scrollGeometry(0, 32, 800);
    expect(rowWindow(0, g, 5)).toEqual({ first: 0, last: -1, visibleFirst: 0, visibleLast: -1 });
    const h = scrollGeometry(1000, 32, 320);
    expect(revealRow(5, 320, h)).toBe(160);
    expect(revealRow(25, 320, h)).toBe(32 * 26 - 320);
    expect(revealRow(12, 320, h)).toBeNull();
  });
});

describe("column layout", () => {
  const layout = columnLayout([200, 100, 100, 100, 100, 100], 60);
  it("places columns after the gutter", () => {
    expect(layout.lefts).toEqual([60, 260, 360, 460, 560, 660]);
    expect(layout.total).toBe(760);
  });
  it("draws the columns in view right of the frozen part", () => {
    expect(columnWindow(layout, 0, 450, 0)).toEqual({ first: 1, last: 2 });
    expect(columnWindow(layout, 150, 450, 0)).toEqual({ first: 2, last: 4 });
    expect(columnWindow(layout, 150, 450, 1)).toEqual({ first: 1, last: 5 });
    expect(columnWindow(columnLayout([200], 60), 0, 450)).toEqual({ first: 1, last: 0 });
  });
  it("scrolls a column out from under the frozen part or into the right edge", () => {
    expect(revealColumn(layout, 1, 100, 450)).toBe(0);
    expect(revealColumn(layout, 4, 0, 450)).toBe(660 - 450);
    expect(revealColumn(layout, 2, 100, 450)).toBeNull();
    expect(revealColumn(layout, 0, 500, 450)).toBe(0);
    expect(revealColumn(layout, 0, 0, 450)).toBeNull();
  });
});
