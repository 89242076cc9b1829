import { describe, expect, it } from "vitest";
import { moveTable, reorderPlan } from "./reorder";

const tables = [
  { id: "a", order: 1 },
  { id: "b", order: 2 },
  { id: "c", order: 3 },
];

describe("moveTable", () => {
  it("moves a table up and down", () => {
    expect(moveTable(tables, "b", -1).map((t) => t.id)).toEqual(["b", "a", "c"]);
    expect(moveTable(tables, "b", 1).map((t) => t.id)).toEqual(["a", "c", "b"]);
  });

  it("stays put at the ends or for an unknown id", () => {
    expect(moveTable(tables, "a", -1).map((t) => t.id)).toEqual(["a", "b", "c"]);
    expect(moveTable(tables, "c", 1).map((t) => t.id)).toEqual(["a", "b", "c"]);
    expect(moveTable(tables, "x", 1).map((t) => t.id)).toEqual(["a", "b", "c"]);
  });
});

describe("reorderPlan", () => {
  it("sends only the tables whose position changed", () => {
    expect(reorderPlan(moveTable(tables, "c", -1))).toEqual([
      { id: "c", order: 2 },
      { id: "b", order: 3 },
    ]);
  });

  it("renumbers gaps and ties", () => {
    expect(
      reorderPlan([
        { id: "a", order: 5 },
        { id: "b", order: 5 },
      ]),
    ).toEqual([
      { id: "a", order: 1 },
      { id: "b", order: 2 },
    ]);
  });
});
