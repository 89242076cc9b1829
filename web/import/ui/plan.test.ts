import { describe, expect, it } from "vitest";
import type { SourcePreview } from "../protocol";
import {
  IMPORT_TYPES,
  columnProblem,
  initialPlan,
  planReady,
  plannedColumns,
  sampleTexts,
  tableProblem,
  withType,
} from "./plan";

const preview = (tables: SourcePreview["tables"]): SourcePreview => ({ tables, notices: [] });
const csv = preview([
  {
    ref: "people.csv",
    headers: ["Name", "Age", "Tag", ""],
    sample: [
      ["Ann", "3", "a", "x"],
      ["Bob", "4", "a", "y"],
    ],
    totalRows: 2,
  },
]);

describe("initialPlan", () => {
  it("names a single table after the file and detects its columns", () => {
    const [t] = initialPlan(csv, "people.csv", ["people"]);
    expect(t!.name).toBe("people_1");
    expect(t!.columns.map((c) => [c.name, c.uidt, c.include])).toEqual([
      ["Name", "SingleLineText", true],
      ["Age", "Number", true],
      ["Tag", "SingleSelect", true],
      ["field_4", "SingleLineText", true],
    ]);
    expect(t!.columns[2]!.colOptions).toEqual({ options: [{ title: "a" }] });
  });
  it("names tables after their sheets when there are several", () => {
    const plans = initialPlan(
      preview([
        { ref: "Q1/Q2", headers: ["a"], sample: [], totalRows: 0 },
        { ref: "Q1_Q2", headers: ["a"], sample: [], totalRows: 0 },
      ]),
      "book.xlsx",
      [],
    );
    expect(plans.map((p) => p.name)).toEqual(["Q1_Q2", "Q1_Q2_1"]);
  });
  it("names a spreadsheet's only table after its sheet", () => {
    const plans = initialPlan(
      preview([{ ref: "Tasks", headers: ["a"], sample: [], totalRows: 0 }]),
      "book.ods",
      [],
      true,
    );
    expect(plans.map((p) => p.name)).toEqual(["Tasks"]);
  });
});

describe("editing the plan", () => {
  it("offers the stored types in SPEC order", () => {
    expect(IMPORT_TYPES.slice(0, 4)).toEqual(["SingleLineText", "LongText", "Attachment", "Checkbox"]);
    expect(IMPORT_TYPES).not.toContain("Formula");
    expect(IMPORT_TYPES).not.toContain("ID");
    expect(IMPORT_TYPES.at(-1)).toBe("SpecificDBType");
  });
  it("recomputes settings when a type is picked", () => {
    const [t] = initialPlan(csv, "people.csv", []);
    const cols = withType(t!, 0, "SingleSelect");
    expect(cols[0]).toMatchObject({
      uidt: "SingleSelect",
      colOptions: { options: [{ title: "Ann" }, { title: "Bob" }] },
    });
    expect(withType(t!, 2, "SingleLineText")[2]).toEqual({
      source: 2,
      header: "Tag",
      name: "Tag",
      include: true,
      uidt: "SingleLineText",
    });
  });
  it("shows sample values", () => {
    const [t] = initialPlan(csv, "people.csv", []);
    expect(sampleTexts(t!, 0)).toEqual(["Ann", "Bob"]);
  });
  it("checks column names: blank, duplicate, system names; excluded columns are not checked", () => {
    const [t] = initialPlan(csv, "people.csv", []);
    const cols = t!.columns;
    cols[1]!.name = " ";
    expect(columnProblem(t!, cols[1]!)).toBe("required");
    cols[1]!.name = "name";
    expect(columnProblem(t!, cols[1]!)).toBe("duplicate");
    cols[1]!.include = false;
    expect(columnProblem(t!, cols[1]!)).toBeNull();
    cols[3]!.name = "createdat";
    expect(columnProblem(t!, cols[3]!)).toBe("duplicate");
  });
  it("checks table names against the project and the other planned tables", () => {
    const plans = initialPlan(csv, "people.csv", []);
    plans[0]!.name = "a.b";
    expect(tableProblem(plans, plans[0]!, [])).toEqual({
      key: "msg.error.followingCharactersAreNotAllowed",
      values: { chars: "." },
    });
    plans[0]!.name = "Existing";
    expect(tableProblem(plans, plans[0]!, ["existing"])).toEqual({ key: "msg.error.tableNameDuplicate" });
    expect(planReady(plans, ["existing"])).toBe(false);
    plans[0]!.name = "Fine";
    expect(planReady(plans, ["existing"])).toBe(true);
    plans[0]!.columns.forEach((c) => (c.include = false));
    expect(planReady(plans, [])).toBe(false);
  });
  it("gives the job the included columns with their settings", () => {
    const [t] = initialPlan(csv, "people.csv", []);
    t!.columns[0]!.include = false;
    expect(plannedColumns(t!).map((c) => [c.source, c.title, c.uidt])).toEqual([
      [1, "Age", "Number"],
      [2, "Tag", "SingleSelect"],
      [3, "field_4", "SingleLineText"],
    ]);
  });
});
