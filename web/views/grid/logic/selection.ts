/**
 * Cell selection as a spreadsheet keeps it. Rules:
 * - The anchor is the active cell (where editing happens); the focus is the other corner of the
 *   range, moved by Shift+arrows and mouse drags. A single cell has anchor = focus.
 * - Positions are clamped to the grid: rows 0..rows-1, columns 0..cols-1.
 * - Plain moves collapse the range and move the anchor; extending keeps the anchor.
 */
export interface CellPos {
  row: number;
  col: number;
}

export interface Selection {
  anchor: CellPos;
  focus: CellPos;
}

export interface Rect {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

export interface Bounds {
  rows: number;
  cols: number;
}

const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n));

export function clampPos(pos: CellPos, bounds: Bounds): CellPos {
  return { row: clamp(pos.row, 0, Math.max(0, bounds.rows - 1)), col: clamp(pos.col, 0, Math.max(0, bounds.cols - 1)) };
}

export const single = (pos: CellPos): Selection => ({ anchor: pos, focus: pos });

export function rectOf(sel: Selection): Rect {
  return {
    top: Math.min(sel.anchor.row, sel.focus.row),
    bottom: Math.max(sel.anchor.row, sel.focus.row),
    left: Math.min(sel.anchor.col, sel.focus.col),
    right: Math.max(sel.anchor.col, sel.focus.col),
  };
}

export const rectRows = (r: Rect) => r.bottom - r.top + 1;
export const rectCols = (r: Rect) => r.right - r.left + 1;

export function contains(r: Rect, pos: CellPos): boolean {
  return pos.row >= r.top && pos.row <= r.bottom && pos.col >= r.left && pos.col <= r.right;
}

export function moveBy(sel: Selection, dr: number, dc: number, bounds: Bounds): Selection {
  return single(clampPos({ row: sel.anchor.row + dr, col: sel.anchor.col + dc }, bounds));
}

export function extendBy(sel: Selection, dr: number, dc: number, bounds: Bounds): Selection {
  return { anchor: sel.anchor, focus: clampPos({ row: sel.focus.row + dr, col: sel.focus.col + dc }, bounds) };
}

export function extendTo(sel: Selection, pos: CellPos, bounds: Bounds): Selection {
  return { anchor: sel.anchor, focus: clampPos(pos, bounds) };
}

/** Tab moves right and wraps to the next row's first column; Shift+Tab the reverse. */
export function tabFrom(sel: Selection, dir: 1 | -1, bounds: Bounds): Selection {
  const { row, col } = sel.anchor;
  const next = col + dir;
  if (next >= 0 && next < bounds.cols) return single({ row, col: next });
  const nextRow = row + dir;
  if (nextRow < 0 || nextRow >= bounds.rows) return single({ row, col });
  return single({ row: nextRow, col: dir === 1 ? 0 : bounds.cols - 1 });
}

/** The selected columns of one row for drawing it, or null when the row is outside the range. */
export function colsInRow(r: Rect | null, row: number): readonly [number, number] | null {
  if (!r || row < r.top || row > r.bottom) return null;
  return [r.left, r.right];
}

/** A whole-row selection (row number clicks): every column of rows `from`..`to`. */
export function rowsSelection(from: number, to: number, bounds: Bounds): Selection {
  return {
    anchor: clampPos({ row: from, col: 0 }, bounds),
    focus: clampPos({ row: to, col: bounds.cols - 1 }, bounds),
  };
}
