import { describe, expect, it } from "vitest";
import type { Column } from "../api/types";
import { orderHeaders } from "./header-order";

const col = (id: string): Column => ({
  id,
  title: id.toUpperCase(),
  column_name: id,
  uidt: "SingleLineText",
  pk: false,
  pv: false,
  rqd: false,
  cdf: null,
  system: false,
  meta: {},
});
const columns = [col("a"), col("b"), col("c")];

describe("XLSX header order", () => {
  it("follows the view's column order, not the table's", () => {
    const grid = [
      { id: "g1", fk_column_id: "a", show: true, order: 3 },
      { id: "g2", fk_column_id: "c", show: true, order: 1 },
      { id: "g3", fk_column_id: "b", show: true, order: 2 },
    ];
    expect(orderHeaders(["A", "B", "C"], grid, columns)).toEqual(["C", "B", "A"]);
  });
  it("keeps fields the view does not place after the placed ones, and all of them without view columns", () => {
    expect(orderHeaders(["A", "B", "Id"], [{ id: "g", fk_column_id: "b", show: true, order: 1 }], columns)).toEqual([
      "B",
      "A",
      "Id",
    ]);
    expect(orderHeaders(["A", "B"], [], columns)).toEqual(["A", "B"]);
  });
});
