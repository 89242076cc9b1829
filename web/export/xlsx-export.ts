/**
 * XLSX export of a view: the JSON list is read 1000 rows a page (the view's filters, sorts and
 * visible fields apply), each page goes to the SheetJS worker, which writes the workbook at the
 * end. The header is the fields of the first page in the view's column order (as in the CSV
 * export); an empty view gives a sheet with the table's visible field titles. Excel's row limit ends the export early.
 */
import type { TableMeta } from "../api/types";
import { EXPORT_PAGE_ROWS } from "../import/config";
import { viewsApi } from "../api/views-api";
import { orderHeaders } from "./header-order";
import { listPage, type ViewRef } from "./export-client";
import { EXCEL_MAX_ROWS } from "./xlsx-sheet";
import type { XlsxRequest } from "../import/workers/xlsx.worker";

export interface XlsxExportDeps {
  onProgress?(done: number, total: number): void;
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
    const uidts = Object.fromEntries(table.columns.map((c) => [c.title, c.uidt]));
    // Not a grid view, or unreadable: the rows' own order is kept.
    const gridColumns = await viewsApi.gridColumns(view.viewId).catch(() => []);
    let offset = 0;
    let begun = false;
    for (;;) {
      if (deps.signal?.aborted) throw new DOMException("Export cancelled", "AbortError");
      const page = await listPage(view, offset, EXPORT_PAGE_ROWS, deps.signal);
      if (!begun) {
        const keys = [...new Set(page.list.flatMap((r) => Object.keys(r)))];
        const headers = orderHeaders(
          keys.length ? keys : table.columns.filter((c) => !c.system).map((c) => c.title),
          gridColumns,
          table.columns,
        );
        send({ type: "begin", title: view.title, headers, uidts });
        begun = true;
      }
      const room = EXCEL_MAX_ROWS - 1 - offset;
      send({ type: "rows", rows: page.list.slice(0, room) });
      offset += Math.min(page.list.length, room);
      deps.onProgress?.(offset, page.pageInfo.totalRows);
      if (page.list.length < EXPORT_PAGE_ROWS || page.pageInfo.isLastPage || offset >= EXCEL_MAX_ROWS - 1) break;
    }
    send({ type: "finish" });
    return new Blob([await finished], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
  } finally {
    worker.terminate();
  }
}
