import { describe, expect, it } from "vitest";
import { DurationField } from "./Duration";
import { formatDuration, parseDuration } from "./common/duration";

const ctx = (duration = 0) => ({ title: "Spent", options: DurationField.options.parse({ duration }) });

describe("Duration", () => {
  it("reads text by the column's format", () => {
    expect(parseDuration("1:30", 0)).toBe(5400);
    expect(parseDuration("1:30", 1)).toBe(90);
    expect(parseDuration("01:02:03", 0)).toBe(3723);
    expect(parseDuration("01:02:03.5", 2)).toBe(3723.5);
    expect(parseDuration("0:00:00.123", 4)).toBe(0.123);
    expect(parseDuration("90", 0)).toBe(5400);
    expect(parseDuration("90", 1)).toBe(90);
    expect(parseDuration("-1:30", 0)).toBe(-5400);
    expect(parseDuration("100:00", 0)).toBe(360000);
    for (const bad of ["1:75", "1:30:60", "a:b", "1:2:3:4", "1.5:30", "1:30.5", ""])
      expect(parseDuration(bad, 0), bad).toBeNull();
  });
  it("formats h:mm, h:mm:ss and fractions, widening when needed to stay exact", () => {
    expect(formatDuration(5400, 0)).toBe("1:30");
    expect(formatDuration(5430, 0)).toBe("1:30:30");
    expect(formatDuration(3723, 1)).toBe("1:02:03");
    expect(formatDuration(3723.5, 2)).toBe("1:02:03.5");
    expect(formatDuration(3723.5, 4)).toBe("1:02:03.500");
    expect(formatDuration(0.123, 2)).toBe("0:00:00.123");
    expect(formatDuration(-90, 1)).toBe("-0:01:30");
  });
  it("round-trips every format", () => {
    for (let f = 0; f <= 4; f++) {
      for (const s of [0, 1, 59, 60, 90, 3600, 5400, 3723.5, 0.001, 86399.999, -61]) {
        expect(DurationField.parseText(DurationField.formatText(s, ctx(f)), ctx(f)), `${s} in ${f}`).toEqual({
          ok: true,
          value: s,
        });
      }
    }
  });
  it("takes API numbers and numeric strings as seconds", () => {
    expect(DurationField.fromApi(90, ctx())).toEqual({ ok: true, value: 90 });
    expect(DurationField.fromApi("90", ctx())).toEqual({ ok: true, value: 90 });
    expect(DurationField.fromApi("1:30", ctx())).toEqual({ ok: true, value: 5400 });
    expect(DurationField.fromApi("soon", ctx(1))).toEqual({
      ok: false,
      error: 'Spent: "soon" is not a duration (use h:mm:ss)',
    });
    expect(DurationField.options.safeParse({ duration: 5 }).success).toBe(false);
  });
});
