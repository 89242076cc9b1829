import { describe, expect, it } from "vitest";
import { GroupedData, PAGE } from "./grouped-data";
import { GroupLines, type GroupNode } from "./group-tree";
import type { Row } from "../../../api/view-types";

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

  it("reload reads open sub-groups again, with their new counts and aggregates, before the old tree goes", async () => {
    // The outer group "a" holds sub-groups x and y; the store changes between the reads.
    let sum = 10;
    let subAsked = 0;
    const data = new GroupedData(
      {
        groups: async (parent: GroupNode | null) => {
          if (!parent) return { list: [{ value: "a", count: 3, aggregates: [] }], more: false };
          subAsked++;
          return {
            list: [
              { value: "x", count: 2, aggregates: [{ column: "f", type: "sum" as const, value: sum }] },
              { value: "y", count: 1, aggregates: [] },
            ],
            more: false,
          };
        },
        rows: async () => [],
      },
      (level) => ({ id: `col${level}`, uidt: "SingleLineText" }),
      (err) => {
        throw err;
      },
    );
    data.start();
    await tick();
    const open = new GroupLines(data.roots, false, 2, new Set(), false);
    data.ensure(open, 0, open.length - 1);
    await tick();
    expect(data.roots[0]!.children?.[0]!.aggregates[0]!.value).toBe(10);
    const before = data.roots[0]!;

    sum = 25;
    data.reload();
    // Until the reload is done the old tree stays, its sub-groups drawn (no "loading" line).
    expect(data.roots[0]).toBe(before);
    await tick();
    await tick();
    expect(subAsked).toBe(2);
    expect(data.roots[0]).not.toBe(before);
    expect(data.roots[0]!.children?.map((n) => n.value)).toEqual(["x", "y"]);
    expect(data.roots[0]!.children?.[0]!.aggregates[0]!.value).toBe(25);
  });

  it("after a reload, a record line shows its old record until its page is read again", async () => {
    let name = "old";
    let answer: (() => void) | null = null;
    const data = new GroupedData(
      {
        groups: async () => ({ list: [{ value: "a", count: 1 }], more: false }),
        rows: () =>
          name === "old"
            ? Promise.resolve([{ Name: name }])
            : new Promise<Row[]>((resolve) => (answer = () => resolve([{ Name: name }]))),
      },
      () => ({ id: "col", uidt: "SingleLineText" }),
      (err) => {
        throw err;
      },
    );
    data.start();
    await tick();
    const lines = () => new GroupLines(data.roots, false, 1, new Set(), false);
    data.ensure(lines(), 0, 1);
    await tick();
    expect(data.rowAt(data.roots[0]!, 0)).toEqual({ Name: "old" });

    name = "new";
    data.reload();
    await tick();
    // The new tree is in; its page is asked for and not yet answered: the old record stays.
    data.ensure(lines(), 0, 1);
    expect(data.rowAt(data.roots[0]!, 0)).toEqual({ Name: "old" });
    answer!();
    await tick();
    expect(data.rowAt(data.roots[0]!, 0)).toEqual({ Name: "new" });
  });
});
