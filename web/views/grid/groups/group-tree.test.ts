import { describe, expect, it } from "vitest";
import { GroupLines, bucketRange, groupConds, groupNodes } from "./group-tree";

const S = { id: "s", uidt: "SingleSelect" };

describe("group lines", () => {
  it("lists headers, records and add lines of expanded groups, skipping collapsed ones", () => {
    const roots = groupNodes(null, S, [
      { value: "Todo", count: 3 },
      { value: null, count: 2 },
    ]);
    const [todo, empty] = roots;
    expect(empty!.path).toEqual(groupConds(S, null));
    expect(todo!.path[0]).toMatchObject({ comparison_op: "eq", value: "Todo" });
    const open = new GroupLines(roots, false, 1, new Set(), true);
    expect(open.length).toBe(1 + 3 + 1 + 1 + 2 + 1);
    expect(open.at(0)).toMatchObject({ kind: "header", node: todo });
    expect(open.at(3)).toMatchObject({ kind: "row", node: todo, index: 2 });
    expect(open.at(4)).toMatchObject({ kind: "add", node: todo });
    expect(open.at(7)).toMatchObject({ kind: "row", node: empty, index: 1 });
    const shut = new GroupLines(roots, true, 1, new Set([todo!.id]), false);
    expect(shut.length).toBe(1 + 1 + 2 + 1);
    expect(shut.at(1)).toMatchObject({ kind: "header", node: empty });
    expect(shut.at(4)).toMatchObject({ kind: "more", node: null });
  });

  it("matches an instant by both bounds, as eq on it compares the day", () => {
    const at = "2026-01-01 10:00:00+00:00";
    expect(groupConds({ id: "t", uidt: "DateTime" }, at).map((c) => [c.comparison_op, c.value])).toEqual([
      ["gte", at],
      ["lte", at],
    ]);
  });

  it("shows a loading line until a group's sub-groups arrive, then nests them", () => {
    const roots = groupNodes(null, { id: "a", uidt: "Checkbox" }, [{ value: true, count: 4 }]);
    expect(new GroupLines(roots, false, 2, new Set(), false).at(1)).toMatchObject({ kind: "loading" });
    roots[0]!.children = groupNodes(roots[0]!, { id: "b", uidt: "Number" }, [{ value: 5, count: 4 }]);
    const lines = new GroupLines(roots, false, 2, new Set(), false);
    expect(lines.at(1)).toMatchObject({ kind: "header", node: { level: 1, value: 5 } });
    const sub = lines.at(1);
    expect(sub?.kind === "header" ? sub.node.path : []).toHaveLength(2);
    expect(lines.length).toBe(2 + 4);
  });
});

describe("date bucket groups", () => {
  it("select a bucket's days from the first to the last, leap years included", () => {
    expect(bucketRange("2024")).toEqual(["2024-01-01", "2024-12-31"]);
    expect(bucketRange("2024-02")).toEqual(["2024-02-01", "2024-02-29"]);
    expect(bucketRange("2023-02")).toEqual(["2023-02-01", "2023-02-28"]);
    expect(bucketRange("2024-03-15")).toEqual(["2024-03-15", "2024-03-15"]);
    expect(groupConds({ id: "c1", uidt: "DateTime", bucket: "month" }, "2024-04")).toEqual([
      { fk_column_id: "c1", comparison_op: "gte", logical_op: "and", value: "2024-04-01" },
      { fk_column_id: "c1", comparison_op: "lte", logical_op: "and", value: "2024-04-30" },
    ]);
  });
});
