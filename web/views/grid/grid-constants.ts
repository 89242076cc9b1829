/** Sizes of the grid, in CSS pixels. */
export const HEADER_HEIGHT = 34;
export const GUTTER_WIDTH = 64;
/** Row heights by the view's row_height: short, medium, tall, extra. */
export const ROW_HEIGHTS = [32, 56, 88, 120] as const;
export const OVERSCAN_ROWS = 6;

export function rowHeightOf(level: number | null | undefined): number {
  return ROW_HEIGHTS[Math.max(0, Math.min(3, Number(level) || 0))]!;
}
