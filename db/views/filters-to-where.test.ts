import { describe, expect, it } from "vitest";
import type { ColumnRow, FilterRow } from "../store/schema";
import { arrayTree, storedTree, valueText } from "./filters-to-where";

const col = (id: string, title: string): ColumnRow =>
  ({ id, title, uidt: "SingleLineText", modelId: "md_1", columnName: title.toLowerCase(), meta: "{}" }) as ColumnRow;
const cols = [col("cl_a", "Name"), col("cl_b", "Due")];

let n = 0;
const row = (f: Partial<FilterRow>): FilterRow => ({
  id: `fi_${++n}`,
  viewId: "vw_1",
  hookId: null,
  parentId: null,
  columnId: null,
  logicalOp: "and",
  comparisonOp: null,
  comparisonSubOp: null,
  value: null,
  isGroup: 0,
  order: n,
  createdAt: "",
  updatedAt: "",
  ...f,
});

describe("saved filters as a where tree", () => {
  it("nests groups, names columns by title and keeps sub-operators apart", () => {
    const first = row({ columnId: "cl_a", comparisonOp: "eq", value: "x" });
    const group = row({ isGroup: 1, logicalOp: "or" });
    const rows = [
      first,
      group,
      row({ parentId: group.id, columnId: "cl_b", comparisonOp: "isWithin", comparisonSubOp: "pastWeek" }),
      row({ parentId: group.id, columnId: "cl_a", comparisonOp: "blank", logicalOp: "not" }),
    ];
    expect(storedTree(rows, cols)).toEqual({
      type: "group",
      logicalOp: "and",
      children: [
        { type: "cond", logicalOp: "and", column: "Name", op: "eq", value: "x" },
        {
          type: "group",
          logicalOp: "or",
          children: [
            { type: "cond", logicalOp: "and", column: "Due", op: "isWithin", value: undefined, subOp: "pastWeek" },
            { type: "cond", logicalOp: "not", column: "Name", op: "blank", value: undefined },
          ],
        },
      ],
    });
  });

  it("leaves out half-typed conditions and those whose column is gone", () => {
    expect(
      storedTree([row({ columnId: "cl_a" }), row({ columnId: "cl_gone", comparisonOp: "eq", value: "1" })], cols),
    ).toBeNull();
    expect(storedTree([], cols)).toBeNull();
  });

  it("reads filterArrJson with children and names a bad item", () => {
    const text = JSON.stringify([
      { is_group: true, children: [{ fk_column_id: "cl_a", comparison_op: "in", value: ["a", 2] }] },
    ]);
    expect(arrayTree(text, cols)).toEqual({
      type: "group",
      logicalOp: "and",
      children: [
        {
          type: "group",
          logicalOp: "and",
          children: [{ type: "cond", logicalOp: "and", column: "Name", op: "in", value: "a,2" }],
        },
      ],
    });
    expect(() => arrayTree("[{", cols)).toThrow("filterArrJson is not valid JSON");
    expect(() => arrayTree(JSON.stringify([{}, { logical_op: "xor" }]), cols)).toThrow(
      "filterArrJson[1].logical_op: must be and, or or not",
    );
    expect(() => arrayTree(JSON.stringify([{ fk_column_id: "cl_x", comparison_op: "eq" }]), cols)).toThrow(
      "filterArrJson[0].fk_column_id",
    );
    expect(arrayTree("", cols)).toBeNull();
  });

  it("writes values as text", () => {
    expect([valueText(3), valueText(true), valueText(["a", 1]), valueText(null), valueText("")]).toEqual([
      "3",
      "true",
      "a,1",
      undefined,
      "",
    ]);
  });
});
