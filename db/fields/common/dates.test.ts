import { describe, expect, it } from "vitest";
import { formatDate, parseDateText, parseTimeText, storedInstantApiText, toIsoUtc } from "./dates";

const day = (text: string, format?: string) => {
  const p = parseDateText(text, format);
  return p && `${p.date.year}-${p.date.month}-${p.date.day}`;
};

describe("strict date formats (SPEC 5)", () => {
  it.each(["-", "/", " "])("reads YYYY-MM-DD, DD-MM-YYYY and MM-DD-YYYY with %j", (sep) => {
    expect(day(["2024", "05", "31"].join(sep))).toBe("2024-5-31");
    expect(day(["31", "05", "2024"].join(sep))).toBe("2024-5-31");
    expect(day(["05", "31", "2024"].join(sep))).toBe("2024-5-31");
    expect(day(["2024", "5", "1"].join(sep))).toBe("2024-5-1");
  });
  it("uses date_format when day and month are both 12 or less", () => {
    expect(day("01-02-2024", "DD-MM-YYYY")).toBe("2024-2-1");
    expect(day("01/02/2024", "DD/MM/YYYY")).toBe("2024-2-1");
    expect(day("01-02-2024", "MM-DD-YYYY")).toBe("2024-1-2");
    expect(day("01-02-2024", "YYYY-MM-DD")).toBe("2024-1-2");
    expect(day("01-02-2024")).toBe("2024-1-2");
    expect(day("13-02-2024", "MM-DD-YYYY")).toBe("2024-2-13");
  });
  it("refuses mixed separators, impossible dates and other shapes", () => {
    for (const bad of [
      "2024-05/01",
      "31/31/2024",
      "2023-02-29",
      "2024-13-01",
      "00-01-2024",
      "24-05-01",
      "2024-5",
      "20240501",
      "0999-01-01",
      "May 1 2024",
      "2024-05-01 25:00",
      "2024-05-01 10:60",
      "2024-05-01 13:00 PM",
      "2024-05-01T10:00+15:00",
    ]) {
      expect(parseDateText(bad), bad).toBeNull();
    }
    expect(day("2024-02-29")).toBe("2024-2-29");
  });
  it("reads an optional time HH:mm, HH:mm:ss or HH:mm:ss.SSS, AM/PM and an offset", () => {
    const iso = (text: string, f?: string) => {
      const p = parseDateText(text, f);
      return p && toIsoUtc(p);
    };
    expect(iso("2024-05-01 10:30")).toBe("2024-05-01T10:30:00.000Z");
    expect(iso("01/05/2024 10:30:15", "DD/MM/YYYY")).toBe("2024-05-01T10:30:15.000Z");
    expect(iso("05 01 2024 10:30:15.250")).toBe("2024-05-01T10:30:15.250Z");
    expect(iso("2024-05-01T10:30:15.123456Z")).toBe("2024-05-01T10:30:15.123Z");
    expect(iso("2024-05-01 10:30:00+02:00")).toBe("2024-05-01T08:30:00.000Z");
    expect(iso("2024-05-01 22:30-0330")).toBe("2024-05-02T02:00:00.000Z");
    expect(iso("5/1/2024 1:05 PM")).toBe("2024-05-01T13:05:00.000Z");
    expect(iso("5/1/2024 12:05 am")).toBe("2024-05-01T00:05:00.000Z");
    expect(iso("2024-05-01")).toBe("2024-05-01T00:00:00.000Z");
  });
  it("reads a time alone or after a date", () => {
    expect(parseTimeText("9:05")).toEqual({ hour: 9, minute: 5, second: 0, ms: 0 });
    expect(parseTimeText("1999-01-01 23:59:58")).toMatchObject({ hour: 23, minute: 59, second: 58 });
    expect(parseTimeText("24:00")).toBeNull();
    // What people type into a Time cell (issue 33): one rule, the Time field's.
    const hm = (hour: number, minute: number) => ({ hour, minute, second: 0, ms: 0 });
    expect(parseTimeText("9:45")).toEqual(hm(9, 45));
    expect(parseTimeText("09:45")).toEqual(hm(9, 45));
    expect(parseTimeText("9.45")).toEqual(hm(9, 45));
    expect(parseTimeText("21:45")).toEqual(hm(21, 45));
    expect(parseTimeText("9:45 pm")).toEqual(hm(21, 45));
    expect(parseTimeText("12.30 AM")).toEqual(hm(0, 30));
    expect(parseTimeText("9.4")).toBeNull();
    expect(parseTimeText("2024-05-01")).toBeNull();
  });
  it("formats in the strict date formats and falls back to YYYY-MM-DD", () => {
    const d = { year: 2024, month: 5, day: 1 };
    expect(formatDate(d, "DD/MM/YYYY")).toBe("01/05/2024");
    expect(formatDate(d, "MM DD YYYY")).toBe("05 01 2024");
    expect(formatDate(d, "YYYY/MM/DD")).toBe("2024/05/01");
    expect(formatDate(d, "DD MMM YYYY")).toBe("2024-05-01");
    expect(formatDate(d, "YYYY-DD-MM")).toBe("2024-05-01");
  });
});

describe("API text of a stored instant, read by position", () => {
  /** The general way: parse, normalise to UTC, print as the API does. */
  const general = (text: string) => {
    const p = parseDateText(text);
    const iso = p && toIsoUtc(p);
    return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}+00:00` : null;
  };

  it("agrees with the general parse on every stored form, leap days and year bounds included", () => {
    const stored = [
      new Date(Date.UTC(2026, 10, 26, 21, 46, 46, 123)).toISOString(),
      "2024-02-29T23:59:59.999Z",
      "1000-01-01T00:00:00.000Z",
      "9999-12-31T23:59:59.000Z",
    ];
    for (const s of stored) expect(storedInstantApiText(s)).toBe(general(s));
    expect(storedInstantApiText("2024-02-29T23:59:59.999Z")).toBe("2024-02-29 23:59:59+00:00");
  });

  it("leaves every other text to the general parse", () => {
    for (const s of [
      "2023-02-29T10:00:00.000Z", // no such day
      "2024-13-01T10:00:00.000Z",
      "2024-01-01T24:00:00.000Z",
      "2024-01-01T10:60:00.000Z",
      "2024-01-01 10:00:00+00:00", // another database's text
      "2024-01-01T10:00:00Z",
      "2024-01-01T10:00:00.000+01",
      "2024-01-01T10:00:00.0a0Z",
      "0999-01-01T10:00:00.000Z",
    ])
      expect(storedInstantApiText(s)).toBeNull();
  });
});
