/**
 * What a paste, a clear or a copy does to a block of cells. Rules:
 * - Pasted text lands with its top-left cell on the active cell. A single pasted value with a
 *   range selected fills the whole range.
 * - Each cell is read with the column's `parseText`; the first invalid cell stops the paste with
 *   the registry's message, and nothing is written. Columns past the last one are dropped;
 *   read-only columns are skipped.
 * - Rows past the last row become new rows when the caller may insert, else they are dropped.
 * - The result is one update list (each with the row key) and one insert list, for one bulk
 *   request each, plus the rows as they were (for undo).
 */
import type { Row } from "../../../api/view-types";
import type { ColumnCodec } from "../../../fields/codec";
import { rectCols, rectRows, type Rect } from "./selection";
import { formatTsv } from "./tsv";
import { keyPartOf } from "../../../lib/row-id";

export interface WritePlan {
  updates: Row[];
  before: Row[];
  inserts: Row[];
  error: string | null;
}

export interface PasteInput {
  grid: string[][];
  startRow: number;
  startCol: number;
  /** The selected range; a single pasted value fills it. */
  range?: Rect;
  fields: readonly ColumnCodec[];
  /** Existing rows from startRow on (as many as exist, at most the pasted height). */
  rows: readonly Row[];
  keyTitle: string;
  canInsert: boolean;
}

export function pasteShape(grid: string[][], range: Rect | undefined): { grid: string[][]; height: number } {
  const single = grid.length === 1 && grid[0]!.length === 1;
  if (single && range && (rectRows(range) > 1 || rectCols(range) > 1)) {
    const value = grid[0]![0]!;
    const filled = Array.from({ length: rectRows(range) }, () => Array.from({ length: rectCols(range) }, () => value));
    return { grid: filled, height: filled.length };
  }
  return { grid, height: grid.length };
}

export function planPaste(input: PasteInput): WritePlan {
  const { grid } = pasteShape(input.grid, input.range);
  const plan: WritePlan = { updates: [], before: [], inserts: [], error: null };
  for (let r = 0; r < grid.length; r++) {
    const existing = input.rows[r];
    if (!existing && !input.canInsert) break;
    const values: Row = {};
    const cells = grid[r]!;
    for (let c = 0; c < cells.length; c++) {
      const codec = input.fields[input.startCol + c];
      if (!codec || codec.readOnly) continue;
      const parsed = codec.fromText(cells[c]!);
      if (!parsed.ok) return { updates: [], before: [], inserts: [], error: parsed.error };
      values[codec.column.title] = parsed.value;
    }
    if (Object.keys(values).length === 0) continue;
    if (existing) {
      plan.updates.push({ ...keyPartOf(existing, input.keyTitle), ...values });
      plan.before.push(existing);
    } else {
      plan.inserts.push(values);
    }
  }
  return plan;
}

/** Delete/Backspace over a range: every writable cell set to null. */
export function planClear(
  rect: Rect,
  fields: readonly ColumnCodec[],
  rows: readonly Row[],
  keyTitle: string,
): WritePlan {
  const writable = fields.slice(rect.left, rect.right + 1).filter((f) => !f.readOnly);
  const plan: WritePlan = { updates: [], before: [], inserts: [], error: null };
  if (writable.length === 0) return plan;
  for (const row of rows) {
    plan.updates.push({
      ...keyPartOf(row, keyTitle),
      ...Object.fromEntries(writable.map((f) => [f.column.title, null])),
    });
    plan.before.push(row);
  }
  return plan;
}

/** The range as tab-separated text, each value written with the column's `formatText`. */
export function copyText(rows: readonly Row[], fields: readonly ColumnCodec[]): string {
  return formatTsv(rows.map((row) => fields.map((f) => f.toText(row[f.column.title]))));
}
