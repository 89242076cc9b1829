import { describe, expect, it } from "vitest";
import { hrefFor } from "./link-cell";
import { splitTitles } from "./select-chips";

describe("cell helpers", () => {
  it("links e-mails, phones and http(s) URLs only", () => {
    expect(hrefFor("email", "a@b.co")).toBe("mailto:a@b.co");
    expect(hrefFor("phone", "+1 (555) 12-34")).toBe("tel:+15551234");
    expect(hrefFor("url", "example.com/x")).toBe("https://example.com/x");
    expect(hrefFor("url", "javascript:alert(1)")).toBeNull();
    expect(hrefFor("url", "ftp://host/file")).toBeNull();
  });
  it("splits multi-select values", () => {
    expect(splitTitles("a, b,,c")).toEqual(["a", "b", "c"]);
    expect(splitTitles(["x", ""])).toEqual(["x"]);
    expect(splitTitles(null)).toEqual([]);
  });
});
