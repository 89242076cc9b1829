/**
 * A widget's numbers as CSV (issue 38 export): a chart is one row per x with a column per series,
 * a pivot its grid with the row keys first and the server's totals last, a number one line, a record list its rows. Cells that
 * would start a spreadsheet formula (=, +, -, @) are prefixed with ' so opening the file never runs
 * one; quotes are doubled, and a cell with a comma, quote or line break is quoted.
 */
import { isListData, isNumberData, isPivotData, isSeriesData, type WidgetData } from "./types";

function cell(v: unknown): string {
  if (v === null || v === undefined) return "";
  let s = typeof v === "object" ? JSON.stringify(v) : String(v);
  if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const line = (cells: readonly unknown[]) => cells.map(cell).join(",");

/** Distinct x values in first-seen order across all series. */
export function xValues(series: readonly { points: readonly { x: unknown }[] }[]): unknown[] {
  const seen = new Map<string, unknown>();
  for (const s of series) for (const p of s.points) if (!seen.has(String(p.x))) seen.set(String(p.x), p.x);
  return [...seen.values()];
}

/** `labels` name the header cells: the x axis, the value, the row label of a pivot. */
export function widgetCsv(data: WidgetData, labels: { x: string; value: string; total: string }): string {
  const out: string[] = [];
  if (isNumberData(data)) {
    out.push(line([labels.value]), line([data.value]));
  } else if (isSeriesData(data)) {
    const xs = xValues(data.series);
    out.push(line([labels.x, ...data.series.map((s) => s.name)]));
    const byX = data.series.map((s) => new Map(s.points.map((p) => [String(p.x), p.y])));
    for (const x of xs) out.push(line([x, ...byX.map((m) => m.get(String(x)))]));
  } else if (isPivotData(data)) {
    out.push(line([labels.x, ...data.columns.map((c) => c.key), labels.total]));
    data.rows.forEach((r, i) => out.push(line([r.key, ...(data.cells[i] ?? []), r.total])));
    out.push(line([labels.total, ...data.columns.map((c) => c.total), data.total]));
  } else if (isListData(data)) {
    const keys = [...new Set(data.list.flatMap((r) => Object.keys(r)))];
    out.push(line(keys));
    for (const r of data.list) out.push(line(keys.map((k) => r[k])));
  }
  return out.join("\r\n") + "\r\n";
}
