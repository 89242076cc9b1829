import { describe, expect, it } from "vitest";
import { fieldContext, fieldType } from "../fields/registry";
import { cellText, csvCell, formulaLike } from "./csv";
import type { RowColumn } from "./row-codec";

const column = (uidt: string, options: Record<string, unknown> = {}): RowColumn => {
  const ctx = fieldContext(uidt, uidt, options);
  if (!ctx.ok) throw new Error(ctx.error);
  return { uidt, title: uidt, ctx: ctx.value, type: fieldType(uidt)! } as unknown as RowColumn;
};

describe("CSV formula guard (OWASP)", () => {
  it("quotes only text a spreadsheet would run: =, @, tab, CR, and + or - not followed by a number", () => {
    for (const text of [
      "=1+2",
      "@SUM(A1)",
      "\tx",
      "\rx",
      "+cmd",
      "-cmd|' /C calc'!A0",
      "-2+3+cmd|' /C calc'!A0",
      "+1E2*A1",
      "+",
      "-",
      "-=1",
    ])
      expect([text, formulaLike(text)]).toEqual([text, true]);
    for (const text of ["+1 555 0100", "+44 (20) 7946-0958", "-12.5", "-.5", "+1-2", "12", "a=b", "", "'=x", " =x"])
      expect([text, formulaLike(text)]).toEqual([text, false]);
    expect(csvCell("+1 555 0100")).toBe("+1 555 0100");
    expect(csvCell("-3")).toBe("-3");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });
});

describe("export text per field type", () => {
  const env = { origin: "https://grid.example" };

  it("writes a checkbox as true or false, an unticked (empty) box included", () => {
    const c = column("Checkbox");
    expect([1, 0, null, undefined].map((v) => cellText(c, v, env))).toEqual(["true", "false", "false", "false"]);
  });

  it("writes uploads as title(link) with the site's host, noted for signing, and web links as they are", () => {
    const noted = { origin: "https://grid.example", uploads: new Set<string>() };
    const stored = JSON.stringify([
      { path: "download/noco/p1/a/photo.png", title: "photo.png" },
      { url: "https://cdn.example/b.pdf", title: "b.pdf" },
    ]);
    expect(cellText(column("Attachment"), stored, noted)).toBe(
      "photo.png(https://grid.example/download/noco/p1/a/photo.png), b.pdf(https://cdn.example/b.pdf)",
    );
    expect([...noted.uploads]).toEqual(["download/noco/p1/a/photo.png"]);
    expect(cellText(column("Attachment"), null, env)).toBe("");
  });

  it("uses the type's text form otherwise", () => {
    expect(cellText(column("Number"), 12, env)).toBe("12");
    expect(cellText(column("PhoneNumber"), "+1 555 0100", env)).toBe("+1 555 0100");
    expect(cellText(column("Date", { date_format: "DD/MM/YYYY" }), "2024-01-02", env)).toBe("02/01/2024");
  });
});
