import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown } from "./markdown";

describe("text widget Markdown", () => {
  it("reads headings, paragraphs and lists", () => {
    expect(parseMarkdown("# Sales\n\nThis *month*\nonly\n\n- one\n- **two**\n1. first")).toEqual([
      { t: "h", level: 1, c: [{ t: "text", v: "Sales" }] },
      {
        t: "p",
        c: [
          { t: "text", v: "This " },
          { t: "i", c: [{ t: "text", v: "month" }] },
          { t: "text", v: " only" },
        ],
      },
      { t: "ul", items: [[{ t: "text", v: "one" }], [{ t: "b", c: [{ t: "text", v: "two" }] }]] },
      { t: "ol", items: [[{ t: "text", v: "first" }]] },
    ]);
  });

  it("keeps http links and drops javascript: ones to their text", () => {
    expect(parseInline("[docs](https://x.dev/a) [bad](javascript:void)")).toEqual([
      { t: "a", href: "https://x.dev/a", c: [{ t: "text", v: "docs" }] },
      { t: "text", v: " bad" },
    ]);
  });

  it("treats HTML as text", () => {
    expect(parseMarkdown("<img src=x onerror=alert(1)>")).toEqual([
      { t: "p", c: [{ t: "text", v: "<img src=x onerror=alert(1)>" }] },
    ]);
  });
});
