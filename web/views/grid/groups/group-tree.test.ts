import { describe, expect, it } from "vitest";
import { GroupLines, groupConds, groupNodes } from "./group-tree";

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
