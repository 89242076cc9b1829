/**
 * The errors of an import as a CSV file: a header `Row,Error,<source headers>`, then one line per
 * refused row with its cells as read, then one line per refused request (`Row` = its row ranges).
 * Cells that a spreadsheet would run as formulas are escaped (papaparse escapeFormulae).
 */
import Papa from "papaparse";
import type { ImportReport } from "../pipeline/run-import";
import { rangeText } from "../pipeline/ranges";

export function errorsCsv(report: Pick<ImportReport, "rowErrors" | "failed">, headers: readonly string[]): string {
  const lines: string[][] = [["Row", "Error", ...headers]];
  for (const e of report.rowErrors) lines.push([String(e.row), e.message, ...e.cells]);
  for (const f of report.failed) lines.push([f.rows.map(rangeText).join(" "), f.message]);
  return Papa.unparse(lines, { escapeFormulae: true, newline: "\r\n" });
}
