import { describe, expect, it } from "vitest";
import { GroupedData, PAGE } from "./grouped-data";
import { GroupLines, type GroupNode } from "./group-tree";

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("grouped data", () => {
  it("fetches only the record pages of the groups on screen, each once", async () => {
    const asked: string[] = [];
    const data = new GroupedData(
      {
        groups: async () => ({
          list: [
            { value: "a", count: 1 },
            { value: "b", count: PAGE + 5 },
            { value: "c", count: 3 },
          ],
          more: false,
        }),
        rows: async (node: GroupNode, offset: number) => {
          asked.push(`${String(node.value)}@${offset}`);
          return [{ Name: `${String(node.value)}${offset}` }];
        },
      },
      () => ({ id: "col", uidt: "SingleLineText" }),
      (err) => {
        throw err;
      },
    );
    data.start();
    await tick();
    const lines = new GroupLines(data.roots, false, 1, new Set(), false);
    // a: header + 1 row; b: header + 55 rows; c: header + 3.
    data.ensure(lines, 0, 10);
    data.ensure(lines, 0, 10);
    await tick();
    expect(asked).toEqual(["a@0", "b@0"]);
    data.ensure(lines, 0, lines.length - 1);
    await tick();
    expect(asked).toEqual(["a@0", "b@0", `b@${PAGE}`, "c@0"]);
    expect(data.rowAt(data.roots[1]!, 0)).toEqual({ Name: "b0" });
  });
});
