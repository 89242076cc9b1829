import { describe, expect, it } from "vitest";
import { isHexColor } from "../../db/project/rules";
import { metaObject, PICKER_COLORS, toColorInputValue } from "./theme";

describe("theme helpers", () => {
  it("offers 18 distinct hex picker colours", () => {
    expect(PICKER_COLORS).toHaveLength(18);
    expect(new Set(PICKER_COLORS.map((c) => c.toLowerCase())).size).toBe(18);
    expect(PICKER_COLORS.every(isHexColor)).toBe(true);
  });

  it("gives colour inputs a #rrggbb value", () => {
    expect(toColorInputValue("#abc")).toBe("#aabbcc");
    expect(toColorInputValue("#abcd")).toBe("#aabbcc");
    expect(toColorInputValue("#112233ff")).toBe("#112233");
    expect(toColorInputValue("#4169E1")).toBe("#4169e1");
  });

  it("reads meta as text or object", () => {
    expect(metaObject('{"theme":{"primaryColor":"#fff"}}')).toEqual({ theme: { primaryColor: "#fff" } });
    expect(metaObject({ a: 1 })).toEqual({ a: 1 });
    expect(metaObject("not json")).toEqual({});
    expect(metaObject(null)).toEqual({});
  });
});
