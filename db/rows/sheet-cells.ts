import { fieldType } from "../fields/registry";
import { formulaLike, type ExportColumn } from "./csv";

/**
 * An export cell (its CSV text and its column's type) as a spreadsheet cell, for the XLSX files
 * (functions/lib/xlsx-export.ts, web/export). Rules, by the kind of value the type holds:
 * - empty text is an empty cell; the CSV's guard quote comes off (a text cell never runs);
 * - numbers written plainly (no leading zero, at most 15 digits) are number cells; a currency,
 *   percent or duration keeps its text;
 * - checkboxes are boolean cells;
 * - dates and date-times are real Excel dates: a serial number with a date format (UTC, as the
 *   CSV writes them), which an import reads back as Date or DateTime;
 * - everything else (people, links, lookups, files) is its text.
 */
export type SheetCell = null | string | number | boolean | { t: "n"; v: number; z: string };

const PLAIN_NUMBER = /^-?(0|[1-9]\d{0,14})(\.\d+)?$/;
const EXCEL_EPOCH_DAYS = 25569;
const DAY_MS = 86_400_000;

const unguarded = (text: string) => (text.startsWith("'") && formulaLike(text.slice(1)) ? text.slice(1) : text);

function dateCell(text: string, column: ExportColumn, withTime: boolean): SheetCell {
  const parsed = fieldType(column.uidt)?.parseText(text, { title: column.title, options: column.options });
  const ms = parsed?.ok && typeof parsed.value === "string" ? Date.parse(parsed.value) : NaN;
  if (!Number.isFinite(ms)) return text;
  return { t: "n", v: ms / DAY_MS + EXCEL_EPOCH_DAYS, z: withTime ? "yyyy-mm-dd hh:mm:ss" : "yyyy-mm-dd" };
}

export function sheetCell(csvText: string, column: ExportColumn | null): SheetCell {
  if (csvText === "") return null;
  const text = unguarded(csvText);
  const kind = column ? fieldType(column.uidt)?.kind : "number";
  if (kind === "number") return PLAIN_NUMBER.test(text) ? Number(text) : text;
  if (kind === "checkbox") return text === "true";
  if (column && (kind === "date" || kind === "datetime")) return dateCell(text, column, kind === "datetime");
  return text;
}
