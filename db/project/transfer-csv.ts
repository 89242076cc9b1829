/**
 * The CSV of a project .zip (transfer-zip.ts): one table's stored values, read back exactly. Rules:
 * - RFC 4180: a cell holding a comma, a quote, a line break or leading/trailing spaces is quoted,
 *   quotes doubled; lines end with CRLF;
 * - NULL is an empty cell without quotes, the empty text is `""` (PostgreSQL's COPY CSV rule), so
 *   "no value" and "an empty text" survive the round trip;
 * - values are the stored ones as they are (numbers as JSON writes them), never the display text
 *   nor the spreadsheet-safe form of the view export (db/rows/csv.ts): this file is for loading
 *   back, and a leading quote would change the value;
 * - reading gives text or null; the column's declared type turns text into a number where SQLite
 *   itself would (`cellValue`), so an INTEGER column's 12 comes back as 12, a TEXT column's "012"
 *   as "012".
 */
export type Cell = string | number | null;

export function csvValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? value : typeof value === "number" ? String(value) : JSON.stringify(value);
  if (text === "") return '""';
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (values: readonly unknown[]) => values.map(csvValue).join(",") + "\r\n";

/** SQLite's affinity of a declared column type (sqlite.org/datatype3.html, 3.1). */
export type Affinity = "integer" | "text" | "blob" | "real" | "numeric";

export function affinityOf(declared: string | null | undefined): Affinity {
  const t = (declared ?? "").toUpperCase();
  if (t.includes("INT")) return "integer";
  if (/CHAR|CLOB|TEXT/.test(t)) return "text";
  if (t === "" || t.includes("BLOB")) return "blob";
  if (/REAL|FLOA|DOUB/.test(t)) return "real";
  return "numeric";
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A read cell as the value to store: numbers for numeric columns (as SQLite would convert the
 * text), and for columns without a type only text that is exactly how a number prints (12, 1.5),
 * since such a column keeps whatever it was given.
 */
export function cellValue(text: string | null, affinity: Affinity): Cell {
  if (text === null || affinity === "text") return text;
  if (affinity === "blob") return NUMBER.test(text) && String(Number(text)) === text ? Number(text) : text;
  return NUMBER.test(text.trim()) ? Number(text) : text;
}

/**
 * The records of a CSV text, each a list of cells (null for an unquoted empty cell), one at a
 * time. A quote left open at the end is an error: the file was cut short.
 */
export function* csvRecords(text: string): Generator<Array<string | null>> {
  const n = text.length;
  let i = 0;
  // A text ending without a line break still ends its last record.
  while (i < n) {
    const record: Array<string | null> = [];
    for (;;) {
      let cell: string | null;
      if (text.charCodeAt(i) === 34) {
        let out = "";
        let from = i + 1;
        for (;;) {
          const q = text.indexOf('"', from);
          if (q < 0) throw new CsvError("a quoted cell is not closed");
          out += text.slice(from, q);
          if (text.charCodeAt(q + 1) === 34) {
            out += '"';
            from = q + 2;
            continue;
          }
          i = q + 1;
          break;
        }
        cell = out;
      } else {
        let end = i;
        while (end < n) {
          const c = text.charCodeAt(end);
          if (c === 44 || c === 10 || c === 13) break;
          end++;
        }
        cell = end === i ? null : text.slice(i, end);
        i = end;
      }
      record.push(cell);
      const c = text.charCodeAt(i);
      if (c === 44) {
        i++;
        continue;
      }
      if (c === 13) i++;
      if (text.charCodeAt(i) === 10) i++;
      else if (i < n && c !== 13) throw new CsvError("a quoted cell is followed by more text");
      break;
    }
    yield record;
  }
}

export class CsvError extends Error {}
