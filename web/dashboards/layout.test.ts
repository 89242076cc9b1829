import { describe, expect, it } from "vitest";
import {
  cellsMoved,
  clampCell,
  COLUMNS,
  compact,
  keyStep,
  moveTo,
  placeAll,
  readingOrder,
  type Placed,
} from "./layout";

const overlap = (l: Placed[]) =>
  l.some((a, i) =>
    l.some((b, j) => i !== j && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h),
  );

describe("dashboard layout", () => {
  it("places widgets without a position in the first free cells, side by side", () => {
    const l = placeAll([
      { id: "a", type: "bar" },
      { id: "b", type: "bar" },
      { id: "c", type: "number" },
    ]);
    expect(l).toEqual([
      { id: "a", x: 0, y: 0, w: 6, h: 4 },
      { id: "b", x: 6, y: 0, w: 6, h: 4 },
      { id: "c", x: 0, y: 4, w: 3, h: 2 },
    ]);
  });

  it("keeps cells inside the grid and above the minimum size", () => {
    expect(clampCell({ x: 11, y: -3, w: 5, h: 0 })).toEqual({ x: COLUMNS - 5, y: 0, w: 5, h: 2 });
    expect(clampCell({ x: 0, y: 0, w: 40, h: 3 }).w).toBe(COLUMNS);
  });

  it("a widget dropped on another pushes it down, and nothing overlaps", () => {
    const start: Placed[] = [
      { id: "a", x: 0, y: 0, w: 6, h: 4 },
      { id: "b", x: 6, y: 0, w: 6, h: 4 },
    ];
    const l = moveTo(start, "b", { x: 0, y: 0, w: 6, h: 4 });
    expect(l.find((p) => p.id === "b")).toEqual({ id: "b", x: 0, y: 0, w: 6, h: 4 });
    expect(l.find((p) => p.id === "a")).toEqual({ id: "a", x: 0, y: 4, w: 6, h: 4 });
    expect(overlap(l)).toBe(false);
  });

  it("closes holes: widgets float up once the one above moved away", () => {
    const l = compact([
      { id: "a", x: 0, y: 5, w: 4, h: 2 },
      { id: "b", x: 0, y: 9, w: 4, h: 2 },
    ]);
    expect(l.map((p) => p.y)).toEqual([0, 2]);
  });

  it("turns pointer travel into whole cells, rounding to the nearest", () => {
    expect(cellsMoved(149, 20, 100, 72)).toEqual({ dx: 1, dy: 0 });
    expect(cellsMoved(-151, 110, 100, 72)).toEqual({ dx: -2, dy: 2 });
    expect(cellsMoved(-10, -10, 100, 72)).toEqual({ dx: 0, dy: 0 });
  });

  it("moves and resizes by arrow keys, mirrored right to left", () => {
    const c = { x: 2, y: 1, w: 4, h: 3 };
    expect(keyStep("ArrowRight", false, false, c)).toEqual({ x: 3, y: 1, w: 4, h: 3 });
    expect(keyStep("ArrowRight", false, true, c)).toEqual({ x: 1, y: 1, w: 4, h: 3 });
    expect(keyStep("ArrowDown", true, false, c)).toEqual({ x: 2, y: 1, w: 4, h: 4 });
    expect(keyStep("ArrowLeft", true, false, { x: 0, y: 0, w: 2, h: 2 })).toEqual({ x: 0, y: 0, w: 2, h: 2 });
    expect(keyStep("Enter", false, false, c)).toBeNull();
  });

  it("stacks in reading order on a narrow screen", () => {
    expect(
      readingOrder([
        { id: "late", x: 0, y: 4, w: 6, h: 2 },
        { id: "end", x: 6, y: 0, w: 6, h: 2 },
        { id: "start", x: 0, y: 0, w: 6, h: 2 },
      ]),
    ).toEqual(["start", "end", "late"]);
  });
});
