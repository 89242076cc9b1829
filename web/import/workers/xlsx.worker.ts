/**
 * Builds the XLSX export with SheetJS off the main thread: batches of CSV records arrive as they
 * are exported, each cell typed by its column (db/rows/sheet-cells.ts), and the workbook is
 * written once at the end and sent back as bytes.
 */
import * as XLSX from "xlsx";
import type { ExportColumn } from "../../../db/rows/csv";
import { sheetCell, type SheetCell } from "../../../db/rows/sheet-cells";
import { sheetTitle } from "../../export/xlsx-sheet";

export type XlsxRequest =
  | { type: "begin"; title: string; headers: string[]; columns: Array<ExportColumn | null> }
  | { type: "rows"; rows: string[][] }
  | { type: "finish" };

const scope = self as unknown as {
  postMessage(msg: unknown, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<XlsxRequest>) => void) | null;
};

let title = "Sheet1";
let columns: Array<ExportColumn | null> = [];
let aoa: Array<Array<SheetCell | string>> = [];

scope.onmessage = (e) => {
  const msg = e.data;
  try {
    if (msg.type === "begin") {
      columns = msg.columns;
      title = sheetTitle(msg.title);
      aoa = [msg.headers];
    } else if (msg.type === "rows") {
      for (const row of msg.rows) aoa.push(row.map((text, i) => sheetCell(text, columns[i] ?? null)));
    } else {
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), title);
      const bytes = XLSX.write(wb, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer;
      aoa = [];
      scope.postMessage({ ok: true, bytes }, [bytes]);
    }
  } catch (err) {
    scope.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
  }
};
