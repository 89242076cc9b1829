/**
 * One imported value, as the readers hand it over. CSV gives text only; spreadsheets give text,
 * numbers and dates with their display text, and booleans; JSON gives its own value kinds.
 *
 * - `string`: text (a CSV cell, a spreadsheet text cell, a JSON string)
 * - `number`, `boolean`: JSON values and spreadsheet booleans
 * - `Date`: a date object (a JSON source built in code); it maps to DateTime
 * - `SheetNumber`: a spreadsheet number with its display text (`$1,200.00`)
 * - `SheetDate`: a spreadsheet date as `YYYY-MM-DD` or `YYYY-MM-DD HH:mm:ss`, with its display text
 * - `JsonCell`: a JSON object or array
 * - `null`: no value
 */
export interface SheetNumber {
  n: number;
  w: string;
}
export interface SheetDate {
  d: string;
  w: string;
}
export interface JsonCell {
  json: object;
}

export type Cell = null | string | number | boolean | Date | SheetNumber | SheetDate | JsonCell;

export type CellKind = "blank" | "text" | "number" | "boolean" | "date" | "sheetNumber" | "sheetDate" | "json";

export function kindOf(cell: Cell | undefined): CellKind {
  if (cell === null || cell === undefined) return "blank";
  if (typeof cell === "string") return cell.trim() === "" ? "blank" : "text";
  if (typeof cell === "number") return Number.isFinite(cell) ? "number" : "blank";
  if (typeof cell === "boolean") return "boolean";
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? "blank" : "date";
  if ("n" in cell) return "sheetNumber";
  if ("d" in cell) return "sheetDate";
  return "json";
}

export const isBlank = (cell: Cell | undefined) => kindOf(cell) === "blank";

/** `YYYY-MM-DD HH:mm:ss` in UTC for a date object (the form DateTime text parsing reads). */
function utcText(d: Date): string {
  return d
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, "")
    .replace(/Z$/, "");
}

/**
 * The text a cell shows to text rules and to `parseText`: `display` asks for the spreadsheet's
 * display text (what the user saw), otherwise a number is its exact value and a date its ISO form.
 */
export function cellText(cell: Cell | undefined, display = false): string {
  switch (kindOf(cell)) {
    case "blank":
      return "";
    case "text":
      return cell as string;
    case "number":
      return String(cell);
    case "boolean":
      return cell ? "true" : "false";
    case "date":
      return utcText(cell as Date);
    case "sheetNumber":
      return display ? (cell as SheetNumber).w : String((cell as SheetNumber).n);
    case "sheetDate":
      return display ? (cell as SheetDate).w : (cell as SheetDate).d;
    default:
      return JSON.stringify((cell as JsonCell).json);
  }
}
