import { describe, expect, it } from "vitest";
import type { RowColumn } from "../../rows/row-codec";
import { groupPage, groupWhere, stackGroups } from "./group-pages";

const col = (id: string, title: string, uidt: string, options: Record<string, unknown> = {}) =>
  ({ id, title, uidt, options }) as unknown as RowColumn;
const cols = [
  col("c1", "Title", "SingleLineText"),
  col("c2", "Status", "SingleSelect", { options: [{ title: "todo" }, { title: "done" }] }),
];

describe("the grouped list's groups", () => {
  it("are the options in order, then records without one; or the ones asked for", () => {
    expect(stackGroups(cols, [], "c2", undefined).keys).toEqual(["todo", "done", null]);
    expect(stackGroups(cols, [], "c2", " ").keys).toEqual(["todo", "done", null]);
    expect(stackGroups(cols, [], "c2", '["done", null]').keys).toEqual(["done", null]);
  });

  it("refuse a computed, unknown or non-select column and a bad optionsArrJson", () => {
    expect(() => stackGroups(cols, [{ id: "v1" }], "v1", undefined)).toThrow(
      "Grouping by a computed field is not supported",
    );
    expect(() => stackGroups(cols, [], "nope", undefined)).toThrow(
      "columnId: column 'nope' is not a column of this table",
    );
    expect(() => stackGroups(cols, [], "c1", undefined)).toThrow("columnId: 'Title' is not a single select field");
    expect(() => stackGroups(cols, [], "c2", "{")).toThrow("optionsArrJson is not valid JSON");
    expect(() => stackGroups(cols, [], "c2", "[1]")).toThrow("optionsArrJson must be a JSON array");
    expect(() => stackGroups(cols, [], "c2", JSON.stringify(Array(101).fill(null)))).toThrow("at most 100 groups");
  });

  it("each read the list's filter and the option (blank for null), answered as a page", () => {
    const base = { type: "cond", logicalOp: "and", column: "Title", op: "eq", value: "x" } as const;
    expect(groupWhere(null, "Status", null)).toEqual({ type: "cond", logicalOp: "and", column: "Status", op: "blank" });
    expect(groupWhere(base, "Status", "todo")).toEqual({
      type: "group",
      logicalOp: "and",
      children: [base, { type: "cond", logicalOp: "and", column: "Status", op: "eq", value: "todo" }],
    });
    expect(groupPage("todo", [{ Id: 1 }], 3, { limit: 1, offset: 0 })).toMatchObject({
      key: "todo",
      value: { list: [{ Id: 1 }], pageInfo: { totalRows: 3, page: 1, pageSize: 1, isLastPage: false } },
    });
  });
});
