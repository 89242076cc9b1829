import { describe, expect, it } from "vitest";
import type { Column } from "../../../api/types";
import type { Filter } from "../../../api/view-types";
import { addNode, condition, group, removeNode, setLevelOp, updateNode } from "./filter-tree-edits";
import { adoptIds, syncFilters } from "./filter-sync";
import { fromSaved, isComplete, opsFor, sameFilters, subOpsFor, toFilterArr, valueInput } from "./filters";

const col = (id: string, uidt: Column["uidt"]): Column => ({
  id,
  title: id,
  column_name: id,
  uidt,
  pk: false,
  pv: false,
  rqd: false,
  cdf: null,
  system: false,
  meta: {},
});
const columns = [col("Name", "SingleLineText"), col("Due", "Date"), col("Done", "Checkbox"), col("Qty", "Number")];

describe("filter model", () => {
  it("offers the registry's operators and date sub-operators", () => {
    expect(opsFor(columns[2])).toContain("checked");
    expect(opsFor(columns[2])).not.toContain("like");
    expect(subOpsFor(columns[1], "eq")).toContain("daysAgo");
    expect(subOpsFor(columns[1], "eq")).not.toContain("pastWeek");
    expect(subOpsFor(columns[1], "isWithin")).toContain("pastWeek");
    expect(subOpsFor(columns[0], "eq")).toEqual([]);
    expect(valueInput(columns[1], "eq", "exactDate")).toBe("date");
    expect(valueInput(columns[1], "lt", "daysAgo")).toBe("number");
    expect(valueInput(columns[1], "eq", "today")).toBe("none");
    expect(valueInput(columns[2], "checked", undefined)).toBe("none");
  });
  it("offers a computed column the operators of the type the server resolved it to", () => {
    const lookupOfDate: Column = { ...col("Due (from Parent)", "Lookup"), filter_uidt: "Date" };
    expect(opsFor(lookupOfDate)).toContain("isWithin");
    expect(subOpsFor(lookupOfDate, "eq")).toContain("daysAgo");
    const trueFalse: Column = { ...col("Late", "Formula"), filter_uidt: "Checkbox" };
    expect(opsFor(trueFalse)).toContain("checked");
    expect(opsFor(trueFalse)).not.toContain("neq");
    const rollup: Column = { ...col("Items", "Rollup"), filter_uidt: "Decimal" };
    expect(opsFor(rollup)).not.toContain("like");
    // A formula the server could not compile offers nothing rather than operators it would refuse.
    expect(opsFor(col("Broken", "Formula"))).toEqual([]);
  });
  it("sends complete conditions only, groups with their children", () => {
    let tree = addNode([], null, { ...condition("and", "Name"), op: "like", value: "ab" });
    const g = group("and");
    tree = addNode(tree, null, g);
    tree = addNode(tree, g.key, { ...condition("and", "Qty"), op: "gt", value: "3" });
    tree = addNode(tree, g.key, { ...condition("and", "Due"), op: "eq", subOp: "daysAgo" });
    tree = setLevelOp(tree, g.key, "or");
    tree = addNode(tree, null, { ...condition("and", "Done"), op: "checked" });
    expect(toFilterArr(tree, columns)).toEqual([
      { fk_column_id: "Name", comparison_op: "like", comparison_sub_op: null, value: "ab", logical_op: "and" },
      {
        is_group: true,
        logical_op: "and",
        children: [{ fk_column_id: "Qty", comparison_op: "gt", comparison_sub_op: null, value: "3", logical_op: "or" }],
      },
      { fk_column_id: "Done", comparison_op: "checked", comparison_sub_op: null, value: null, logical_op: "and" },
    ]);
    const dueKey = tree[1]!.children[1]!.key;
    expect(isComplete(tree[1]!.children[1]!, columns)).toBe(false);
    const done = updateNode(tree, dueKey, { value: "7" });
    expect(isComplete(done[1]!.children[1]!, columns)).toBe(true);
    expect(sameFilters(tree, removeNode(tree, dueKey), columns)).toBe(true);
    expect(sameFilters(tree, done, columns)).toBe(false);
  });
  it("reads saved filters back", () => {
    const saved: Filter[] = [
      {
        id: "fi_1",
        is_group: 1,
        logical_op: "and",
        order: 1,
        children: [{ id: "fi_2", fk_column_id: "Qty", comparison_op: "eq", value: 4, logical_op: "or" }],
      },
    ];
    const nodes = fromSaved(saved);
    expect(nodes[0]).toMatchObject({
      id: "fi_1",
      isGroup: true,
      children: [{ id: "fi_2", op: "eq", value: "4", logicalOp: "or" }],
    });
  });
});

describe("syncFilters", () => {
  it("deletes, patches and creates parents before children", async () => {
    const saved = fromSaved([
      { id: "a", fk_column_id: "Name", comparison_op: "eq", value: "x", logical_op: "and" },
      {
        id: "b",
        is_group: true,
        logical_op: "and",
        children: [{ id: "c", fk_column_id: "Qty", comparison_op: "gt", value: "1", logical_op: "and" }],
      },
    ]);
    const g = group("and");
    let draft = updateNode(
      saved.filter((n) => n.id !== "b"),
      "a",
      { value: "y" },
    );
    draft = addNode(draft, null, g);
    draft = addNode(draft, g.key, { ...condition("and", "Qty"), op: "lt", value: "9" });
    const calls: string[] = [];
    let n = 0;
    const ids = await syncFilters(saved, draft, {
      create: async (body) => (
        calls.push(`create ${body.is_group ? "group" : body.comparison_op} parent=${body.fk_parent_id}`),
        { id: `new${++n}` }
      ),
      update: async (id, body) => calls.push(`update ${id} ${String(body.value)}`),
      remove: async (id) => calls.push(`remove ${id}`),
    });
    expect(calls).toEqual(["remove b", "update a y", "create group parent=null", "create lt parent=new1"]);
    const adopted = adoptIds(draft, ids);
    expect(adopted[1]!.id).toBe("new1");
    expect(adopted[1]!.children[0]!.id).toBe("new2");
  });
});

describe("filter menus", () => {
  it("lists each number operator once, keeping a synonym a saved filter uses", async () => {
    const { menuOpsFor } = await import("./filters");
    const ops = menuOpsFor(columns[3]);
    expect(ops).toContain("gte");
    expect(ops).toContain("lte");
    expect(ops).not.toContain("ge");
    expect(ops).not.toContain("le");
    expect(menuOpsFor(columns[3], "ge")).toContain("ge");
  });
  it("offers a select column's options as the value for equality operators, free text for contains", async () => {
    const { optionChoices } = await import("./filters");
    const status: Column = {
      ...col("Status", "SingleSelect"),
      colOptions: { options: [{ title: "Todo" }, { title: "Done" }] },
    } as Column;
    expect(optionChoices(status, "eq")).toEqual(["Todo", "Done"]);
    expect(optionChoices(status, "anyof")).toEqual(["Todo", "Done"]);
    expect(optionChoices(status, "like")).toBeNull();
    expect(optionChoices(columns[0], "eq")).toBeNull();
  });
  it("offers person operators for Created by and Last modified by, with a person as the value", async () => {
    const { isUserColumn, menuOpsFor } = await import("./filters");
    for (const uidt of ["CreatedBy", "LastModifiedBy"] as const) {
      const by = col("By", uidt);
      expect(isUserColumn(by)).toBe(true);
      expect(menuOpsFor(by)).toEqual(["eq", "neq", "anyof", "nanyof", "blank", "notblank", "null", "notnull"]);
      expect(valueInput(by, "eq", undefined)).toBe("text");
      expect(toFilterArr([{ ...condition("and", by.id), op: "eq", value: "@me" }], [by])).toMatchObject([
        { comparison_op: "eq", value: "@me" },
      ]);
    }
    expect(isUserColumn(columns[0])).toBe(false);
  });
});
