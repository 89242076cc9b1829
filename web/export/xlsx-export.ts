/**
 * XLSX export of a view: the same CSV batches as the CSV export (the view's filters, sorts,
 * visible fields and column order; each field's export text from the registry), each batch sent
 * to the SheetJS worker, which types the cells (real dates, numbers, booleans; people, links and
 * lookups as their text) and writes the workbook at the end. Excel's row limit ends the export early.
 */
import type { TableMeta } from "../api/types";
import { parseCsv } from "../../db/rows/csv-parse";
import { countRows, fetchCsvBatch, type ViewRef } from "./export-client";
import { EXCEL_MAX_ROWS, exportColumns } from "./xlsx-sheet";
import type { XlsxRequest } from "../import/workers/xlsx.worker";

export interface XlsxExportDeps {
  onProgress?(done: number, total: number | null): void;
  signal?: AbortSignal;
}

export async function exportXlsx(
  view: ViewRef & { title: string },
  table: TableMeta,
  deps: XlsxExportDeps = {},
): Promise<Blob> {
  const worker = new Worker(new URL("../import/workers/xlsx.worker.ts", import.meta.url), { type: "module" });
  const send = (msg: XlsxRequest) => worker.postMessage(msg);
  const finished = new Promise<ArrayBuffer>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<{ ok: boolean; bytes?: ArrayBuffer; error?: string }>) =>
      e.data.ok && e.data.bytes ? resolve(e.data.bytes) : reject(new Error(e.data.error ?? "XLSX export failed"));
    worker.onerror = (e) => reject(new Error(e.message || "XLSX export failed"));
  });
  try {
    const total = await countRows(view, deps.signal).catch(() => null);
    deps.onProgress?.(0, total);
    let offset = 0;
    let written = 0;
    for (let first = true; ; first = false) {
      if (deps.signal?.aborted) throw new DOMException("Export cancelled", "AbortError");
      const batch = await fetchCsvBatch(view, offset, deps.signal);
      const [headers = [], ...rows] = parseCsv(batch.text);
      if (first) send({ type: "begin", title: view.title, headers, columns: exportColumns(headers, table.columns) });
      const kept = rows.slice(0, EXCEL_MAX_ROWS - 1 - written);
      send({ type: "rows", rows: kept });
      written += kept.length;
      deps.onProgress?.(written, total);
      if (batch.next < 0 || written >= EXCEL_MAX_ROWS - 1) break;
      offset = batch.next;
    }
    send({ type: "finish" });
    return new Blob([await finished], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
  } finally {
    worker.terminate();
  }
}
