import { describe, expect, it } from "vitest";
import { addDays, addMonths, monthGrid, textWithDay } from "./calendar";

describe("calendar", () => {
  it("lays out a month in 6 Monday-first weeks", () => {
    const days = monthGrid({ year: 2024, month: 3, day: 5 });
    expect(days).toHaveLength(42);
    expect(days[0]).toEqual({ year: 2024, month: 2, day: 26 }); // 1 March 2024 is a Friday
    expect(days[4]).toEqual({ year: 2024, month: 3, day: 1 });
  });
  it("moves by days across months and by months clamping the day", () => {
    expect(addDays({ year: 2024, month: 2, day: 28 }, 2)).toEqual({ year: 2024, month: 3, day: 1 });
    expect(addMonths({ year: 2024, month: 1, day: 31 }, 1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addMonths({ year: 2024, month: 1, day: 15 }, -1)).toEqual({ year: 2023, month: 12, day: 15 });
  });
  it("writes a picked day in the column's format, keeping a typed time", () => {
    const day = { year: 2024, month: 3, day: 9 };
    expect(textWithDay("date", "", day, "DD/MM/YYYY")).toBe("09/03/2024");
    expect(textWithDay("datetime", "2024-03-05 14:30", day)).toBe("2024-03-09 14:30");
    expect(textWithDay("datetime", "", day)).toBe("2024-03-09 00:00");
  });
});
