import { describe, expect, it } from "vitest";
import { addDays, addMonths, dayCount, subOpDay, todayOf, withinRange } from "./dates";

const NOW = new Date("2024-03-31T23:30:00.000Z");

describe("date sub-operators", () => {
  it("uses the UTC day of now", () => {
    expect(todayOf(NOW)).toBe("2024-03-31");
    expect(todayOf(new Date("2024-03-31T23:30:00-05:00"))).toBe("2024-04-01");
  });

  it("moves by days and clamps months", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(addMonths("2024-03-31", -1)).toBe("2024-02-29");
    expect(addMonths("2023-03-31", -1)).toBe("2023-02-28");
    expect(addMonths("2024-01-31", 1)).toBe("2024-02-29");
    expect(addMonths("2024-12-15", 1)).toBe("2025-01-15");
    expect(addMonths("2024-02-29", 12)).toBe("2025-02-28");
  });

  it("names point days", () => {
    expect(
      ["today", "tomorrow", "yesterday", "oneWeekAgo", "oneWeekFromNow", "oneMonthAgo", "oneMonthFromNow"].map((s) =>
        subOpDay(s, 0, NOW),
      ),
    ).toEqual(["2024-03-31", "2024-04-01", "2024-03-30", "2024-03-24", "2024-04-07", "2024-02-29", "2024-04-30"]);
    expect(subOpDay("daysAgo", 31, NOW)).toBe("2024-02-29");
    expect(subOpDay("daysFromNow", 1, NOW)).toBe("2024-04-01");
  });

  it("gives inclusive ranges", () => {
    expect(withinRange("pastWeek", 0, NOW)).toEqual({ from: "2024-03-24", to: "2024-03-31" });
    expect(withinRange("nextMonth", 0, NOW)).toEqual({ from: "2024-03-31", to: "2024-04-30" });
    expect(withinRange("pastYear", 0, NOW)).toEqual({ from: "2023-03-31", to: "2024-03-31" });
    expect(withinRange("nextYear", 0, NOW)).toEqual({ from: "2024-03-31", to: "2025-03-31" });
    expect(withinRange("pastNumberOfDays", 0, NOW)).toEqual({ from: "2024-03-31", to: "2024-03-31" });
    expect(withinRange("nextNumberOfDays", 2, NOW)).toEqual({ from: "2024-03-31", to: "2024-04-02" });
  });

  it("takes whole numbers of days only", () => {
    expect(dayCount("Due", "daysAgo", " 14 ")).toBe(14);
    for (const bad of ["-1", "1.5", "x", "", "1e3", "12345678"])
      expect(() => dayCount("Due", "daysAgo", bad)).toThrow("Due: daysAgo needs a whole number of days");
  });
});
