import { describe, expect, it } from "vitest";
import { DEFAULT_THEME, isHexColor, projectTitleProblem, resolveTheme } from "./rules";

describe("project title rules", () => {
  it("accepts up to 50 characters and refuses 51", () => {
    expect(projectTitleProblem("a".repeat(50))).toBeNull();
    expect(projectTitleProblem("a".repeat(51))).toBe("tooLong");
  });
  it("refuses a leading space and an empty title", () => {
    expect(projectTitleProblem(" CRM")).toBe("startsWithSpace");
    expect(projectTitleProblem("   ")).toBe("required");
    expect(projectTitleProblem("CRM ")).toBeNull();
  });
});

describe("hex colours and theme", () => {
  it("accepts 3, 4, 6 and 8 hex digits only", () => {
    for (const ok of ["#abc", "#abcd", "#aabbcc", "#aabbccdd"]) expect(isHexColor(ok)).toBe(true);
    for (const bad of ["#ab", "#abcde", "#aabbccd", "aabbcc", "#ggg", "red", 123]) expect(isHexColor(bad)).toBe(false);
  });
  it("falls back to royal blue and pink when a colour is invalid", () => {
    expect(resolveTheme({ theme: { primaryColor: "#123", accentColor: "#456789" } })).toEqual({
      primaryColor: "#123",
      accentColor: "#456789",
    });
    expect(resolveTheme(JSON.stringify({ theme: { primaryColor: "#12", accentColor: "#456" } }))).toEqual(
      DEFAULT_THEME,
    );
    expect(resolveTheme("not json")).toEqual(DEFAULT_THEME);
    expect(resolveTheme(null)).toEqual(DEFAULT_THEME);
  });
});
