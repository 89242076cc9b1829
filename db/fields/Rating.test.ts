import { describe, expect, it } from "vitest";
import { RatingField } from "./Rating";
import { parseOptions } from "./registry";

const ctx = (meta: object = {}) => ({ title: "Rating", options: RatingField.options.parse(meta) });

describe("Rating", () => {
  it("defaults max to 5 and keeps GUI icon settings", () => {
    expect(ctx().options.max).toBe(5);
    const o = ctx({ max: 10, icon: { full: "mdi-star", empty: "mdi-star-outline" }, color: "#fcb401" }).options;
    expect(o).toMatchObject({ max: 10, icon: { full: "mdi-star" }, color: "#fcb401" });
  });
  it("bounds max to 1..10", () => {
    expect(parseOptions("Rating", { max: 11 }).ok).toBe(false);
    expect(parseOptions("Rating", { max: 0 }).ok).toBe(false);
    expect(parseOptions("Rating", { max: 2.5 }).ok).toBe(false);
    const bad = parseOptions("Rating", { max: 11 });
    expect(!bad.ok && bad.error).toMatch(/^Invalid Rating option "max": /);
  });
  it("keeps values within 0..max, whole", () => {
    expect(RatingField.fromApi(5, ctx())).toEqual({ ok: true, value: 5 });
    expect(RatingField.fromApi(0, ctx())).toEqual({ ok: true, value: 0 });
    expect(RatingField.fromApi(7, ctx())).toEqual({ ok: false, error: "Rating: 7 is above the maximum of 5" });
    expect(RatingField.fromApi(7, ctx({ max: 7 }))).toEqual({ ok: true, value: 7 });
    expect(RatingField.fromApi(-1, ctx())).toEqual({ ok: false, error: "Rating: -1 is below the minimum of 0" });
    expect(RatingField.parseText("2.5", ctx())).toEqual({ ok: false, error: 'Rating: "2.5" is not a whole number' });
  });
});
