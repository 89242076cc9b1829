// @vitest-environment node
import { describe, expect, it, vi } from "vitest";

vi.mock("./text", () => ({ t: (key: string) => (key === "sharedView.member" ? "A member" : key) }));
const { cellText } = await import("./cells");

describe("cellText", () => {
  it("shows a person by name, never by user id (issue 42)", () => {
    expect(cellText({ id: "us_abc", display_name: "Ada Lovelace" })).toBe("Ada Lovelace");
    expect(cellText({ id: "us_abc", display_name: null })).toBe("A member");
    expect(
      cellText([
        { id: "us_a", display_name: "Ada" },
        { id: "us_b", display_name: "Bob" },
      ]),
    ).toBe("Ada, Bob");
  });

  it("shows files by title and linked records by their display value", () => {
    expect(cellText([{ title: "a.png", path: "download/x" }])).toBe("a.png");
    expect(cellText({ Id: 3, Name: "Acme" })).toBe("Acme");
    expect(cellText(null)).toBe("");
  });
});
