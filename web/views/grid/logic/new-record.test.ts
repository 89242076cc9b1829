import { describe, expect, it } from "vitest";
import type { Column } from "../../../api/types";
import { needsRecordForm } from "./new-record";

const col = (title: string, extra: Partial<Column> = {}): Column => ({
  id: title,
  title,
  column_name: title,
  uidt: "SingleLineText",
  pk: false,
  pv: false,
  rqd: false,
  cdf: null,
  system: false,
  meta: {},
  ...extra,
});

describe("a new record from the grid's bottom row", () => {
  const key = col("Id", { uidt: "ID", pk: true, ai: true, rqd: true });
  it("is inserted empty when nothing must be filled", () => {
    expect(needsRecordForm([key, col("Title"), col("By", { uidt: "CreatedBy", rqd: true })])).toBe(false);
    expect(needsRecordForm([key, col("Code", { rqd: true, cdf: "X" })])).toBe(false);
    expect(needsRecordForm([key, col("Fk", { uidt: "ForeignKey", rqd: true, system: true })])).toBe(false);
  });
  it("opens the record form when a field is required and has no default", () => {
    expect(needsRecordForm([key, col("Title", { rqd: true })])).toBe(true);
    expect(needsRecordForm([key, col("Code", { rqd: true, cdf: "" })])).toBe(true);
    expect(needsRecordForm([key, col("Customer", { uidt: "LinkToAnotherRecord", rqd: true })])).toBe(true);
  });
});
