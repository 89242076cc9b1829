import { describe, expect, it } from "vitest";
import { bucketRange, drillFilters } from "./drill";

describe("click through filters", () => {
  it("turns bucket labels into the range of days they cover", () => {
    expect(bucketRange("2024-12", "month")).toEqual({ from: "2024-12-01", to: "2025-01-01" });
    expect(bucketRange("2024-Q4", "quarter")).toEqual({ from: "2024-10-01", to: "2025-01-01" });
    expect(bucketRange("2024", "year")).toEqual({ from: "2024-01-01", to: "2025-01-01" });
    expect(bucketRange("2024-02-26", "week")).toEqual({ from: "2024-02-26", to: "2024-03-04" });
    expect(bucketRange("2024-02-28T00:00:00Z", "day")).toEqual({ from: "2024-02-28", to: "2024-02-29" });
    expect(bucketRange("soon", "day")).toBeNull();
  });

  it("selects a bar's records: the widget's filters, its x value and its series", () => {
    const f = drillFilters(
      {
        x: { column_id: "status" },
        series: { column_id: "owner" },
        y: [{ agg: "count" }],
        filters: [{ fk_column_id: "n", comparison_op: "gt", value: 3 }],
      },
      { x: "Open", series: "Ana" },
    );
    expect(f.map((x) => [x.fk_column_id, x.comparison_op, x.value])).toEqual([
      ["n", "gt", 3],
      ["status", "eq", "Open"],
      ["owner", "eq", "Ana"],
    ]);
  });

  it("selects empty values with blank, and a month by its range", () => {
    expect(drillFilters({ x: { column_id: "s" }, y: [{ agg: "count" }] }, { x: null })[0]?.comparison_op).toBe("blank");
    const f = drillFilters({ x: { column_id: "d", bucket: "month" }, y: [{ agg: "count" }] }, { x: "2024-02" });
    expect(f.map((x) => [x.comparison_op, x.value])).toEqual([
      ["gte", "2024-02-01"],
      ["lt", "2024-03-01"],
    ]);
  });
});
