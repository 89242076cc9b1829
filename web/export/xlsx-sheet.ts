/**
 * Rows of the JSON list as spreadsheet cells (XLSX export). Rules: numbers and booleans stay
 * typed; Date values (YYYY-MM-DD) become date cells; attachments become `title(url)` entries
 * joined with ", " as in the CSV export; other objects and arrays become JSON text; the sheet is
 * named after the view, without the characters Excel refuses ([ ] : * ? / \), at most 31 long.
 */
export type SheetValue = string | number | boolean | Date | null;

export const EXCEL_MAX_ROWS = 1_048_576;

function attachments(value: unknown[]): string {
  return value
    .map((f) =>
      f && typeof f === "object"
        ? `${String((f as { title?: unknown }).title ?? "")}(${String((f as { url?: unknown; path?: unknown }).url ?? (f as { path?: unknown }).path ?? "")})`
        : String(f),
    )
    .join(", ");
}

export function sheetValue(value: unknown, uidt?: string): SheetValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (typeof value === "string") {
    const day = uidt === "Date" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
    return day ? new Date(Date.UTC(+day[1]!, +day[2]! - 1, +day[3]!)) : value;
  }
  if (uidt === "Attachment" && Array.isArray(value)) return attachments(value);
  return JSON.stringify(value);
}

export function sheetTitle(title: string): string {
  return title.replace(/[[\]:*?/\\]/g, "_").slice(0, 31) || "Sheet1";
}
