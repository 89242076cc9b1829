import { describe, expect, it } from "vitest";
import { parseFormula } from "./parser";
import { FormulaError, type FormulaNode } from "./types";

/** The tree as compact text, to compare shapes without positions. */
function show(n: FormulaNode): string {
  switch (n.kind) {
    case "number":
      return String(n.value);
    case "string":
      return JSON.stringify(n.value);
    case "boolean":
      return String(n.value);
    case "column":
      return `{${n.name}}`;
    case "call":
      return `${n.name}(${n.args.map(show).join(", ")})`;
    case "unary":
      return `(${n.op}${show(n.arg)})`;
    case "binary":
      return `(${show(n.left)} ${n.op} ${show(n.right)})`;
  }
}

const tree = (text: string) => show(parseFormula(text));

function failure(text: string): { message: string; position?: number } {
  try {
    parseFormula(text);
  } catch (err) {
    expect(err).toBeInstanceOf(FormulaError);
    return { message: (err as FormulaError).message, position: (err as FormulaError).position };
  }
  throw new Error(`expected ${text} to fail`);
}

describe("parseFormula", () => {
  it.each([
    ["1", "1"],
    ["1.5", "1.5"],
    [".5", "0.5"],
    ["2e3", "2000"],
    ["1.5E-2", "0.015"],
    ["'it''s'", "Unexpected text 's'"],
    ["{Title}", "{Title}"],
    ["{Title with spaces & symbols!?}", "{Title with spaces & symbols!?}"],
    ["{{cl_abc123}}", "{cl_abc123}"],
    ["{{abc}", "{{abc}"],
    ["Qty", "{Qty}"],
    ["Ünïcødé", "{Ünïcødé}"],
    ["true", "true"],
    ["FALSE", "false"],
    ["concat('a', \"b\")", 'CONCAT("a", "b")'],
    ["NOW()", "NOW()"],
    ["1 + 2 * 3", "(1 + (2 * 3))"],
    ["(1 + 2) * 3", "((1 + 2) * 3)"],
    ["1 - 2 - 3", "((1 - 2) - 3)"],
    ["8 / 4 / 2", "((8 / 4) / 2)"],
    ["-2 * 3", "((-2) * 3)"],
    ["--2", "(-(-2))"],
    ["+2", "(+2)"],
    ["1 -- 2", "(1 - (-2))"],
    ["'a' & 'b' & 1 + 2", '(("a" & "b") & (1 + 2))'],
    ["1 + 2 = 3", "((1 + 2) = 3)"],
    ["1 == 2", "(1 = 2)"],
    ["1 <> 2", "(1 != 2)"],
    ["1 != 2", "(1 != 2)"],
    ["1 <= 2", "(1 <= 2)"],
    ["1 >= 2", "(1 >= 2)"],
    ["1 < 2", "(1 < 2)"],
    ["1 > 2", "(1 > 2)"],
    ["'a' & 1 < 2", '(("a" & 1) < 2)'],
    ["IF({A} > 1, 'x', IF({B}, 1, 2))", 'IF(({A} > 1), "x", IF({B}, 1, 2))'],
    ["\n\tADD( 1 ,\r\n 2 )  ", "ADD(1, 2)"],
  ])("%s", (text, expected) => {
    if (expected.startsWith("Unexpected")) expect(failure(text).message).toContain(expected);
    else expect(tree(text)).toBe(expected);
  });

  it("reads string escapes", () => {
    expect(parseFormula(String.raw`'a\'b\\c\"d\ne\tf\u00e9\x'`)).toMatchObject({
      kind: "string",
      value: "a'b\\c\"d\ne\tféx",
    });
    expect(parseFormula(`"it's"`)).toMatchObject({ value: "it's" });
    expect(parseFormula(`'say "hi"'`)).toMatchObject({ value: 'say "hi"' });
    expect(parseFormula("'🍕 Ünïcødé'")).toMatchObject({ value: "🍕 Ünïcødé" });
  });

  it("keeps 1-based positions", () => {
    const node = parseFormula("ADD(1, {Qty})");
    expect(node).toMatchObject({ kind: "call", pos: 1, args: [{ pos: 5 }, { kind: "column", pos: 8 }] });
    expect(parseFormula("1 + 2")).toMatchObject({ kind: "binary", pos: 3 });
  });

  it.each([
    ["ADD(1, 2) + 3)", "Unexpected ')' at 14", 14],
    ["", "Formula is empty at 1", 1],
    ["   ", "Formula is empty at 1", 1],
    ["1 +", "Unexpected end of formula at 4", 4],
    ["ADD(1, 2", "Unclosed '(' at 4", 4],
    ["(1 + 2", "Unclosed '(' at 1", 1],
    ["ADD(1,)", "Unexpected ')' at 7", 7],
    ["ADD(,1)", "Unexpected ',' at 5", 5],
    ["1 2", "Unexpected number 2 at 3", 3],
    ["{A} {B}", "Unexpected column {B} at 5", 5],
    ["ADD(1) Qty", "Unexpected 'Qty' at 8", 8],
    ["{Title", "Unclosed '{' at 1", 1],
    ["{}", "Empty column reference at 1", 1],
    ["{{}}", "Empty column reference at 1", 1],
    ["'abc", "Unterminated string (missing ') at 1", 1],
    ['x & "abc', 'Unterminated string (missing ") at 5', 5],
    ["1; DROP TABLE x", "Unexpected ';' at 2", 2],
    ["1 /* c */", "Unexpected '*' at 4", 4],
    ["1 # 2", "Unexpected '#' at 3", 3],
    ["a || b", "Unexpected '|' at 3", 3],
    ["!true", "Unexpected '!' at 1", 1],
    ["1e400", "Number 1e400 is too large at 1", 1],
    ["9".repeat(400), "is too large at 1", 1],
    ["Qty(", "Unexpected end of formula at 5", 5],
    ["🍕", "Unexpected '🍕' at 1", 1],
  ])("%j fails: %s", (text, message, position) => {
    const got = failure(text);
    expect(got.message).toContain(message);
    expect(got.position).toBe(position);
  });

  it("refuses deep nesting and huge formulas without exhausting the stack", () => {
    expect(failure("(".repeat(5000) + "1" + ")".repeat(5000)).message).toContain("nested too deeply");
    expect(failure("-".repeat(5000) + "1").message).toContain("nested too deeply");
    expect(failure("1" + "+1".repeat(5000)).message).toContain("too long");
    expect(tree("(".repeat(50) + "1" + ")".repeat(50))).toBe("1");
  });
});
