/** What a user may type into a DateTime cell (SPEC 5): every date format, then HH:mm, HH:mm:ss or HH:mm:ss.SSS. */
import { describe, expect, it } from "vitest";
import type { Column } from "../../api/types";
import { codecFor } from "../codec";

const column = (meta: Column["meta"] = {}): Column => ({
  id: "cl_met",
  title: "Met",
  column_name: "met",
  uidt: "DateTime",
  pk: false,
  pv: false,
  rqd: false,
  cdf: null,
  system: false,
  meta,
});

const DATES: Array<[string, string | undefined]> = [
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
const TIMES: Array<[string, string]> = [
  ["14:30", "14:30:00"],
  ["14:30:15", "14:30:15"],
  ["14:30:15.250", "14:30:15"],
];

describe("typing into a DateTime cell", () => {
  for (const [date, date_format] of DATES) {
    it.each(TIMES)(`reads ${date} %s (column format ${date_format}) as that UTC instant`, (time, api) => {
      expect(codecFor(column(date_format ? { date_format } : {})).fromText(`${date} ${time}`)).toEqual({
        ok: true,
        value: `2024-03-05 ${api}+00:00`,
      });
    });
  }
  it("reads a date alone as midnight and the T separator", () => {
    expect(codecFor(column()).fromText("2024-03-05")).toEqual({ ok: true, value: "2024-03-05 00:00:00+00:00" });
    expect(codecFor(column()).fromText("2024-03-05T14:30")).toEqual({ ok: true, value: "2024-03-05 14:30:00+00:00" });
  });
  it("shows the value in the column's formats, which read back the same", () => {
    const c = codecFor(column({ date_format: "DD/MM/YYYY", time_format: "HH:mm" }));
    expect(c.toText("2024-03-05 14:30:00+00:00")).toBe("05/03/2024 14:30");
    expect(c.fromText("05/03/2024 14:30")).toEqual({ ok: true, value: "2024-03-05 14:30:00+00:00" });
  });
  it("refuses a broken time instead of saving another instant", () => {
    for (const bad of ["2024-03-05 25:00", "2024-03-05 14:3", "now"])
      expect(codecFor(column()).fromText(bad).ok, bad).toBe(false);
  });
});
