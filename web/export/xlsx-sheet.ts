/**
 * The XLSX export's sheet (the cells themselves come from db/rows/sheet-cells.ts, as in the shared
 * view's Excel download). Rules: each CSV column is typed by the table's field of that title
 * (computed fields and unknown titles are text or plain numbers); the sheet is named after the
 * view, without the characters Excel refuses ([ ] : * ? / \), at most 31 long.
 */
import { fieldContext, fieldType } from "../../db/fields/registry";
import type { ExportColumn } from "../../db/rows/csv";
import type { Column } from "../api/types";

export const EXCEL_MAX_ROWS = 1_048_576;

export function exportColumns(headers: readonly string[], columns: readonly Column[]): Array<ExportColumn | null> {
  return headers.map((title) => {
    const column = columns.find((c) => c.title === title);
    if (!column || fieldType(column.uidt)?.virtual !== false) return null;
    const ctx = fieldContext(column.uidt, title, { ...(column.meta ?? {}), ...(column.colOptions ?? {}) });
    return ctx.ok ? { uidt: column.uidt, title, options: ctx.value.options } : null;
  });
}

export function sheetTitle(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, "_").slice(0, 31) || "Sheet1";
}
