import { describe, expect, it } from "vitest";
import { runsOf } from "./audit";

describe("runs of inserted ids", () => {
  it("joins consecutive ids and splits at every gap", () => {
    expect(runsOf([1, 2, 3, 4])).toEqual([[1, 4]]);
    expect(runsOf([5, 6, 9, 10, 12])).toEqual([
      [5, 6],
      [9, 10],
      [12, 12],
    ]);
    expect(runsOf([])).toEqual([]);
  });
});
