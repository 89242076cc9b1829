/**
 * The dashboard grid's arithmetic, free of React: widgets sit on a COLUMNS-wide grid of
 * ROW_PX-high rows. A widget moved or resized keeps its new cell and pushes the widgets it now
 * overlaps down; then every widget floats up as far as it can (no holes), so a drag never leaves
 * two widgets on one cell. Pixels become cells by rounding, so a drag snaps to the nearest cell.
 */
import type { Cell, WidgetType } from "./types";

export const COLUMNS = 12;
export const ROW_PX = 72;
export const MIN_W = 2;
export const MIN_H = 2;

export interface Placed extends Cell {
  id: string;
}

const SIZES: Record<WidgetType, { w: number; h: number }> = {
  number: { w: 3, h: 2 },
  bar: { w: 6, h: 4 },
  line: { w: 6, h: 4 },
  area: { w: 6, h: 4 },
  pie: { w: 4, h: 4 },
  pivot: { w: 6, h: 4 },
  records: { w: 6, h: 4 },
  text: { w: 4, h: 2 },
};

export const defaultSize = (type: string) => SIZES[type as WidgetType] ?? { w: 4, h: 3 };

const overlaps = (a: Cell, b: Cell) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** A cell kept inside the grid and above its minimum size. */
export function clampCell(c: Cell): Cell {
  const w = Math.min(COLUMNS, Math.max(MIN_W, Math.round(c.w)));
  const h = Math.max(MIN_H, Math.round(c.h));
  const x = Math.min(COLUMNS - w, Math.max(0, Math.round(c.x)));
  const y = Math.max(0, Math.round(c.y));
  return { x, y, w, h };
}

/** The first free cell (top to bottom, start to end) for a widget of this size. */
export function firstFree(layout: readonly Cell[], size: { w: number; h: number }): Cell {
  for (let y = 0; ; y++)
    for (let x = 0; x + size.w <= COLUMNS; x++) {
      const cell = { x, y, ...size };
      if (!layout.some((o) => overlaps(o, cell))) return cell;
    }
}

/** Widgets as stored (a position may be missing or partial) placed on the grid without overlaps. */
export function placeAll(widgets: readonly { id: string; type: string; position?: Partial<Cell> | null }[]) {
  const placed: Placed[] = [];
  const later: (typeof widgets)[number][] = [];
  for (const w of widgets) {
    const p = w.position;
    if (p && p.x != null && p.y != null) {
      const size = defaultSize(w.type);
      placed.push({ id: w.id, ...clampCell({ x: p.x, y: p.y, w: p.w ?? size.w, h: p.h ?? size.h }) });
    } else later.push(w);
  }
  const settled = compact(placed);
  for (const w of later) settled.push({ id: w.id, ...firstFree(settled, defaultSize(w.type)) });
  return settled;
}

/** Floats every widget up as far as it goes, the upper ones first; overlaps pushed below. */
export function compact(layout: readonly Placed[], pinned?: string): Placed[] {
  const order = [...layout].sort((a, b) => (a.id === pinned ? -1 : b.id === pinned ? 1 : a.y - b.y || a.x - b.x));
  const done: Placed[] = [];
  for (const item of order) {
    if (item.id === pinned) {
      done.push({ ...item });
      continue;
    }
    let y = item.y;
    const at = (yy: number) => ({ ...item, y: yy });
    // Below anything it overlaps, then as high as it fits.
    while (done.some((o) => overlaps(o, at(y)))) y++;
    while (y > 0 && !done.some((o) => overlaps(o, at(y - 1)))) y--;
    done.push(at(y));
  }
  return layout.map((l) => done.find((d) => d.id === l.id)!);
}

/** The layout after one widget takes a new cell: the others make room and close up. */
export function moveTo(layout: readonly Placed[], id: string, cell: Cell): Placed[] {
  const next = layout.map((l) => (l.id === id ? { id, ...clampCell(cell) } : l));
  return compact(next, id);
}

/** A pointer's travel in pixels as whole cells, given one column's width. */
export function cellsMoved(dxPx: number, dyPx: number, columnPx: number, rowPx = ROW_PX) {
  const dx = Math.round(dxPx / Math.max(1, columnPx));
  const dy = Math.round(dyPx / rowPx);
  return { dx: Object.is(dx, -0) ? 0 : dx, dy: Object.is(dy, -0) ? 0 : dy };
}

/** Arrow keys as a move (or, with Shift, a resize) of one cell; right to left flips x. */
export function keyStep(key: string, resize: boolean, rtl: boolean, cell: Cell): Cell | null {
  const flip = rtl ? -1 : 1;
  const d =
    key === "ArrowLeft"
      ? { dx: -flip, dy: 0 }
      : key === "ArrowRight"
        ? { dx: flip, dy: 0 }
        : key === "ArrowUp"
          ? { dx: 0, dy: -1 }
          : key === "ArrowDown"
            ? { dx: 0, dy: 1 }
            : null;
  if (!d) return null;
  return resize
    ? clampCell({ ...cell, w: cell.w + d.dx, h: cell.h + d.dy })
    : clampCell({ ...cell, x: cell.x + d.dx, y: cell.y + d.dy });
}

/** The order widgets stack in on a narrow screen (one column): top to bottom, start to end. */
export function readingOrder(layout: readonly Placed[]): string[] {
  return [...layout].sort((a, b) => a.y - b.y || a.x - b.x).map((l) => l.id);
}

export const sameCell = (a: Cell, b: Cell) => a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;
