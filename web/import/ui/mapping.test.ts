import { describe, expect, it } from "vitest";
import type { Column } from "../../api/types";
import { duplicateTargets, initialMapping, mappableColumns, mappingPairs, mappingProblem } from "./mapping";

const col = (title: string, extra: Partial<Column> = {}): Column => ({
  id: `cl_${title}`,
  title,
  column_name: title,
  uidt: "SingleLineText",
  pk: false,
  pv: false,
  rqd: false,
  cdf: null,
  system: false,
  meta: null,
  ...extra,
});
const columns = [
  col("Id", { uidt: "ID", pk: true, ai: true, rqd: true }),
  col("First name", { rqd: true }),
  col("Age", { uidt: "Number" }),
  col("Code", { rqd: true }),
  col("CreatedAt", { uidt: "CreateTime", system: true }),
  col("Total", { uidt: "Formula" }),
];

describe("mapping", () => {
  it("offers stored, editable columns only", () => {
    expect(mappableColumns(columns).map((c) => c.title)).toEqual(["First name", "Age", "Code"]);
    // The server stamps person columns: an import never maps onto them.
    const people = [col("Owner", { uidt: "CreatedBy" }), col("Editor", { uidt: "LastModifiedBy" })];
    expect(mappableColumns([...columns, ...people]).map((c) => c.title)).toEqual(["First name", "Age", "Code"]);
  });
  it("maps by name ignoring case, also after name cleaning, each target once", () => {
    expect(initialMapping(["first NAME", "age", "Age", "other"], mappableColumns(columns))).toEqual([
      "First name",
      "Age",
      "",
      "",
    ]);
    expect(initialMapping(["Code?"], [col("Code_")])).toEqual(["Code_"]);
  });
  it("refuses a mapping that leaves required columns out, naming them", () => {
    expect(mappingProblem(["First name", ""], columns)).toBe("Missing required columns: Code");
    expect(mappingProblem(["", "Age"], columns)).toBe("Missing required columns: First name, Code");
    expect(mappingProblem(["First name", "Code"], columns)).toBeNull();
  });
  it("finds targets picked twice, and lists the pairs", () => {
    expect([...duplicateTargets(["Age", "", "Age", "Code"])]).toEqual(["Age"]);
    expect(mappingPairs(["Age", "", "Code"])).toEqual([
      { source: 0, title: "Age" },
      { source: 2, title: "Code" },
    ]);
  });
});
