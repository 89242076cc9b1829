/**
 * Vertical geometry of the grid body. Browsers cap an element's height (Chromium at 33,554,428
 * px, Firefox lower), so a million rows at 56 px cannot be laid out at their real height. Rules:
 * - content = rows x rowHeight. Up to MAX_SCROLL_PX the scroll area is the content (scale 1).
 * - Beyond it the scroll area is MAX_SCROLL_PX and the scroll position maps proportionally:
 *   logical top = scrollTop x (content - viewport) / (scroll area - viewport). Both ends meet.
 * - In that scaled mode the rows layer stays put (sticky) and rows are drawn at
 *   row x rowHeight - logical top; wheel deltas are applied to the logical top 1:1.
 */
export const MAX_SCROLL_PX = 8_000_000;

export interface ScrollGeometry {
  rowHeight: number;
  rows: number;
  viewport: number;
  content: number;
  scrollArea: number;
  scaled: boolean;
}

export function scrollGeometry(rows: number, rowHeight: number, viewport: number, max = MAX_SCROLL_PX): ScrollGeometry {
  const content = rows * rowHeight;
  const scaled = content > max;
  return { rowHeight, rows, viewport, content, scrollArea: scaled ? max : content, scaled };
}

function ratio(g: ScrollGeometry): number {
  const from = g.scrollArea - g.viewport;
  return from <= 0 ? 1 : Math.max(0, g.content - g.viewport) / from;
}

export function logicalTop(scrollTop: number, g: ScrollGeometry): number {
  if (!g.scaled) return scrollTop;
  return Math.min(Math.max(0, g.content - g.viewport), Math.max(0, scrollTop * ratio(g)));
}

export function scrollTopFor(logical: number, g: ScrollGeometry): number {
  const top = Math.max(0, Math.min(logical, g.content - g.viewport));
  return g.scaled ? top / ratio(g) : top;
}

/** Rows to render for a logical top: the visible ones plus `overscan` each side. */
export function rowWindow(
  top: number,
  g: ScrollGeometry,
  overscan: number,
): { first: number; last: number; visibleFirst: number; visibleLast: number } {
  if (g.rows === 0) return { first: 0, last: -1, visibleFirst: 0, visibleLast: -1 };
  const visibleFirst = Math.max(0, Math.min(g.rows - 1, Math.floor(top / g.rowHeight)));
  const visibleLast = Math.max(visibleFirst, Math.min(g.rows - 1, Math.ceil((top + g.viewport) / g.rowHeight) - 1));
  return {
    first: Math.max(0, visibleFirst - overscan),
    last: Math.min(g.rows - 1, visibleLast + overscan),
    visibleFirst,
    visibleLast,
  };
}

/** The logical top that brings `row` into view, or null when it is visible already. */
export function revealRow(row: number, top: number, g: ScrollGeometry): number | null {
  const y = row * g.rowHeight;
  if (y < top) return y;
  if (y + g.rowHeight > top + g.viewport) return y + g.rowHeight - g.viewport;
  return null;
}
