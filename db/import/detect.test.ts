import { describe, expect, it } from "vitest";
import { BOOLEAN_VOCABULARIES, columnSettings, detectColumn, detectText, fitsSelect } from "./detect";

const uidt = (cells: Parameters<typeof detectColumn>[0]) => detectColumn(cells).uidt;
/** n values drawn round-robin from `distinct` labels. */
const repeated = (distinct: number, total: number, label = (i: number) => `v${i}`) =>
  Array.from({ length: total }, (_, i) => label(i % distinct));

describe("rule 1: no values", () => {
  it("an empty or blank column is single-line text", () => {
    expect(uidt([])).toBe("SingleLineText");
    expect(uidt([null, "", "  "])).toBe("SingleLineText");
  });
});

describe("rule 5a: long text", () => {
  it("a line break makes long text (\\n and \\r)", () => {
    expect(uidt(["one", "two\nlines"])).toBe("LongText");
    expect(uidt(["one", "two\r\nlines"])).toBe("LongText");
    expect(uidt(["carriage\rreturn"])).toBe("LongText");
  });
  it("255 characters stay single-line text; 256 make long text", () => {
    expect(uidt(["a".repeat(255)])).toBe("SingleLineText");
    expect(uidt(["short", "a".repeat(256)])).toBe("LongText");
  });
  it("long text wins over every other rule", () => {
    expect(uidt(["yes", "no\nmaybe"])).toBe("LongText");
    expect(uidt(["a@b.co", `${"x".repeat(250)}@example.com`])).toBe("LongText");
  });
});

describe("rule 5b: checkbox vocabularies", () => {
  const pairs: Array<[string, string]> = [
    ["checked", "unchecked"],
    ["yes", "no"],
    ["y", "n"],
    ["1", "0"],
    ["true", "false"],
    ["on", "off"],
    ["enabled", "disabled"],
  ];
  it.each(pairs)("%s / %s is a checkbox, in any case, with blanks", (on, off) => {
    expect(uidt([on, off, on, null, ""])).toBe("Checkbox");
    expect(uidt([on.toUpperCase(), ` ${off} `])).toBe("Checkbox");
    expect(uidt([on])).toBe("Checkbox");
    expect(uidt([off])).toBe("Checkbox");
  });
  it("x and done are checked; their unchecked value is a blank", () => {
    expect(uidt(["x", "", "X", null])).toBe("Checkbox");
    expect(uidt(["done", "", "Done"])).toBe("Checkbox");
  });
  it.each(["✓", "✔", "☑", "✅"])("the tick %s with its blanks is a checkbox", (tick) => {
    expect(uidt([tick, "", tick])).toBe("Checkbox");
    for (const blank of ["☐", "✗", "✘", "❌"]) expect(uidt([tick, blank])).toBe("Checkbox");
  });
  it("values from two vocabularies are not a checkbox", () => {
    expect(uidt(["yes", "false", "yes", "false"])).not.toBe("Checkbox");
    expect(uidt(["x", "no", "x", "no"])).not.toBe("Checkbox");
    expect(uidt(["on", "0"])).not.toBe("Checkbox");
  });
  it("covers every vocabulary the SPEC lists", () => {
    const words = BOOLEAN_VOCABULARIES.flatMap(([on, off]) => [...on, ...off]);
    for (const w of [
      "checked",
      "unchecked",
      "yes",
      "no",
      "y",
      "n",
      "1",
      "0",
      "true",
      "false",
      "on",
      "off",
      "enabled",
      "disabled",
      "x",
      "done",
      "✓",
      "✔",
      "☑",
    ]) {
      expect(words).toContain(w);
    }
  });
  it("a 1/0 column is a checkbox, not a number", () => {
    expect(uidt(["1", "0", "0", "1"])).toBe("Checkbox");
  });
});

describe("rules 5c, 5d: e-mail and URL", () => {
  it("every value an e-mail address", () => {
    expect(uidt(["ann@example.com", "bob@mail.example.org", ""])).toBe("Email");
    expect(uidt(["ann@example.com", "not an address"])).toBe("SingleLineText");
  });
  it("every value a link", () => {
    expect(
      uidt([
        "https://example.com/a",
        "http://x.org",
        "www.example.com/path",
        "mailto:a@b.co",
        "ftp://files.example.com",
      ]),
    ).toBe("URL");
    expect(uidt(["https://example.com", "example"])).toBe("SingleLineText");
  });
  it("file names and dotted words are not links", () => {
    expect(uidt(["report.pdf", "notes.txt"])).toBe("SingleLineText");
  });
  it("script links are not URLs", () => {
    expect(uidt(["javascript:alert(1)"])).toBe("SingleLineText");
  });
});

describe("rule 5e: numbers", () => {
  it("integers are Number", () => {
    expect(uidt(["1", "22", "-3", "+4", "1,234", "1e3"])).toBe("Number");
  });
  it("any non-integer value makes Decimal, with the precision seen", () => {
    expect(detectColumn(["1", "2.5", "3.125"])).toEqual({ uidt: "Decimal", meta: { precision: 3 } });
    expect(uidt(["10.00", "12.00"])).toBe("Decimal");
    expect(columnSettings("Decimal", ["1.123456789012"])).toEqual({ meta: { precision: 8 } });
  });
  it("leading zeros, currency symbols and very long digit strings stay text", () => {
    expect(uidt(["02134", "02135"])).toBe("SingleLineText");
    expect(uidt(["$12", "$13"])).toBe("SingleLineText");
    expect(uidt(["1234567890123456"])).toBe("SingleLineText");
    expect(uidt(["0", "0.5"])).toBe("Decimal");
  });
});

describe("rule 5f: dates in text", () => {
  it("dates without a time are Date with the most common certain format", () => {
    expect(detectColumn(["2024-01-02", "2024-03-04"])).toEqual({ uidt: "Date", meta: { date_format: "YYYY-MM-DD" } });
    expect(detectColumn(["13/01/2024", "02/01/2024", "25/12/2024"])).toEqual({
      uidt: "Date",
      meta: { date_format: "DD/MM/YYYY" },
    });
    expect(detectColumn(["01-13-2024", "01-02-2024"])).toEqual({ uidt: "Date", meta: { date_format: "MM-DD-YYYY" } });
    expect(detectColumn(["2024 01 02", "2024 01 03"])).toEqual({ uidt: "Date", meta: { date_format: "YYYY MM DD" } });
  });
  it("falls back to YYYY/MM/DD when no value's order is certain", () => {
    expect(detectColumn(["01/02/2024", "03/04/2024"])).toEqual({ uidt: "Date", meta: { date_format: "YYYY/MM/DD" } });
  });
  it("a time on any value makes DateTime", () => {
    expect(detectColumn(["2024-01-02 10:30", "2024-01-03"])).toEqual({
      uidt: "DateTime",
      meta: { date_format: "YYYY-MM-DD" },
    });
  });
});

describe("rule 5g: selects", () => {
  it("repeated values are a single select with options in order of appearance", () => {
    expect(detectColumn(["b", "a", "b", "a"])).toEqual({
      uidt: "SingleSelect",
      colOptions: { options: [{ title: "b" }, { title: "a" }] },
    });
  });
  it("comma-separated values are a multi select over their parts", () => {
    expect(detectColumn(["a, b", "b", "a,c", "c"])).toEqual({
      uidt: "MultiSelect",
      colOptions: { options: [{ title: "a" }, { title: "b" }, { title: "c" }] },
    });
  });
  it("64 distinct values may be a select; 65 may not", () => {
    expect(uidt(repeated(64, 128))).toBe("SingleSelect");
    expect(uidt(repeated(65, 1000))).toBe("SingleLineText");
    expect(uidt(repeated(64, 128).map((v, i) => `${v},${repeated(64, 128)[(i + 1) % 128]}`))).toBe("MultiSelect");
    expect(uidt(repeated(65, 650).map((v) => `${v},${v}`))).toBe("SingleLineText");
  });
  it("distinct values at most half of the total: exactly half is a select, one more is not", () => {
    expect(fitsSelect(repeated(5, 10))).toBe(true);
    expect(fitsSelect(repeated(5, 9))).toBe(false);
    expect(uidt(repeated(5, 10))).toBe("SingleSelect");
    expect(uidt(repeated(5, 9))).toBe("SingleLineText");
    expect(uidt(["a,b", "c,d", "a,b"])).toBe("SingleLineText"); // 4 distinct of 6 parts
    expect(uidt(["a,b", "a,b", "a,c"])).toBe("MultiSelect"); // 3 distinct of 6 parts
  });
  it("unique values stay single-line text", () => {
    expect(uidt(["Ann", "Bob", "Cid"])).toBe("SingleLineText");
  });
});

describe("rule 2: JSON values", () => {
  it("maps objects, booleans, numbers and dates", () => {
    expect(uidt([{ json: { a: 1 } }, { json: [1, 2] }, null])).toBe("JSON");
    expect(uidt([true, false, null])).toBe("Checkbox");
    expect(uidt([1, 2, 3])).toBe("Number");
    expect(uidt([1, 2.5])).toBe("Decimal");
    expect(uidt([new Date("2024-01-02T03:04:05Z")])).toBe("DateTime");
  });
  it("strings go through the text rules; mixed kinds are read as text", () => {
    expect(uidt(["ann@example.com"])).toBe("Email");
    expect(uidt([1, "two"])).toBe("SingleLineText");
    expect(uidt([1, "2"])).toBe("Number");
  });
});

describe("rules 3, 4: spreadsheet cells", () => {
  it("dates whose display text is one token are Date, with the most common format", () => {
    const cells = [
      { d: "2024-01-02", w: "02/01/2024" },
      { d: "2024-01-13", w: "13/01/2024" },
      { d: "2024-01-14", w: "14/01/2024" },
    ];
    expect(detectColumn(cells)).toEqual({ uidt: "Date", meta: { date_format: "DD/MM/YYYY" } });
    expect(detectColumn([{ d: "2024-01-02", w: "1/2/24" }])).toEqual({
      uidt: "Date",
      meta: { date_format: "YYYY/MM/DD" },
    });
  });
  it("dates shown with a time are DateTime", () => {
    expect(uidt([{ d: "2024-01-02 10:00:00", w: "2024-01-02 10:00" }])).toBe("DateTime");
  });
  it('numbers shown with "$" are Currency; others Number or Decimal', () => {
    expect(
      detectColumn([
        { n: 1200, w: "$1,200.00" },
        { n: -5, w: "-$5.00" },
        { n: -7, w: "($7.00)" },
      ]),
    ).toEqual({
      uidt: "Currency",
      meta: { currency_locale: "en-US", currency_code: "USD" },
    });
    expect(
      uidt([
        { n: 1200, w: "$1,200.00" },
        { n: 3, w: "3" },
      ]),
    ).toBe("Number");
    expect(uidt([{ n: 1.5, w: "1.5" }])).toBe("Decimal");
  });
  it("spreadsheet booleans are a checkbox", () => {
    expect(uidt([true, false])).toBe("Checkbox");
  });
});

describe("detectText", () => {
  it("is single-line text for nothing", () => expect(detectText([])).toBe("SingleLineText"));
});
