/**
 * Horizontal layout: a row-number gutter, the frozen first column (the display value), then the
 * other columns. Rules:
 * - x of column i = gutter + sum of the widths before it; total = gutter + all widths.
 * - Column 0 is always drawn (it is sticky). Of the others, those overlapping the part of the
 *   viewport not covered by the gutter and column 0 are drawn, plus `overscan` on each side.
 */
export interface ColumnLayout {
  gutter: number;
  widths: readonly number[];
  /** Left edge of each column in the scrolled content. */
  lefts: readonly number[];
  total: number;
}

export function columnLayout(widths: readonly number[], gutter: number): ColumnLayout {
  const lefts: number[] = [];
  let x = gutter;
  for (const w of widths) {
    lefts.push(x);
    x += w;
  }
  return { gutter, widths, lefts, total: x };
}

/** Index of the last column whose left edge is <= x (binary search); -1 when none. */
function columnAt(layout: ColumnLayout, x: number): number {
  let lo = 0;
  let hi = layout.lefts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (layout.lefts[mid]! <= x) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The scrolling columns (index >= 1) to draw: [first, last], empty when first > last. */
export function columnWindow(
  layout: ColumnLayout,
  scrollLeft: number,
  viewportWidth: number,
  overscan = 1,
): { first: number; last: number } {
  const n = layout.widths.length;
  if (n <= 1) return { first: 1, last: 0 };
  const frozenRight = layout.gutter + (layout.widths[0] ?? 0);
  const from = scrollLeft + frozenRight;
  const to = scrollLeft + viewportWidth;
  const first = Math.max(1, columnAt(layout, from));
  const last = Math.max(first, columnAt(layout, Math.max(from, to - 1)));
  return { first: Math.max(1, first - overscan), last: Math.min(n - 1, last + overscan) };
}

/**
 * The scrollLeft that shows column `col` fully right of the frozen part, or null when it shows.
 * Moving to the frozen column goes back to the left edge, as spreadsheets do.
 */
export function revealColumn(
  layout: ColumnLayout,
  col: number,
  scrollLeft: number,
  viewportWidth: number,
): number | null {
  if (col <= 0) return scrollLeft > 0 ? 0 : null;
  const frozenRight = layout.gutter + (layout.widths[0] ?? 0);
  const left = layout.lefts[col]!;
  const right = left + layout.widths[col]!;
  if (left - scrollLeft < frozenRight) return Math.max(0, left - frozenRight);
  if (right - scrollLeft > viewportWidth) return right - viewportWidth;
  return null;
}
