/**
 * Tab-separated text as spreadsheet programs put it on the clipboard. Rules:
 * - Cells are split by tabs, rows by "\n" or "\r\n"; one trailing line break is not a row.
 * - A cell that starts with `"` is quoted: it runs to the next `"` that is not doubled, may hold
 *   tabs and line breaks, and `""` inside means `"`. Text after the closing quote up to the next
 *   separator is kept as it is. A quote that is never closed is taken literally.
 * - Formatting quotes a cell only when it holds a tab, a line break or a `"`, as Excel and
 *   Google Sheets do, so plain values stay plain.
 */
export function parseTsv(text: string): string[][] {
  const src = text.endsWith("\r\n") ? text.slice(0, -2) : text.endsWith("\n") ? text.slice(0, -1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  const n = src.length;
  for (;;) {
    let cell = "";
    if (src[i] === '"') {
      const quoted = readQuoted(src, i + 1);
      if (quoted) {
        cell = quoted.value;
        i = quoted.end;
      }
    }
    while (i < n && src[i] !== "\t" && src[i] !== "\n" && !(src[i] === "\r" && src[i + 1] === "\n")) cell += src[i++];
    row.push(cell);
    if (i >= n) break;
    if (src[i] === "\t") {
      i += 1;
      continue;
    }
    i += src[i] === "\r" ? 2 : 1;
    rows.push(row);
    row = [];
  }
  rows.push(row);
  return src === "" ? [[""]] : rows;
}

function readQuoted(src: string, from: number): { value: string; end: number } | null {
  let value = "";
  let i = from;
  while (i < src.length) {
    if (src[i] === '"') {
      if (src[i + 1] === '"') {
        value += '"';
        i += 2;
        continue;
      }
      return { value, end: i + 1 };
    }
    value += src[i++];
  }
  return null;
}

const NEEDS_QUOTES = /[\t\n\r"]/;

export function formatTsvCell(cell: string): string {
  return NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function formatTsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(formatTsvCell).join("\t")).join("\n");
}
