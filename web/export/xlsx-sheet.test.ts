import { describe, expect, it } from "vitest";
import type { Column } from "../api/types";
import { exportColumns, sheetTitle } from "./xlsx-sheet";

describe("exportColumns", () => {
  it("types each CSV column by the field of its title; computed and unknown ones are untyped", () => {
    const columns = [
      { title: "When", uidt: "DateTime", meta: { date_format: "DD/MM/YYYY" } },
      { title: "Owner", uidt: "Lookup" },
      { title: "Done", uidt: "Checkbox" },
    ] as unknown as Column[];
    expect(exportColumns(["Done", "When", "Owner", "Gone"], columns)).toEqual([
      { uidt: "Checkbox", title: "Done", options: {} },
      { uidt: "DateTime", title: "When", options: { date_format: "DD/MM/YYYY", time_format: "HH:mm" } },
      null,
      null,
    ]);
  });
});

describe("sheetTitle", () => {
  it("drops the characters Excel refuses and keeps 31", () => {
    expect(sheetTitle("Q1/Q2 [draft]?")).toBe("Q1_Q2 _draft__");
    expect(sheetTitle("x".repeat(40))).toHaveLength(31);
    expect(sheetTitle("")).toBe("Sheet1");
  });
});
