/**
 * Worker side of the import: source rows become batches of insert bodies. Rules:
 * - each row is built by db/import buildRow (field types' parseText), with the required check
 *   when the plan asks for it; a row that cannot be read or built is reported, not sent;
 * - a batch holds at most `max` rows and row errors together, so a file full of bad rows still
 *   reports progress;
 * - with `growSelects`, select values the sample did not have become options first (select-growth.ts).
 */
import { buildRow, type CompiledColumn } from "../../../db/import/rows";
import { cellText } from "../../../db/import/cells";
import type { Batch, RowError, SourceRow } from "../protocol";
import { growOptions } from "./select-growth";

export interface BatcherOptions {
  required?: readonly string[];
  growSelects: boolean;
  progress(): { read: number; total: number | null };
}

export interface Batcher {
  pull(max: number): Promise<Batch>;
}

export function createBatcher(
  slices: AsyncIterator<SourceRow[]>,
  columns: readonly CompiledColumn[],
  opts: BatcherOptions,
): Batcher {
  let buffer: SourceRow[] = [];
  let pos = 0;
  let ended = false;

  async function next(): Promise<SourceRow | null> {
    while (pos >= buffer.length) {
      if (ended) return null;
      const step = await slices.next();
      buffer = step.done ? [] : step.value;
      pos = 0;
      if (step.done) ended = true;
    }
    return buffer[pos++] ?? null;
  }

  return {
    async pull(max) {
      const rows: Record<string, unknown>[] = [];
      const rowNumbers: number[] = [];
      const errors: RowError[] = [];
      const newOptions: Record<string, string[]> = {};
      while (rows.length + errors.length < max) {
        const src = await next();
        if (!src) break;
        const fail = (message: string) =>
          errors.push({ row: src.row, message, cells: src.cells.map((c) => cellText(c, true)) });
        if (src.error) {
          fail(src.error);
          continue;
        }
        if (opts.growSelects) growOptions(columns, src.cells, newOptions);
        const built = buildRow(src.cells, columns, opts.required);
        if (built.ok) {
          rows.push(built.value);
          rowNumbers.push(src.row);
        } else fail(built.error);
      }
      if (pos >= buffer.length) buffer = [];
      const done = ended && pos >= buffer.length;
      return { rows, rowNumbers, errors, newOptions, done, ...opts.progress() };
    },
  };
}
