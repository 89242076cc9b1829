import { describe, expect, it } from "vitest";
import { formatTsv, parseTsv } from "./tsv";

describe("parseTsv", () => {
  it("splits tabs and line breaks, ignoring one trailing line break", () => {
    expect(parseTsv("a\tb\nc\td\n")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(parseTsv("a\tb\r\nc\td\r\n")).toEqual([
      ["a", "b"],
      ["c", "d"],
    ]);
  });
  it("keeps empty cells and rows", () => {
    expect(parseTsv("\tx\t\n\n")).toEqual([["", "x", ""], [""]]);
    expect(parseTsv("")).toEqual([[""]]);
  });
  it("reads quoted cells holding tabs, line breaks and doubled quotes", () => {
    expect(parseTsv('"a\tb"\t"line 1\nline 2"\n"say ""hi"""\tz')).toEqual([
      ["a\tb", "line 1\nline 2"],
      ['say "hi"', "z"],
    ]);
    expect(parseTsv('"x\r\ny"\t1\r\n2\t3')).toEqual([
      ["x\r\ny", "1"],
      ["2", "3"],
    ]);
  });
  it("takes quotes inside or after a value literally", () => {
    expect(parseTsv('5" screen\tok')).toEqual([['5" screen', "ok"]]);
    expect(parseTsv('"ab"cd\te')).toEqual([["abcd", "e"]]);
  });
  it("takes a quote that never closes literally", () => {
    expect(parseTsv('"open\tb')).toEqual([['"open', "b"]]);
  });
});

describe("formatTsv", () => {
  it("quotes only cells that need it", () => {
    expect(
      formatTsv([
        ["a", "b c"],
        ["x\ty", 'q"'],
        ["1\n2", ""],
      ]),
    ).toBe('a\tb c\n"x\ty"\t"q"""\n"1\n2"\t');
  });
  it("round-trips through parseTsv", () => {
    const rows = [
      ["plain", "tab\there", "multi\nline"],
      ['"quoted"', "", "end"],
    ];
    expect(parseTsv(formatTsv(rows))).toEqual(rows);
  });
});
