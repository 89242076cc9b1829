import { describe, expect, it } from "vitest";
import {
  commaParts,
  dateFormatOf,
  fractionDigits,
  isPlainNumber,
  looksLikeUrl,
  mostCommonDateFormat,
} from "./text-classifiers";

describe("isPlainNumber", () => {
  it.each(["0", "7", "-3", "+4", "1,234", "1,234,567.5", "0.5", ".5", "1e5", "2.5E-3", " 12 "])(
    "%j is a plain number",
    (t) => {
      expect(isPlainNumber(t)).toBe(true);
    },
  );
  it.each([
    "",
    "-",
    ".",
    "1.",
    "007",
    "-0012",
    "12,34",
    "1,2345",
    "$5",
    "5%",
    "(5)",
    "1 000",
    "123456789012345678",
    "abc",
    "1e",
    "Infinity",
  ])("%j is not", (t) => {
    expect(isPlainNumber(t)).toBe(false);
  });
  it("allows 15 significant digits", () => {
    expect(isPlainNumber("123456789012345")).toBe(true);
    expect(isPlainNumber("1234567890123456")).toBe(false);
  });
});

describe("fractionDigits", () => {
  it("counts the digits after the point", () => {
    expect([fractionDigits("12"), fractionDigits("12.50"), fractionDigits("1.5e3")]).toEqual([0, 2, 1]);
  });
});

describe("looksLikeUrl", () => {
  it("wants a scheme, mailto: or www.", () => {
    expect(looksLikeUrl("https://a.org/x?y=1")).toBe(true);
    expect(looksLikeUrl("www.example.com")).toBe(true);
    expect(looksLikeUrl("example.com")).toBe(false);
    expect(looksLikeUrl("http://exa mple.com")).toBe(false);
  });
});

describe("date formats", () => {
  it("tells the format when the order is certain", () => {
    expect(dateFormatOf("2024-01-02")).toBe("YYYY-MM-DD");
    expect(dateFormatOf("2024/1/2 10:00")).toBe("YYYY/MM/DD");
    expect(dateFormatOf("13.01.2024")).toBeNull();
    expect(dateFormatOf("13/01/2024")).toBe("DD/MM/YYYY");
    expect(dateFormatOf("01 13 2024")).toBe("MM DD YYYY");
    expect(dateFormatOf("01/02/2024")).toBeNull();
    expect(dateFormatOf("1/2/24")).toBeNull();
  });
  it("picks the most common, first seen on a tie, YYYY/MM/DD without any", () => {
    expect(mostCommonDateFormat(["13/01/2024", "01-13-2024", "14/01/2024"])).toBe("DD/MM/YYYY");
    expect(mostCommonDateFormat(["13/01/2024", "01-13-2024"])).toBe("DD/MM/YYYY");
    expect(mostCommonDateFormat(["01/02/2024", "x"])).toBe("YYYY/MM/DD");
  });
});

describe("commaParts", () => {
  it("splits, trims and drops blanks", () => expect(commaParts(" a, b,,c ")).toEqual(["a", "b", "c"]));
});
