import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { errorsCsv } from "./errors-csv";

describe("errorsCsv", () => {
  it("lists refused rows with their cells, then refused requests", () => {
    const text = errorsCsv(
      {
        rowErrors: [
          { row: 3, message: 'Age: "x" is not a number', cells: ["Ann", "x"] },
          { row: 9, message: "Too few fields", cells: ["=cmd"] },
        ],
        failed: [
          {
            rows: [
              { from: 11, to: 20 },
              { from: 22, to: 22 },
            ],
            row: 13,
            message: "Row 13: nope",
          },
        ],
      },
      ["Name", "Age"],
    );
    expect(Papa.parse<string[]>(text.trim()).data).toEqual([
      ["Row", "Error", "Name", "Age"],
      ["3", 'Age: "x" is not a number', "Ann", "x"],
      ["9", "Too few fields", "'=cmd"],
      ["11-20 22", "Row 13: nope"],
    ]);
  });
});
