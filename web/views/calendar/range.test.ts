import { describe, expect, it } from "vitest";
import { daysOf, movedTo, rangeWhere, step, visibleDays } from "./range";

describe("calendar ranges", () => {
  it("shows whole Monday-first weeks of the month, a week, or a day", () => {
    const month = visibleDays("month", "2026-11-24");
    expect(month[0]).toBe("2026-10-26");
    expect(month).toHaveLength(42);
    expect(month.at(-1)).toBe("2026-12-06");
    expect(visibleDays("week", "2026-11-24")).toEqual(["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]);
    expect(visibleDays("day", "2026-11-24")).toEqual(["2026-11-24"]);
    expect(visibleDays("month", "2027-02-10")).toHaveLength(28); // 1 February 2027 is a Monday
  });
  it("steps by month, week and day", () => {
    expect(step("month", "2026-01-31", 1)).toBe("2026-02-01");
    expect(step("week", "2026-11-24", -1)).toBe("2026-11-17");
    expect(step("day", "2026-12-31", 1)).toBe("2027-01-01");
  });
  it("asks only for the visible range, overlapping when there is an end", () => {
    expect(rangeWhere("Due", null, "2026-11-01", "2026-11-30")).toBe("(Due,gte,exactDate,2026-11-01)~and(Due,lte,exactDate,2026-11-30)");
    expect(rangeWhere("From", "To", "a", "b")).toBe("(From,lte,exactDate,b)~and((To,gte,exactDate,a)~or(From,gte,exactDate,a))");
  });
  it("places records on their days and moves them keeping the time", () => {
    expect(daysOf("2026-11-02 10:00:00", "2026-11-04")).toEqual({ first: "2026-11-02", last: "2026-11-04" });
    expect(daysOf(null, null)).toBeNull();
    expect(movedTo("2026-11-02 10:00:00", "2026-11-09")).toBe("2026-11-09 10:00:00");
    expect(movedTo("2026-11-02", "2026-11-09")).toBe("2026-11-09");
  });
});
