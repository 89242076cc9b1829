import { describe, expect, it } from "vitest";
import {
  clampPos,
  colsInRow,
  contains,
  extendTo,
  rectCols,
  rectOf,
  rectRows,
  rowsSelection,
  single,
} from "./selection";

const bounds = { rows: 10, cols: 4 };

describe("range selection", () => {
  it("normalises a range whichever way it was dragged", () => {
    const r = rectOf({ anchor: { row: 5, col: 3 }, focus: { row: 2, col: 1 } });
    expect(r).toEqual({ top: 2, bottom: 5, left: 1, right: 3 });
    expect(rectRows(r)).toBe(4);
    expect(rectCols(r)).toBe(3);
    expect(contains(r, { row: 2, col: 1 })).toBe(true);
    expect(contains(r, { row: 6, col: 1 })).toBe(false);
  });
  it("clamps positions and drags to the grid", () => {
    expect(clampPos({ row: -3, col: 9 }, bounds)).toEqual({ row: 0, col: 3 });
    expect(clampPos({ row: 4, col: 2 }, { rows: 0, cols: 0 })).toEqual({ row: 0, col: 0 });
    expect(extendTo(single({ row: 1, col: 1 }), { row: 50, col: -1 }, bounds)).toEqual({
      anchor: { row: 1, col: 1 },
      focus: { row: 9, col: 0 },
    });
  });
  it("tells each row which columns to draw selected", () => {
    const r = rectOf({ anchor: { row: 1, col: 0 }, focus: { row: 2, col: 2 } });
    expect(colsInRow(r, 0)).toBeNull();
    expect(colsInRow(r, 2)).toEqual([0, 2]);
    expect(colsInRow(null, 2)).toBeNull();
  });
  it("selects whole rows", () => {
    expect(rowsSelection(7, 3, bounds)).toEqual({ anchor: { row: 7, col: 0 }, focus: { row: 3, col: 3 } });
  });
});
