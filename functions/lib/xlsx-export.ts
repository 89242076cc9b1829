import { utils, write } from "xlsx";

/**
 * The Excel download of a shared view (contract 6 `export/excel`, issue 19): the CSV batch the
 * room writes (db/rows/export.ts: the fields' text forms, formula-like cells behind a `'`) turned
 * into a real .xlsx workbook. Plain numbers become number cells; every other cell is a text cell,
 * which a spreadsheet never runs as a formula, so the CSV's guard `'` is taken off again.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A number cell only for a plain decimal without a leading zero (an id like 007 stays text). */
const NUMBER = /^-?(0|[1-9]\d{0,14})(\.\d+)?$/;

function cellOf(text: string): string | number {
  if (NUMBER.test(text)) return Number(text);
  return /^'[=@+\-\t\r]/.test(text) ? text.slice(1) : text;
}

/** An .xlsx file (one sheet named after the view) of a CSV export batch; the header row stays text. */
export function csvToXlsx(csv: string, sheetName: string): Uint8Array<ArrayBuffer> {
  const [header = [], ...body] = parseCsv(csv.replace(/^\uFEFF/, ""));
  const sheet = utils.aoa_to_sheet([header, ...body.map((r) => r.map(cellOf))]);
  const book = utils.book_new();
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  utils.book_append_sheet(book, sheet, sheetName.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "Sheet1");
  return new Uint8Array(write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer);
}
