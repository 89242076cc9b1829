/**
 * Scrolling of the grid body (logic/scroll-scale.ts geometry). Rules:
 * - The viewport size follows the scroller (ResizeObserver).
 * - A scroll re-renders only when the drawn row or column window changes, except in scaled mode
 *   where rows are placed from the logical top on every scroll.
 * - In scaled mode a wheel moves the logical top by its delta, so a million rows scroll at the
 *   usual speed; the scrollbar still maps proportionally.
 * - Horizontal positions are distances from the inline start: a right-to-left scroller reports
 *   scrollLeft from 0 down to negative values, so it is read as its magnitude and written negated.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from "react";
import { columnWindow, revealColumn, type ColumnLayout } from "./logic/column-layout";
import { logicalTop, revealRow, rowWindow, scrollGeometry, scrollTopFor } from "./logic/scroll-scale";
import { HEADER_HEIGHT, OVERSCAN_ROWS } from "./grid-constants";

const isRtl = (el: HTMLElement) => getComputedStyle(el).direction === "rtl";

/** How far the scroller has moved from its inline start (never negative). */
function inlineOffset(el: HTMLElement): number {
  return Math.abs(el.scrollLeft);
}

export interface ScrollState {
  top: number;
  left: number;
}

export function useGridScroll(
  scroller: RefObject<HTMLDivElement | null>,
  rowCount: number,
  rowHeight: number,
  layout: ColumnLayout,
) {
  const [size, setSize] = useState({ width: 800, height: 600 });
  const [scroll, setScroll] = useState<ScrollState>({ top: 0, left: 0 });
  const expected = useRef<{ scrollTop: number; logical: number } | null>(null);
  const geometry = scrollGeometry(rowCount, rowHeight, Math.max(0, size.height - HEADER_HEIGHT));
  const rows = rowWindow(scroll.top, geometry, OVERSCAN_ROWS);
  const cols = columnWindow(layout, scroll.left, size.width, 1);
  const latest = useRef({ geometry, rows, cols, layout });
  latest.current = { geometry, rows, cols, layout };
  /** The live position (state only changes when the drawn window does). */
  const pos = useRef<ScrollState>({ top: 0, left: 0 });

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () =>
      setSize((s) =>
        s.width === el.clientWidth && s.height === el.clientHeight
          ? s
          : { width: el.clientWidth, height: el.clientHeight },
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [scroller]);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const { geometry: g, rows: r, cols: c, layout: l } = latest.current;
    const pinned = expected.current;
    const top = pinned && Math.abs(pinned.scrollTop - el.scrollTop) < 2 ? pinned.logical : logicalTop(el.scrollTop, g);
    expected.current = null;
    const left = inlineOffset(el);
    const nextRows = rowWindow(top, g, OVERSCAN_ROWS);
    const nextCols = columnWindow(l, left, el.clientWidth, 1);
    const same =
      !g.scaled &&
      nextRows.first === r.first &&
      nextRows.last === r.last &&
      nextCols.first === c.first &&
      nextCols.last === c.last;
    pos.current = { top, left };
    if (!same) setScroll({ top, left });
  }, [scroller]);

  /** Moves the logical top (scaled mode keeps the exact value across the scroll event). */
  const scrollToTop = useCallback(
    (logical: number) => {
      const el = scroller.current;
      if (!el) return;
      const g = latest.current.geometry;
      const st = scrollTopFor(logical, g);
      expected.current = { scrollTop: st, logical: Math.max(0, Math.min(logical, g.content - g.viewport)) };
      el.scrollTop = st;
      onScroll();
    },
    [scroller, onScroll],
  );

  useEffect(() => {
    const el = scroller.current;
    if (!el || !geometry.scaled) return;
    const onWheel = (e: WheelEvent) => {
      if (e.ctrlKey || Math.abs(e.deltaY) < Math.abs(e.deltaX)) return;
      e.preventDefault();
      const unit = e.deltaMode === 1 ? rowHeight : e.deltaMode === 2 ? geometry.viewport : 1;
      scrollToTop(pos.current.top + e.deltaY * unit);
    };
    el.addEventListener("wheel", onWheel, { passive: false });
    return () => el.removeEventListener("wheel", onWheel);
  }, [scroller, geometry.scaled, geometry.viewport, rowHeight, scrollToTop]);

  /** Scrolls so the cell shows (rows below the header, columns right of the frozen part). */
  const reveal = useCallback(
    (row: number, col: number) => {
      const el = scroller.current;
      if (!el) return;
      const { geometry: g, layout: l } = latest.current;
      const top = pos.current.top;
      const nextTop = revealRow(row, top, g);
      const nextLeft = revealColumn(l, col, inlineOffset(el), el.clientWidth);
      if (nextLeft !== null) el.scrollLeft = isRtl(el) ? -nextLeft : nextLeft;
      if (nextTop !== null) scrollToTop(nextTop);
      else if (nextLeft !== null) onScroll();
    },
    [scroller, scrollToTop, onScroll],
  );

  return { size, scroll, geometry, rows, cols, onScroll, reveal, scrollToTop };
}
