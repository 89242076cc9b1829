import { describe, expect, it } from "vitest";
import type { Column } from "../../api/types";
import { groupOf, nodesOf } from "./condition-editor";

const columns = [
  { id: "c1", title: "Kind", uidt: "SingleSelect", colOptions: { options: [{ title: "A" }] } },
  { id: "c2", title: "Age", uidt: "Number" },
  { id: "c3", title: "Due", uidt: "Date" },
] as unknown as Column[];

describe("the builder's conditions and a question's visibility", () => {
  it("round-trips a group with a nested or-group and keeps only complete conditions", () => {
    const visibility = {
      is_group: true as const,
      logical_op: "and" as const,
      children: [
        { fk_column_id: "c1", comparison_op: "eq" as const, comparison_sub_op: null, value: "A" },
        {
          is_group: true as const,
          logical_op: "or" as const,
          children: [
            { fk_column_id: "c2", comparison_op: "gt" as const, comparison_sub_op: null, value: "17" },
            { fk_column_id: "c3", comparison_op: "eq" as const, comparison_sub_op: "today", value: null },
          ],
        },
      ],
    };
    const { op, nodes } = nodesOf(visibility);
    expect(op).toBe("and");
    expect(groupOf(op, nodes, columns)).toEqual(visibility);
    // A row still without its value is not saved; a group left with none is dropped.
    const half = [{ ...nodes[0]!, value: "" }];
    expect(groupOf("and", half, columns)).toBeNull();
  });
});
