import { describe, expect, it } from "vitest";
import { jsonDepthOver } from "./body-limit";

describe("JSON depth", () => {
  it("counts nesting of arrays and objects, not brackets inside strings", () => {
    expect(jsonDepthOver('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonDepthOver('{"a":[1,{"b":[2]}]}', 3)).toBe(true);
    expect(jsonDepthOver(JSON.stringify({ a: "[[[[[[[[[[" }), 1)).toBe(false);
    expect(jsonDepthOver(JSON.stringify({ a: 'x\\"[[[[' }), 1)).toBe(false);
    expect(jsonDepthOver("[".repeat(100_000), 64)).toBe(true);
  });

  it("ends a string only at an unescaped quote, however many backslashes come before it", () => {
    // An escaped backslash ends just before the closing quote: the brackets after it count.
    expect(jsonDepthOver(JSON.stringify(["a\\"]) + "[[[", 2)).toBe(true);
    expect(jsonDepthOver(`[["x\\\\",[["y"]]]]`, 3)).toBe(true);
    expect(jsonDepthOver(String.raw`["\\\"[[[[[["]`, 2)).toBe(false);
    // An unterminated string holds the rest of the text; JSON.parse refuses it afterwards.
    expect(jsonDepthOver('["[[[[[[', 2)).toBe(false);
  });

  it("reads a 1,000-row bulk body as one level deep per row", () => {
    const rows = JSON.stringify(
      Array.from({ length: 1000 }, (_, i) => ({ Title: `Item "${i}" [x]`, Notes: "{{{", Tags: ["a", "b"] })),
    );
    expect(jsonDepthOver(rows, 3)).toBe(false);
    expect(jsonDepthOver(rows, 2)).toBe(true);
  });
});
