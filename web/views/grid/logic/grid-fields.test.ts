import { describe, expect, it } from "vitest";
import type { Column } from "../../../api/types";
import { gridFields, moveField, orderPlan, parseWidth, visibleFields } from "./grid-fields";

const col = (id: string, extra: Partial<Column> = {}): Column => ({
  id,
  title: id,
  column_name: id,
  uidt: "SingleLineText",
  pk: false,
  pv: false,
  rqd: false,
  cdf: null,
  system: false,
  meta: {},
  ...extra,
});
const columns = [
  col("Id", { uidt: "ID", pk: true, ai: true }),
  col("Title", { pv: true }),
  col("A"),
  col("B", { uidt: "Checkbox" }),
  col("Created", { system: true }),
];

describe("gridFields", () => {
  it("hides system columns and the key, puts the display value first", () => {
    const fields = gridFields(columns, null);
    expect(fields.map((f) => f.column.id)).toEqual(["Title", "A", "B"]);
    expect(fields.map((f) => f.width)).toEqual([220, 180, 100]);
    expect(gridFields(columns, null, true).map((f) => f.column.id)).toContain("Created");
  });
  it("follows the view's order, visibility and widths; unlisted columns come last", () => {
    const fields = gridFields(columns, [
      { id: "g1", fk_column_id: "Title", show: true, order: 1, width: "300px" },
      { id: "g2", fk_column_id: "B", show: 1, order: 2, width: null },
      { id: "g3", fk_column_id: "A", show: 0, order: 3 },
    ]);
    expect(fields.map((f) => [f.column.id, f.show, f.width])).toEqual([
      ["Title", true, 300],
      ["B", true, 100],
      ["A", false, 180],
    ]);
    expect(visibleFields(fields).map((f) => f.column.id)).toEqual(["Title", "B"]);
  });
  it("clamps widths", () => {
    expect(parseWidth("10px")).toBe(60);
    expect(parseWidth("99999px")).toBe(1200);
    expect(parseWidth("abc")).toBeNull();
  });
});

describe("reordering", () => {
  const fields = gridFields(columns, [
    { id: "g1", fk_column_id: "Title", show: true, order: 1 },
    { id: "g2", fk_column_id: "A", show: true, order: 2 },
    { id: "g3", fk_column_id: "B", show: true, order: 3 },
  ]);
  it("moves a field but never the frozen first one", () => {
    expect(moveField(fields, 2, 1).map((f) => f.column.id)).toEqual(["Title", "B", "A"]);
    expect(moveField(fields, 0, 2).map((f) => f.column.id)).toEqual(["Title", "A", "B"]);
    expect(moveField(fields, 1, 0).map((f) => f.column.id)).toEqual(["Title", "A", "B"]);
  });
  it("sends only the changed orders", () => {
    expect(orderPlan(moveField(fields, 2, 1))).toEqual([
      { id: "g3", order: 2 },
      { id: "g2", order: 3 },
    ]);
  });
});
