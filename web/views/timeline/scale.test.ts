import { describe, expect, it } from "vitest";
import {
  dayAt,
  daysMoved,
  lines,
  placeBar,
  shifted,
  spanOf,
  ticks,
  unitStart,
  visibleLines,
  visibleRange,
  windowAround,
} from "./scale";

describe("timeline scale", () => {
  it("spans a window around the cursor, wider for coarser scales", () => {
    const day = windowAround("day", "2026-11-15");
    expect(day).toEqual({ first: "2026-08-15", days: 185, px: 40 });
    expect(windowAround("year", "2026-11-15").days).toBeGreaterThan(windowAround("month", "2026-11-15").days);
  });

  it("reads the days of a bar from an end, a duration or the start alone", () => {
    expect(spanOf("2026-11-02", "2026-11-05", null)).toEqual({ first: "2026-11-02", last: "2026-11-05" });
    expect(spanOf("2026-11-02 09:00:00+00:00", null, 3)).toEqual({ first: "2026-11-02", last: "2026-11-04" });
    expect(spanOf("2026-11-02", null, 1.5)).toEqual({ first: "2026-11-02", last: "2026-11-03" });
    expect(spanOf("2026-11-02", "2026-10-01", null)).toEqual({ first: "2026-11-02", last: "2026-11-02" });
    expect(spanOf(null, "2026-11-05", 3)).toBeNull();
  });

  it("places bars at their day offsets, clipped to the window", () => {
    const w = windowAround("day", "2026-11-15");
    expect(placeBar(w, { first: "2026-08-15", last: "2026-08-17" })).toEqual({ start: 0, width: 120 });
    expect(placeBar(w, { first: "2026-08-01", last: "2026-08-15" })).toEqual({ start: 0, width: 40 });
    expect(placeBar(w, { first: "2026-11-15", last: "2026-11-15" })).toEqual({ start: 92 * 40, width: 40 });
    expect(placeBar(w, { first: "2026-01-01", last: "2026-02-01" })).toBeNull();
    expect(placeBar(w, { first: "2027-03-01", last: "2027-04-01" })).toBeNull();
  });

  it("finds the day under a pointer and the visible range of a scroll position", () => {
    const w = windowAround("week", "2026-11-15");
    expect(dayAt(w, 0)).toBe(w.first);
    expect(dayAt(w, 16 * 10 + 3)).toBe("2025-11-25");
    expect(dayAt(w, -500)).toBe(w.first);
    // Right to left: Chromium scrolls to negative offsets.
    expect(visibleRange(w, -160, 320, 0)).toEqual(visibleRange(w, 160, 320, 0));
    expect(visibleRange(w, 160, 320, 0)).toEqual({ from: "2025-11-25", to: "2025-12-15" });
  });

  it("moves a bar whole or by one edge, never an edge past the other", () => {
    const s = { first: "2026-11-02", last: "2026-11-05" };
    expect(shifted(s, 3, "move")).toEqual({ first: "2026-11-05", last: "2026-11-08" });
    expect(shifted(s, -2, "start")).toEqual({ first: "2026-10-31", last: "2026-11-05" });
    expect(shifted(s, 9, "start")).toEqual({ first: "2026-11-05", last: "2026-11-05" });
    expect(shifted(s, -9, "end")).toEqual({ first: "2026-11-02", last: "2026-11-02" });
    expect(daysMoved(81, 40, false)).toBe(2);
    expect(daysMoved(81, 40, true)).toBe(-2);
  });

  it("ticks each unit of the scale", () => {
    expect(unitStart("week", "2026-11-15")).toBe("2026-11-09");
    expect(unitStart("quarter", "2026-11-15")).toBe("2026-10-01");
    expect(ticks("month", "2026-11-15", "2027-02-01")).toEqual([
      "2026-11-01",
      "2026-12-01",
      "2027-01-01",
      "2027-02-01",
    ]);
    expect(ticks("quarter", "2026-11-15", "2027-06-30")).toEqual(["2026-10-01", "2027-01-01", "2027-04-01"]);
    expect(ticks("year", "2026-11-15", "2028-01-01")).toEqual(["2026-01-01", "2027-01-01", "2028-01-01"]);
  });

  it("lays records out in lanes by their group, earliest first, no value last", () => {
    const rows = [
      { n: "a", g: "Red", s: "2026-11-03" },
      { n: "b", g: null, s: "2026-11-01" },
      { n: "c", g: "Blue", s: "2026-11-02" },
      { n: "d", g: "Red", s: "2026-11-01" },
    ];
    const out = lines(
      rows,
      (r) => r.g,
      (r) => r.s,
    );
    expect(out.map((l) => (l.kind === "lane" ? `[${l.key}:${l.count}]` : l.row.n))).toEqual([
      "[Blue:1]",
      "c",
      "[Red:2]",
      "d",
      "a",
      "[:1]",
      "b",
    ]);
  });

  it("renders only the lines in view", () => {
    expect(visibleLines(10_000, 32, 3200, 320, 2)).toEqual({ first: 98, last: 112 });
    expect(visibleLines(5, 32, 0, 320, 2)).toEqual({ first: 0, last: 4 });
  });
});
