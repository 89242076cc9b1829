import { describe, expect, it } from "vitest";
import { hrefFor } from "./link-cell";
import { pickerText, pickerValue } from "./picker-editor";
import { splitTitles } from "./select-chips";

describe("cell helpers", () => {
  it("links e-mails, phones and http(s) URLs only", () => {
    expect(hrefFor("email", "a@b.co")).toBe("mailto:a@b.co");
    expect(hrefFor("phone", "+1 (555) 12-34")).toBe("tel:+15551234");
    expect(hrefFor("url", "example.com/x")).toBe("https://example.com/x");
    expect(hrefFor("url", "javascript:alert(1)")).toBeNull();
    expect(hrefFor("url", "ftp://host/file")).toBeNull();
  });
  it("converts API dates and times for native pickers and back", () => {
    expect(pickerText("date", "2024-05-06")).toBe("2024-05-06");
    expect(pickerText("datetime-local", "2024-05-06 10:30:00+00:00")).toBe("2024-05-06T10:30:00");
    expect(pickerText("time", "10:30:15")).toBe("10:30:15");
    expect(pickerText("date", null)).toBe("");
    expect(pickerValue("datetime-local", "2024-05-06T10:30")).toBe("2024-05-06 10:30");
    expect(pickerValue("date", "")).toBeNull();
  });
  it("splits multi-select values", () => {
    expect(splitTitles("a, b,,c")).toEqual(["a", "b", "c"]);
    expect(splitTitles(["x", ""])).toEqual(["x"]);
    expect(splitTitles(null)).toEqual([]);
  });
});
