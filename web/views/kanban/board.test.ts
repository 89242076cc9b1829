import { describe, expect, it } from "vitest";
import { orderCards, parseMeta, stacksOf, withStacks } from "./board";

const options = [
  { id: "o1", title: "Todo" },
  { id: "o2", title: "Done", color: "#0f0" },
];

describe("kanban board", () => {
  it("puts uncategorized first, then the options, until the meta orders them", () => {
    expect(stacksOf(options, {}, "cl").map((s) => s.key)).toEqual([null, "Todo", "Done"]);
    const meta = withStacks(
      {},
      "cl",
      [...stacksOf(options, {}, "cl")].reverse().map((s) => ({ ...s, collapsed: s.key === "Todo" })),
    );
    const again = stacksOf(options, parseMeta(JSON.stringify(meta)), "cl");
    expect(again.map((s) => s.key)).toEqual(["Done", "Todo", null]);
    expect(again.find((s) => s.key === "Todo")?.collapsed).toBe(true);
  });
  it("orders cards moved by hand first", () => {
    const rows = [{ Id: 1 }, { Id: 2 }, { Id: 3 }];
    expect(orderCards(rows, "Id", [3, 1]).map((r) => r.Id)).toEqual([3, 1, 2]);
    expect(parseMeta("{bad")).toEqual({});
  });
});
