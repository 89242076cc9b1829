import { describe, expect, it } from "vitest";
import {
  daysOf,
  firstDayOfWeek,
  layoutRow,
  movedTo,
  rangeFilter,
  resized,
  step,
  visibleDays,
  weekdayNames,
} from "./range";

describe("calendar ranges", () => {
  it("shows whole Monday-first weeks of the month, a week, or a day", () => {
    const month = visibleDays("month", "2026-11-24");
    expect(month[0]).toBe("2026-10-26");
    expect(month).toHaveLength(42);
    expect(month.at(-1)).toBe("2026-12-06");
    expect(visibleDays("week", "2026-11-24")).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
    expect(visibleDays("day", "2026-11-24")).toEqual(["2026-11-24"]);
    expect(visibleDays("month", "2027-02-10")).toHaveLength(28); // 1 February 2027 is a Monday
  });
  it("starts weeks on the reader's first day of the week, with weekday names in the UI language", () => {
    expect(firstDayOfWeek("de")).toBe(1);
    expect(firstDayOfWeek("en", ["en-US"])).toBe(0);
    expect(firstDayOfWeek("en", ["de-DE", "en-GB"])).toBe(1); // English read in Britain
    expect(firstDayOfWeek("fa")).toBe(6);
    expect(firstDayOfWeek("pt_BR")).toBe(0);
    const sundayFirst = visibleDays("month", "2026-11-24", 0);
    expect(sundayFirst[0]).toBe("2026-11-01");
    expect(sundayFirst).toHaveLength(35);
    expect(visibleDays("week", "2026-11-24", 0)[0]).toBe("2026-11-22");
    expect(visibleDays("week", "2026-11-24", 6)[0]).toBe("2026-11-21");
    // ICU versions differ on the abbreviation's full stop.
    expect(weekdayNames("de", 1).map((n) => n.replace(".", ""))).toEqual(["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"]);
    expect(weekdayNames("en", 0)).toEqual(["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]);
  });
  it("steps by month, week and day", () => {
    expect(step("month", "2026-01-31", 1)).toBe("2026-02-01");
    expect(step("week", "2026-11-24", -1)).toBe("2026-11-17");
    expect(step("day", "2026-12-31", 1)).toBe("2027-01-01");
  });
  it("asks only for the visible range, overlapping when there is an end", () => {
    const c = (id: string, op: string, value: string, logical_op = "and") => ({
      fk_column_id: id,
      comparison_op: op,
      comparison_sub_op: "exactDate",
      value,
      logical_op,
    });
    expect(JSON.parse(rangeFilter("due", null, "2026-11-01", "2026-11-30"))).toEqual([
      c("due", "gte", "2026-11-01"),
      c("due", "lte", "2026-11-30"),
    ]);
    expect(JSON.parse(rangeFilter("from", "to", "a", "b"))).toEqual([
      c("from", "lte", "b"),
      { is_group: true, logical_op: "and", children: [c("to", "gte", "a"), c("from", "gte", "a", "or")] },
    ]);
  });
  it("places records on their days and moves them keeping the time", () => {
    expect(daysOf("2026-11-02 10:00:00", "2026-11-04")).toEqual({ first: "2026-11-02", last: "2026-11-04" });
    expect(daysOf(null, null)).toBeNull();
    expect(movedTo("2026-11-02 10:00:00", "2026-11-09")).toBe("2026-11-09 10:00:00");
    expect(movedTo("2026-11-02", "2026-11-09")).toBe("2026-11-09");
  });
});

describe("bars across days", () => {
  const week = visibleDays("week", "2026-11-24"); // Monday 23 to Sunday 29
  it("lays records on lines, longest first, without overlaps, continuing across rows", () => {
    const segs = layoutRow(week, [
      { key: "a", first: "2026-11-20", last: "2026-11-24" }, // began last week
      { key: "b", first: "2026-11-24", last: "2026-12-02" }, // goes on next week
      { key: "c", first: "2026-11-24", last: "2026-11-24" },
      { key: "d", first: "2026-11-26", last: "2026-11-26" },
      { key: "e", first: "2026-12-05", last: "2026-12-05" }, // not in this row
    ]);
    expect(segs).toEqual([
      { key: "a", col: 0, length: 2, lane: 0, starts: false, ends: true },
      { key: "b", col: 1, length: 6, lane: 1, starts: true, ends: false },
      { key: "c", col: 1, length: 1, lane: 2, starts: true, ends: true },
      { key: "d", col: 3, length: 1, lane: 0, starts: true, ends: true },
    ]);
    const next = layoutRow(visibleDays("week", "2026-12-01"), [{ key: "b", first: "2026-11-24", last: "2026-12-02" }]);
    expect(next).toEqual([{ key: "b", col: 0, length: 3, lane: 0, starts: false, ends: true }]);
  });
  it("resizes an end without passing the other", () => {
    expect(resized({ first: "2026-11-10", last: "2026-11-12" }, "end", "2026-11-15")).toEqual({
      first: "2026-11-10",
      last: "2026-11-15",
    });
    expect(resized({ first: "2026-11-10", last: "2026-11-12" }, "start", "2026-11-14")).toEqual({
      first: "2026-11-12",
      last: "2026-11-12",
    });
    expect(resized({ first: "2026-11-10", last: "2026-11-12" }, "start", "2026-11-08")).toEqual({
      first: "2026-11-08",
      last: "2026-11-12",
    });
  });
});
