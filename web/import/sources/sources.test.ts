import { describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { MAX_ROWS_TO_PARSE } from "../config";
import type { ImportSource, SourceRow } from "../protocol";
import { csvSource } from "./csv-source";
import { jsonSource } from "./json-source";
import { sheetSource } from "./sheet-source";

async function allRows(src: ImportSource, table = 0): Promise<SourceRow[]> {
  const out: SourceRow[] = [];
  const it = src.rows(table);
  for (let step = await it.next(); !step.done; step = await it.next()) out.push(...step.value);
  return out;
}

describe("csvSource", () => {
  it("previews the header and a sample, and knows the total of a small file", async () => {
    const src = csvSource(new Blob(["\ufeffa;b\n1;2\n3;4\n"]), 1024, "t.csv");
    const p = await src.preview();
    expect(p.tables).toEqual([
      {
        ref: "t.csv",
        headers: ["a", "b"],
        sample: [
          ["1", "2"],
          ["3", "4"],
        ],
        totalRows: 2,
      },
    ]);
  });

  it("samples at most MAX_ROWS_TO_PARSE rows and then leaves the total open", async () => {
    const body = Array.from({ length: MAX_ROWS_TO_PARSE + 50 }, (_, i) => `${i}`).join("\n");
    const p = await csvSource(new Blob([`n\n${body}\n`]), 1024, "t.csv").preview();
    expect(p.tables[0]!.sample).toHaveLength(MAX_ROWS_TO_PARSE);
    expect(p.tables[0]!.totalRows).toBeNull();
  });

  it("widens the header to the longest sampled row (missing headers)", async () => {
    const p = await csvSource(new Blob(["a,b\n1,2,3\n4,5,6\n7,8\n"]), 1024, "t.csv").preview();
    expect(p.tables[0]!.headers).toEqual(["a", "b", ""]);
  });

  it("numbers data rows from 1 and refuses rows with the wrong field count", async () => {
    const src = csvSource(new Blob(['a,b\n1,2\n3\n4,5,6\n7,8,\n"9\n"x",10\n']), 8, "t.csv");
    await src.preview();
    const rows = await allRows(src);
    expect(rows).toEqual([
      { row: 1, cells: ["1", "2"] },
      { row: 2, cells: ["3"], error: "Too few fields" },
      { row: 3, cells: ["4", "5", "6"], error: "Too many fields" },
      { row: 4, cells: ["7", "8"] },
      { row: 5, cells: ['9\n"x', "10"], error: "Trailing quote on quoted field is malformed" },
    ]);
    expect(src.progress(0)).toEqual({ read: 5, total: 5 });
  });
});

describe("sheetSource", () => {
  function workbook() {
    const wb = XLSX.utils.book_new();
    const one = XLSX.utils.aoa_to_sheet([
      ["Name", "Price", "Day", "At", "Ok", ""],
      [
        "a",
        { t: "n", v: 1200.5, z: '"$"#,##0.00' },
        { t: "n", v: 45293, z: "yyyy-mm-dd" },
        { t: "n", v: 45293.5, z: "yyyy-mm-dd hh:mm" },
        true,
        "x",
      ],
      [],
      ["b", { t: "n", v: 3, z: '"$"#,##0.00' }, { t: "n", v: 45294, z: "yyyy-mm-dd" }, null, false],
    ]);
    XLSX.utils.book_append_sheet(wb, one, "First");
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([["n"], [1], [2]]), "Second");
    return wb;
  }

  it.each(["xlsx", "ods", "biff8"] as const)("reads every sheet of a %s workbook as a table", async (bookType) => {
    const buf = XLSX.write(workbook(), { type: "array", bookType });
    const src = sheetSource(XLSX.read(buf, { type: "array", dense: true, cellNF: true }), XLSX.SSF);
    const p = await src.preview();
    expect(p.tables.map((t) => [t.ref, t.totalRows])).toEqual([
      ["First", 2],
      ["Second", 2],
    ]);
    expect(p.tables[0]!.headers).toEqual(["Name", "Price", "Day", "At", "Ok", ""]);
    const [a] = p.tables[0]!.sample;
    expect(a![0]).toBe("a");
    expect(a![1]).toMatchObject({ n: 1200.5, w: expect.stringMatching(/^\$1,200\.50$/) });
    expect(a![2]).toMatchObject({ d: "2024-01-02" });
    expect(a![3]).toMatchObject({ d: "2024-01-02 12:00:00" });
    expect(a![4]).toBe(true);
    const rows = await allRows(src, 1);
    expect(rows.map((r) => [r.row, r.cells])).toEqual([
      [1, [{ n: 1, w: "1" }]],
      [2, [{ n: 2, w: "2" }]],
    ]);
  });

  it("skips blank rows but keeps the numbering of the sheet", async () => {
    const buf = XLSX.write(workbook(), { type: "array", bookType: "xlsx" });
    const rows = await allRows(sheetSource(XLSX.read(buf, { type: "array", dense: true, cellNF: true }), XLSX.SSF));
    expect(rows.map((r) => r.row)).toEqual([1, 3]);
  });
});

describe("jsonSource", () => {
  it("is one table with the JSON rules", async () => {
    const src = jsonSource('[{"a":{"b":1}},{"a":{"b":2},"c":"x"}]', true, "t.json");
    const p = await src.preview();
    expect(p.tables).toEqual([
      {
        ref: "t.json",
        headers: ["a.b", "c"],
        sample: [
          [1, null],
          [2, "x"],
        ],
        totalRows: 2,
      },
    ]);
    expect((await allRows(src)).map((r) => r.row)).toEqual([1, 2]);
  });
});
