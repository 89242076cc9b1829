import { describe, expect, it } from "vitest";
import { orderBetween } from "./view-order";

describe("orderBetween", () => {
  it("places a dragged view between its new neighbours", () => {
    expect(orderBetween([1, 2, 3], 2, 0)).toBe(0);
    expect(orderBetween([1, 2, 3], 0, 2)).toBe(4);
    expect(orderBetween([1, 2, 3], 2, 1)).toBe(1.5);
    expect(orderBetween([5], 0, 0)).toBe(1);
  });
});
