import { describe, expect, it } from "vitest";
import { ROLLUP_FUNCTIONS } from "../fields/Rollup";
import { fieldType } from "../fields/registry";
import { computedResultType } from "./result-type";

describe("computedResultType", () => {
  it("gives a belongs-to lookup its target's type and a list lookup text", () => {
    expect(computedResultType({ uidt: "Lookup", many: false, target: "Date", targetIsList: false })).toBe("Date");
    expect(computedResultType({ uidt: "Lookup", many: true, target: "Date", targetIsList: false })).toBe("LongText");
    // A lookup of a lookup that is a list stays a list.
    expect(computedResultType({ uidt: "Lookup", many: false, target: "LongText", targetIsList: true })).toBe(
      "LongText",
    );
  });

  it("makes every rollup function a number and a formula its checked type", () => {
    for (const fn of ROLLUP_FUNCTIONS)
      expect(fieldType(computedResultType({ uidt: "Rollup", fn })).filterOps).toContain("gt");
    expect(computedResultType({ uidt: "Formula", type: "boolean" })).toBe("Checkbox");
    expect(computedResultType({ uidt: "Formula", type: "number" })).toBe("Decimal");
    expect(computedResultType({ uidt: "Formula", type: "date" })).toBe("Date");
    expect(computedResultType({ uidt: "Formula", type: "string" })).toBe("SingleLineText");
  });

  it("never answers a computed type, whose own operators nobody compiles", () => {
    const shapes = [
      { uidt: "LinkToAnotherRecord", many: true },
      { uidt: "LinkToAnotherRecord", many: false },
      { uidt: "Formula", type: "datetime" },
      { uidt: "Formula", type: "null" },
    ] as const;
    for (const s of shapes) expect(fieldType(computedResultType(s)).virtual).toBe(false);
  });
});
