/**
 * Select options met after the sample (new tables only). Rules: a value of a SingleSelect cell
 * (trimmed), or each comma-separated part of a MultiSelect cell, that matches no option (the
 * field's own matching: exact, trimmed, then case-insensitive) becomes a new option at the end,
 * coloured from the default palette; the batch reports it so the column is updated before the
 * batch is inserted.
 */
import { cellText, type Cell } from "../../../db/import/cells";
import { SELECT_PALETTE, matchOption, type SelectOptions } from "../../../db/fields/common/select";
import { commaParts } from "../../../db/import/text-classifiers";
import type { CompiledColumn } from "../../../db/import/rows";

const isSelect = (c: CompiledColumn) => c.type.kind === "select" || c.type.kind === "multi";

export function growOptions(
  columns: readonly CompiledColumn[],
  cells: readonly Cell[],
  added: Record<string, string[]>,
): void {
  for (const c of columns) {
    if (!isSelect(c)) continue;
    const text = cellText(cells[c.source], true);
    if (text.trim() === "") continue;
    const values = c.type.kind === "multi" ? commaParts(text) : [text.trim()];
    const options = c.ctx.options as unknown as SelectOptions;
    for (const title of values) {
      if (matchOption(options, title) !== undefined) continue;
      const n = options.options.length;
      options.options.push({ title, color: SELECT_PALETTE[n % SELECT_PALETTE.length], order: n + 1 });
      (added[c.title] ??= []).push(title);
    }
  }
}
