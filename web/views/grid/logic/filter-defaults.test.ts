import { describe, expect, it } from "vitest";
import type { Column } from "../../../api/types";
import { codecFor } from "../../../fields/codec";
import { filterDefaults } from "./filter-defaults";
import type { FilterNode } from "./filters";

const column = (id: string, title: string, uidt: string, extra: Partial<Column> = {}) =>
  ({ id, title, uidt, column_name: title.toLowerCase(), ...extra }) as Column;
const COLUMNS = [
  column("c1", "Status", "SingleSelect", { colOptions: { options: [{ title: "Open" }, { title: "Won" }] } } as never),
  column("c2", "Amount", "Number"),
  column("c3", "Done", "Checkbox"),
  column("c4", "Name", "SingleLineText"),
];
const codecOf = (id: string) => {
  const c = COLUMNS.find((x) => x.id === id);
  return c ? codecFor(c) : undefined;
};
const cond = (columnId: string, op: string, value?: string, logicalOp: "and" | "or" = "and"): FilterNode =>
  ({ key: columnId + op, isGroup: false, logicalOp, columnId, op, value, children: [] }) as FilterNode;

describe("new record values from the view's filters", () => {
  it("takes equal values and checkbox states when the filters are ANDed", () => {
    expect(
      filterDefaults(
        [cond("c1", "eq", "Won"), cond("c2", "eq", "250"), cond("c3", "checked"), cond("c4", "like", "x")],
        codecOf,
      ),
    ).toEqual({ Status: "Won", Amount: 250, Done: true });
  });

  it("takes nothing from an or, a group, or a value the field refuses", () => {
    expect(filterDefaults([cond("c1", "eq", "Won"), cond("c2", "eq", "1", "or")], codecOf)).toEqual({});
    expect(filterDefaults([cond("c1", "eq", "Lost")], codecOf)).toEqual({});
    expect(filterDefaults([{ ...cond("c1", "eq", "Won"), isGroup: true }], codecOf)).toEqual({});
  });
});
