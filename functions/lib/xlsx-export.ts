import { utils, write } from "xlsx";
import type { ExportColumn } from "../../db/rows/csv";
import { parseCsv } from "../../db/rows/csv-parse";
import { sheetCell } from "../../db/rows/sheet-cells";

/**
 * The Excel download of a shared view (contract 6 `export/excel`, issue 19): the CSV batch the
 * room writes (db/rows/export.ts: the fields' export text) turned into a real .xlsx workbook with
 * typed cells (db/rows/sheet-cells.ts: numbers, booleans, real dates; text never runs as a formula).
 *
 * An .xlsx file (one sheet named after the view) of a CSV export batch; the header row stays text.
 * `columns`: each column's type, as the export gives them (null: computed, or unknown).
 */
export function csvToXlsx(
  csv: string,
  sheetName: string,
  columns: ReadonlyArray<ExportColumn | null> = [],
): Uint8Array<ArrayBuffer> {
  const [header = [], ...body] = parseCsv(csv.replace(/^\uFEFF/, ""));
  const sheet = utils.aoa_to_sheet([
    header,
    ...body.map((r) => r.map((text, i) => sheetCell(text, columns[i] ?? null))),
  ]);
  const book = utils.book_new();
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  utils.book_append_sheet(book, sheet, sheetName.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "Sheet1");
  return new Uint8Array(write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer);
}
