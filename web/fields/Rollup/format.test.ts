import { describe, expect, it } from "vitest";
import { computedNumberText } from "./format";

describe("computed numbers", () => {
  it("show up to 4 decimals without grouping", () => {
    expect(computedNumberText(6.5)).toBe("6.5");
    expect(computedNumberText(10 / 3)).toBe("3.3333");
    expect(computedNumberText(12345)).toBe("12345");
    expect(computedNumberText(-2)).toBe("-2");
    expect(computedNumberText("4")).toBe("4");
    expect(computedNumberText(null)).toBe("");
    expect(computedNumberText("Pen")).toBe("Pen");
    expect(computedNumberText(Number.NaN)).toBe("");
    expect(computedNumberText(10 / 3, "de")).toBe("3,3333");
  });
});
