import { describe, expect, it } from "vitest";
import { sheetTitle, sheetValue } from "./xlsx-sheet";

describe("sheetValue", () => {
  it("keeps numbers, booleans, text and nulls", () => {
    expect([1.5, true, "x", null, undefined].map((v) => sheetValue(v))).toEqual([1.5, true, "x", null, null]);
  });
  it("turns Date column values into dates", () => {
    expect(sheetValue("2024-01-02", "Date")).toEqual(new Date(Date.UTC(2024, 0, 2)));
    expect(sheetValue("2024-01-02", "SingleLineText")).toBe("2024-01-02");
  });
  it("writes attachments as title(url) and other objects as JSON", () => {
    expect(
      sheetValue(
        [
          { title: "a.png", url: "https://x/a.png" },
          { title: "b", path: "download/b" },
        ],
        "Attachment",
      ),
    ).toBe("a.png(https://x/a.png), b(download/b)");
    expect(sheetValue({ a: [1] }, "JSON")).toBe('{"a":[1]}');
  });
});

describe("sheetTitle", () => {
  it("drops the characters Excel refuses and keeps 31", () => {
    expect(sheetTitle("Q1/Q2 [draft]?")).toBe("Q1_Q2 _draft__");
    expect(sheetTitle("x".repeat(40))).toHaveLength(31);
    expect(sheetTitle("")).toBe("Sheet1");
  });
});
