import { describe, expect, it } from "vitest";
import { QueryError, type WhereNode } from "./types";
import { MAX_DEPTH, parseWhere } from "./where-parser";

/** The tree without positions, written compactly: [logic, column, op, value?] or [logic, [...children]]. */
function shape(node: WhereNode): unknown {
  if (node.type === "cond")
    return node.value === undefined
      ? [node.logicalOp, node.column, node.op]
      : [node.logicalOp, node.column, node.op, node.value];
  if (node.type === "group") return [node.logicalOp, node.children.map(shape)];
  return [node.logicalOp, node.value];
}
const parsed = (text: string) => shape(parseWhere(text)!);

function errorOf(text: string): QueryError {
  try {
    parseWhere(text);
  } catch (err) {
    if (err instanceof QueryError) return err;
    throw err;
  }
  throw new Error(`parsed: ${text}`);
}

describe("parseWhere", () => {
  it("gives null for empty text", () => {
    expect(parseWhere("")).toBeNull();
    expect(parseWhere("   ")).toBeNull();
  });

  it("parses one condition", () => {
    expect(parsed("(Status,eq,Done)")).toEqual(["and", [["and", "Status", "eq", "Done"]]]);
  });

  it("parses a chain of logical operators", () => {
    expect(parsed("(a,eq,1)~and(b,gt,2)~or(c,lt,3)~not(d,like,x)")).toEqual([
      "and",
      [
        ["and", "a", "eq", "1"],
        ["and", "b", "gt", "2"],
        ["or", "c", "lt", "3"],
        ["not", "d", "like", "x"],
      ],
    ]);
  });

  it("keeps a leading logical operator", () => {
    expect(parsed("~not(a,eq,1)")).toEqual(["and", [["not", "a", "eq", "1"]]]);
    expect(parsed("~or(a,eq,1)~and(b,eq,2)")).toEqual([
      "and",
      [
        ["or", "a", "eq", "1"],
        ["and", "b", "eq", "2"],
      ],
    ]);
  });

  it("parses nested groups", () => {
    expect(parsed("((a,eq,1)~or(b,eq,2))~and(c,gt,3)")).toEqual([
      "and",
      [
        [
          "and",
          [
            ["and", "a", "eq", "1"],
            ["or", "b", "eq", "2"],
          ],
        ],
        ["and", "c", "gt", "3"],
      ],
    ]);
    expect(parsed("(a,eq,1)~and((b,eq,2)~or((c,eq,3)~and(d,eq,4)))")).toEqual([
      "and",
      [
        ["and", "a", "eq", "1"],
        [
          "and",
          [
            ["and", "b", "eq", "2"],
            [
              "or",
              [
                ["and", "c", "eq", "3"],
                ["and", "d", "eq", "4"],
              ],
            ],
          ],
        ],
      ],
    ]);
    expect(parsed("(~not(a,eq,1)~and(b,eq,2))")).toEqual([
      "and",
      [
        [
          "and",
          [
            ["not", "a", "eq", "1"],
            ["and", "b", "eq", "2"],
          ],
        ],
      ],
    ]);
    expect(parsed("(((a,eq,1)))")).toEqual(["and", [["and", [["and", [["and", "a", "eq", "1"]]]]]]]);
  });

  it("keeps commas and parentheses in values", () => {
    expect(parsed("(Tags,anyof,a,b,c)")).toEqual(["and", [["and", "Tags", "anyof", "a,b,c"]]]);
    expect(parsed("(Name,eq,foo (bar))")).toEqual(["and", [["and", "Name", "eq", "foo (bar)"]]]);
    expect(parsed("(Name,eq,:))")).toEqual(["and", [["and", "Name", "eq", ":)"]]]);
    expect(parsed("((Name,eq,foo (bar))~or(Name,eq,x))")).toEqual([
      "and",
      [
        [
          "and",
          [
            ["and", "Name", "eq", "foo (bar)"],
            ["or", "Name", "eq", "x"],
          ],
        ],
      ],
    ]);
    expect(parsed("(Name,eq,x)y)~and(a,eq,1)")).toEqual([
      "and",
      [
        ["and", "Name", "eq", "x)y"],
        ["and", "a", "eq", "1"],
      ],
    ]);
  });

  it("reads date sub-operators as part of the value (the compiler splits them for date columns)", () => {
    expect(parsed("(Due,eq,exactDate,2023-05-01)")).toEqual(["and", [["and", "Due", "eq", "exactDate,2023-05-01"]]]);
    expect(parsed("(Due,isWithin,pastNumberOfDays,14)")).toEqual([
      "and",
      [["and", "Due", "isWithin", "pastNumberOfDays,14"]],
    ]);
    expect(parsed("(Due,eq,today)")).toEqual(["and", [["and", "Due", "eq", "today"]]]);
  });

  it("tells a missing value from an empty one", () => {
    expect(parsed("(Notes,blank)")).toEqual(["and", [["and", "Notes", "blank"]]]);
    expect(parsed("(Notes,eq,)")).toEqual(["and", [["and", "Notes", "eq", ""]]]);
    expect(parsed("(Notes,blank)~or(Name,notblank)")).toEqual([
      "and",
      [
        ["and", "Notes", "blank"],
        ["or", "Name", "notblank"],
      ],
    ]);
  });

  it("accepts titles with spaces, quotes and parentheses", () => {
    expect(parsed(`(Price (USD),gt,1)`)).toEqual(["and", [["and", "Price (USD)", "gt", "1"]]]);
    expect(parsed(`(E-mail's "work",eq,x)`)).toEqual(["and", [["and", `E-mail's "work"`, "eq", "x"]]]);
  });

  it("allows spaces between terms", () => {
    expect(parsed(" (a,eq,1) ~ and (b,eq,2) ")).toEqual([
      "and",
      [
        ["and", "a", "eq", "1"],
        ["and", "b", "eq", "2"],
      ],
    ]);
  });

  it("records 1-based positions of conditions", () => {
    const tree = parseWhere("(a,eq,1)~or(b,eq,2)")!;
    expect(tree.type === "group" && tree.children.map((c) => (c.type === "cond" ? c.pos : 0))).toEqual([1, 12]);
  });

  it.each([
    ["Name,eq,1", 1, "expected '('"],
    ["(Name,eq,1", 11, "expected ')' to close the condition opened at position 1"],
    ["(Name)", 6, "expected ',' and an operator after the column title"],
    ["(Name", 6, "expected ',' after the column title"],
    ["(,eq,1)", 2, "expected a column title"],
    ["(Name,,1)", 7, "expected an operator"],
    ["(Name,e-q,1)", 8, "expected ',' or ')' after the operator"],
    ["(Name,eq", 9, "expected ')' to close the condition opened at position 1"],
    ["~xor(a,eq,1)", 2, "expected 'and', 'or' or 'not' after '~'"],
    ["(a,eq,1)~", 10, "expected 'and', 'or' or 'not' after '~'"],
    ["(a,eq,1)~and", 13, "expected '('"],
    ["(a,eq,1) x", 10, "expected '~' or the end of the filter"],
    ["((a,eq,1)", 10, "expected ')' to close the group opened at position 1"],
    ["((a,eq,1)~and(b,eq,2)", 22, "expected ')' to close the group opened at position 1"],
  ])("refuses %j at position %i", (text, position, expected) => {
    const err = errorOf(text);
    expect(err.status).toBe(400);
    expect(err.position).toBe(position);
    expect(err.message).toBe(`Invalid where at position ${position}: ${expected}`);
  });

  it("limits nesting and length", () => {
    const deep = (n: number) => `${"(".repeat(n)}(a,eq,1)${")".repeat(n)}`;
    expect(() => parseWhere(deep(MAX_DEPTH))).not.toThrow();
    expect(errorOf(deep(MAX_DEPTH + 1)).message).toContain(`at most ${MAX_DEPTH} levels of nested groups`);
    expect(errorOf(deep(100_000)).message).toContain("Filter is too large");
    expect(errorOf(`(a,eq,${"x".repeat(100_000)})`).message).toContain("Filter is too large");
  });

  it("stays fast on pathological parentheses", () => {
    const started = Date.now();
    expect(parsed(`(a,eq,${")".repeat(90_000)}`)).toEqual(["and", [["and", "a", "eq", ")".repeat(89_999)]]]);
    expect(() => parseWhere(`(a,eq,${") ".repeat(45_000)}x`)).toThrow(QueryError);
    expect(() => parseWhere(`((((a,eq,${"x)".repeat(45_000)}`)).toThrow(QueryError);
    expect(parsed(`(a,eq,${"(".repeat(50_000)})`)).toEqual(["and", [["and", "a", "eq", "(".repeat(50_000)]]]);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
