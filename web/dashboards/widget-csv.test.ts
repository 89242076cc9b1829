import { describe, expect, it } from "vitest";
import { widgetCsv } from "./widget-csv";

const labels = { x: "Month", value: "Amount", total: "Total" };

describe("widget CSV", () => {
  it("writes a chart as one row per x and one column per series, gaps empty", () => {
    const csv = widgetCsv(
      {
        series: [
          {
            name: "Open",
            points: [
              { x: "2024-01", y: 3 },
              { x: "2024-02", y: 5 },
            ],
          },
          { name: "Closed", points: [{ x: "2024-02", y: 1 }] },
        ],
      },
      labels,
    );
    expect(csv).toBe("Month,Open,Closed\r\n2024-01,3,\r\n2024-02,5,1\r\n");
  });

  it("writes a pivot with its row keys first and the server's totals last", () => {
    const csv = widgetCsv(
      {
        rows: [
          { key: "a", total: 3 },
          { key: "b", total: 4 },
        ],
        columns: [
          { key: "x", total: 1 },
          { key: "y", total: 6 },
        ],
        cells: [
          [1, 2],
          [null, 4],
        ],
        total: 7,
      },
      labels,
    );
    expect(csv).toBe("Month,x,y,Total\r\na,1,2,3\r\nb,,4,4\r\nTotal,1,6,7\r\n");
  });

  it("writes a number as its label and value", () => {
    expect(widgetCsv({ value: 42.5 }, labels)).toBe("Amount\r\n42.5\r\n");
  });

  it("quotes commas, quotes and line breaks, and defuses formulas", () => {
    const csv = widgetCsv(
      {
        series: [
          {
            name: 'Say "hi", "bye"',
            points: [
              { x: "=cmd()", y: 1 },
              { x: "a\nb", y: 2 },
            ],
          },
        ],
      },
      labels,
    );
    expect(csv).toBe(`Month,"Say ""hi"", ""bye"""\r\n'=cmd(),1\r\n"a\nb",2\r\n`);
  });

  it("writes a records list with every field seen as a column", () => {
    const csv = widgetCsv(
      {
        list: [
          { Title: "a", N: 1 },
          { Title: "b", Extra: true },
        ],
      },
      labels,
    );
    expect(csv).toBe("Title,N,Extra\r\na,1,\r\nb,,true\r\n");
  });
});
