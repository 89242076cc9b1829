/** What a user may type into a Date cell (SPEC 5), read through the column's codec as the editor does. */
import { describe, expect, it } from "vitest";
import type { Column } from "../../api/types";
import { codecFor } from "../codec";

const dateColumn = (date_format?: string): Column => ({
  id: "cl_due",
  title: "Due",
  column_name: "due",
  uidt: "Date",
  pk: false,
  pv: false,
  rqd: false,
  cdf: null,
  system: false,
  meta: date_format ? { date_format } : {},
});

// 5 March 2024: the day is not above 12, so day-first formats need a day-first column.
const SPEC5: Array<[string, string | undefined]> = [
  ["2024-03-05", undefined],
  ["2024/03/05", undefined],
  ["2024 03 05", undefined],
  ["05-03-2024", "DD-MM-YYYY"],
  ["05/03/2024", "DD/MM/YYYY"],
  ["05 03 2024", "DD MM YYYY"],
  ["03-05-2024", "MM-DD-YYYY"],
  ["03/05/2024", "MM/DD/YYYY"],
  ["03 05 2024", "MM DD YYYY"],
];

describe("typing into a Date cell", () => {
  it.each(SPEC5)("reads %s (column format %s) as 2024-03-05", (typed, format) => {
    expect(codecFor(dateColumn(format)).fromText(typed)).toEqual({ ok: true, value: "2024-03-05" });
  });
  it("reads every SPEC 5 time suffix and keeps the day", () => {
    for (const time of ["14:30", "14:30:15", "14:30:15.250"]) {
      expect(codecFor(dateColumn()).fromText(`2024-03-05 ${time}`)).toEqual({ ok: true, value: "2024-03-05" });
      expect(codecFor(dateColumn("DD/MM/YYYY")).fromText(`05/03/2024 ${time}`)).toEqual({
        ok: true,
        value: "2024-03-05",
      });
    }
  });
  it("reads an unambiguous day-first date in any column, and the column's own text back", () => {
    expect(codecFor(dateColumn()).fromText("25/12/2024")).toEqual({ ok: true, value: "2024-12-25" });
    const c = codecFor(dateColumn("DD MM YYYY"));
    expect(c.toText("2024-03-05")).toBe("05 03 2024");
    expect(c.fromText(c.toText("2024-03-05"))).toEqual({ ok: true, value: "2024-03-05" });
  });
  it("refuses what is not a date, never guessing another one", () => {
    for (const bad of ["0305-02-04x", "2024-02-30", "31/31/2024", "tomorrow", "2024-3"])
      expect(codecFor(dateColumn()).fromText(bad).ok, bad).toBe(false);
  });
});
