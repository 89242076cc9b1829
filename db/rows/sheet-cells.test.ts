import { describe, expect, it } from "vitest";
import { sheetCell } from "./sheet-cells";

const col = (uidt: string, options: Record<string, unknown> = {}) => ({ uidt, title: uidt, options });

describe("sheetCell", () => {
  it("makes real Excel dates of dates and date-times (UTC serials with a date format)", () => {
    expect(sheetCell("2024-01-02", col("Date", { date_format: "YYYY-MM-DD" }))).toEqual({
      t: "n",
      v: 45293,
      z: "yyyy-mm-dd",
    });
    expect(sheetCell("02/01/2024 12:00", col("DateTime", { date_format: "DD/MM/YYYY", time_format: "HH:mm" }))).toEqual(
      { t: "n", v: 45293.5, z: "yyyy-mm-dd hh:mm:ss" },
    );
  });

  it("makes booleans of checkboxes and numbers of plainly written numbers", () => {
    expect(sheetCell("true", col("Checkbox"))).toBe(true);
    expect(sheetCell("false", col("Checkbox"))).toBe(false);
    expect(sheetCell("-12.5", col("Decimal"))).toBe(-12.5);
    expect(sheetCell("45%", col("Percent"))).toBe("45%");
    expect(sheetCell("007", col("Number"))).toBe("007");
  });

  it("keeps text (people, links, phone numbers) and takes the CSV's guard quote off", () => {
    expect(sheetCell("ada@example.com", col("CreatedBy"))).toBe("ada@example.com");
    expect(sheetCell("Acme, Beta", null)).toBe("Acme, Beta");
    expect(sheetCell("3", null)).toBe(3);
    expect(sheetCell("'=HYPERLINK(1)", col("SingleLineText"))).toBe("=HYPERLINK(1)");
    expect(sheetCell("'+1 555", col("PhoneNumber"))).toBe("'+1 555");
    expect(sheetCell("", col("Number"))).toBeNull();
  });
});
