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
});
