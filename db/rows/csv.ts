import type { VirtualColumn } from "../query/computed";
import type { ExportEnv, Stored } from "../fields/types";
import type { RowColumn } from "./row-codec";

/** A row as a driver answers it (the project's SQLite or a source database). */
type RawRow = Record<string, unknown>;

/**
 * CSV export in batches (contract 5.4), for native tables (export.ts) and external ones
 * (db/external/export.ts). Rules:
 * - each response holds up to BATCH_ROWS rows from `offset`, read PAGE rows at a time, with a
 *   header row of titles; `next` is the offset to ask for next, or -1 when the data ends;
 * - RFC 4180 quoting; a cell that a spreadsheet would run as a formula (formulaLike) is prefixed
 *   with a quote; everything else, negative numbers and phone numbers like +1 555 included, stays
 *   as it is, so an export imports back unchanged;
 * - cells are the field types' export text (exportText, else formatText: the text paste and
 *   import read back); attachments are `title(url)` entries with the site's host.
 */
export const PAGE = 1000;
export const BATCH_ROWS = 50_000;

/**
 * OWASP's CSV injection rule: text a spreadsheet would run as a formula starts with =, @, a tab or
 * a carriage return, or with + or - not followed by a number. A number there must also run on as
 * digits, spaces and number punctuation only (-12.5, +1 555 0100, +44 (20) 7946-0958): a letter
 * or any other sign after it (-2+3+cmd|' /C calc'!A0) would make a formula, so that is quoted.
 */
export function formulaLike(text: string): boolean {
  if (/^[=@\t\r]/.test(text)) return true;
  return /^[+-]/.test(text) && !/^[+-]\.?\d[\d\s().,/+-]*$/.test(text);
}

export function csvCell(text: string): string {
  const safe = formulaLike(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function cellText(c: RowColumn, stored: unknown, env: ExportEnv): string {
  const value = stored === undefined ? null : (stored as Stored);
  if (c.type.exportText) return c.type.exportText(value, c.ctx, env);
  return value === null ? "" : c.type.formatText(value, c.ctx);
}

/** Computed values as text: links and lists joined with ", " (display values for links). */
function computedText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(computedText).filter(Boolean).join(", ");
  if (typeof value === "object") {
    const parts = Object.values(value as Record<string, unknown>);
    return computedText(parts[parts.length - 1]);
  }
  return String(value);
}

/** A stored column's type as an XLSX writer needs it (db/rows/sheet-cells.ts); null for computed ones. */
export interface ExportColumn {
  uidt: string;
  title: string;
  options: Record<string, unknown>;
}

export interface CsvCell {
  title: string;
  text: (raw: RawRow) => string;
  column: ExportColumn | null;
}

const nameOf = (user: unknown): string => (user as { display_name?: string | null } | null)?.display_name ?? "";

/**
 * The cell of a selected column; `stored` reads a stored column's value from the driver's row.
 * `anonymous`: a reader without an account gets people's names, never their e-mail addresses.
 */
export function csvCellOf(
  cols: readonly RowColumn[],
  virtual: readonly VirtualColumn[],
  id: string,
  anonymous: boolean,
  env: ExportEnv,
  stored: (c: RowColumn, raw: RawRow) => unknown = (c, raw) => raw[c.columnName],
): CsvCell {
  const col = cols.find((c) => c.id === id);
  const column = col ? { uidt: col.uidt, title: col.title, options: col.ctx.options } : null;
  if (col?.type.writtenBy && anonymous)
    return {
      title: col.title,
      text: (raw) => nameOf(col.type.toApi((stored(col, raw) ?? null) as string | number, col.ctx)),
      column,
    };
  if (col) return { title: col.title, text: (raw) => cellText(col, stored(col, raw), env), column };
  const v = virtual.find((c) => c.id === id)!;
  return { title: v.title, text: (raw) => computedText(v.decode(raw[v.columnName] ?? null)), column: null };
}

/** One batch: pages are read by `page(offset)` (the selected columns and rows) until BATCH_ROWS. */
export async function csvBatch(
  start: number,
  page: (offset: number) => Promise<{ cells: () => CsvCell[]; rows: RawRow[] }>,
) {
  let cells: CsvCell[] = [];
  const lines: string[] = [];
  let offset = start;
  let next = -1;
  for (let read = 0; read < BATCH_ROWS; read += PAGE) {
    const got = await page(offset);
    if (!cells.length) {
      cells = got.cells();
      lines.push(cells.map((c) => csvCell(c.title)).join(","));
    }
    for (const raw of got.rows) lines.push(cells.map((c) => csvCell(c.text(raw))).join(","));
    offset += got.rows.length;
    if (got.rows.length < PAGE) break;
    if (read + PAGE >= BATCH_ROWS) next = offset;
  }
  return { csv: `${lines.join("\r\n")}\r\n`, next, columns: cells.map((c) => c.column) };
}
