import { describe, expect, it } from "vitest";
import { read, utils } from "xlsx";
import { parseCsv } from "../../db/rows/csv-parse";
import { csvToXlsx } from "./xlsx-export";

describe("Excel export of a CSV batch", () => {
  it("reads RFC 4180 quoting, doubled quotes and line breaks inside cells", () => {
    expect(parseCsv('a,"b,c","say ""hi"""\r\n"two\nlines",,x\n')).toEqual([
      ["a", "b,c", 'say "hi"'],
      ["two\nlines", "", "x"],
    ]);
  });

  it("writes a workbook with number cells for plain numbers and text (never formulas) for the rest", () => {
    const bytes = csvToXlsx('Name,Amount,Code,Note\n"a, b",12.5,007,"\'=HYPERLINK(""x"")"\n', "Leads: all");
    const book = read(bytes, { type: "array" });
    expect(book.SheetNames).toEqual(["Leads  all"]);
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    expect(utils.sheet_to_json(sheet)).toEqual([{ Name: "a, b", Amount: 12.5, Code: "007", Note: '=HYPERLINK("x")' }]);
    expect(sheet.D2?.f).toBeUndefined();
    expect(sheet.D2?.t).toBe("s");
  });
});
