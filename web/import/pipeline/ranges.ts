/** Row numbers as ranges: [1, 2, 3, 7] → [{from: 1, to: 3}, {from: 7, to: 7}]. */
export interface RowRange {
  from: number;
  to: number;
}

export function toRanges(rows: Iterable<number>): RowRange[] {
  const sorted = [...rows].sort((a, b) => a - b);
  const out: RowRange[] = [];
  for (const n of sorted) {
    const last = out[out.length - 1];
    if (last && n <= last.to + 1) last.to = Math.max(last.to, n);
    else out.push({ from: n, to: n });
  }
  return out;
}

/** Merges ranges (touching or overlapping ones join). */
export function mergeRanges(ranges: readonly RowRange[]): RowRange[] {
  const sorted = [...ranges].sort((a, b) => a.from - b.from);
  const out: RowRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.from <= last.to + 1) last.to = Math.max(last.to, r.to);
    else out.push({ ...r });
  }
  return out;
}

export const rangeText = (r: RowRange) => (r.from === r.to ? String(r.from) : `${r.from}-${r.to}`);

export const countRows = (ranges: readonly RowRange[]) => ranges.reduce((n, r) => n + r.to - r.from + 1, 0);
