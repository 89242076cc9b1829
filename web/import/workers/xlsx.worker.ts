/**
 * Builds the XLSX export with SheetJS off the main thread: pages of rows arrive as they are
 * listed, the workbook is written once at the end and sent back as bytes.
 */
import * as XLSX from "xlsx";
import { sheetTitle, sheetValue, type SheetValue } from "../../export/xlsx-sheet";

export type XlsxRequest =
  | { type: "begin"; title: string; headers: string[]; uidts: Record<string, string> }
  | { type: "rows"; rows: Record<string, unknown>[] }
  | { type: "finish" };

const scope = self as unknown as {
  postMessage(msg: unknown, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<XlsxRequest>) => void) | null;
};

let title = "Sheet1";
let headers: string[] = [];
let uidts: Record<string, string> = {};
let aoa: SheetValue[][] = [];

scope.onmessage = (e) => {
  const msg = e.data;
  try {
    if (msg.type === "begin") {
      ({ headers, uidts } = msg);
      title = sheetTitle(msg.title);
      aoa = [headers];
    } else if (msg.type === "rows") {
      for (const row of msg.rows) aoa.push(headers.map((h) => sheetValue(row[h], uidts[h])));
    } else {
      const wb = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa, { cellDates: true, dateNF: "yyyy-mm-dd" }), title);
      const bytes = XLSX.write(wb, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer;
      aoa = [];
      scope.postMessage({ ok: true, bytes }, [bytes]);
    }
  } catch (err) {
    scope.postMessage({ ok: false, error: err instanceof Error ? err.message : String(err) });
  }
};
