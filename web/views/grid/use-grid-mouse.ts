/**
 * Mouse on the grid body (one set of delegated handlers). Rules:
 * - Pressing a cell selects it (Shift extends from the active cell); dragging extends the range.
 * - Pressing a row number selects the whole row (Shift: the rows between).
 * - Double-click edits; a click on a checkbox's box toggles it; a click on the already active
 *   cell of a field that opens on click (attachments) opens its editor.
 */
import { useCallback, useEffect, useRef, type MouseEvent } from "react";
import { extendTo, rowsSelection, single, type Bounds, type CellPos, type Selection } from "./logic/selection";

interface Options {
  selection: Selection;
  bounds: Bounds;
  select(next: Selection, reveal?: boolean): void;
  startEdit(row: number, col: number): boolean;
  toggle(row: number, col: number): void;
  isToggle(col: number): boolean;
  opensOnClick?(col: number): boolean;
}

function cellOf(target: EventTarget | null): (CellPos & { gutter: boolean }) | null {
  const el = (target as Element | null)?.closest?.("[data-row]");
  if (!el) return null;
  const row = Number(el.getAttribute("data-row"));
  if (el.getAttribute("data-gutter")) return { row, col: 0, gutter: true };
  const col = Number(el.getAttribute("data-col"));
  return Number.isInteger(row) && Number.isInteger(col) ? { row, col, gutter: false } : null;
}

export function useGridMouse(o: Options) {
  const drag = useRef<"cells" | "rows" | null>(null);
  /** The press landed on the cell that was already the only one selected. */
  const pressedActive = useRef(false);
  useEffect(() => {
    const up = () => (drag.current = null);
    document.addEventListener("mouseup", up);
    return () => document.removeEventListener("mouseup", up);
  }, []);

  const onMouseDown = useCallback(
    (e: MouseEvent) => {
      if (e.button !== 0) return;
      const pos = cellOf(e.target);
      if (!pos || pos.row >= o.bounds.rows) return;
      // Shift extends the cell range; it must not also select the page's text.
      if (e.shiftKey) e.preventDefault();
      const { anchor, focus } = o.selection;
      pressedActive.current =
        !pos.gutter &&
        !e.shiftKey &&
        anchor.row === pos.row &&
        anchor.col === pos.col &&
        focus.row === pos.row &&
        focus.col === pos.col;
      if (pos.gutter) {
        const from = e.shiftKey ? o.selection.anchor.row : pos.row;
        o.select(rowsSelection(from, pos.row, o.bounds));
        drag.current = "rows";
        return;
      }
      o.select(e.shiftKey ? extendTo(o.selection, pos, o.bounds) : single(pos));
      drag.current = "cells";
    },
    [o],
  );

  const onMouseOver = useCallback(
    (e: MouseEvent) => {
      if (!drag.current) return;
      const pos = cellOf(e.target);
      if (!pos || pos.row >= o.bounds.rows) return;
      if (drag.current === "rows") o.select(rowsSelection(o.selection.anchor.row, pos.row, o.bounds));
      else if (!pos.gutter) o.select(extendTo(o.selection, pos, o.bounds));
    },
    [o],
  );

  const onDoubleClick = useCallback(
    (e: MouseEvent) => {
      const pos = cellOf(e.target);
      if (pos && !pos.gutter && !o.isToggle(pos.col)) o.startEdit(pos.row, pos.col);
    },
    [o],
  );

  const onClick = useCallback(
    (e: MouseEvent) => {
      const pos = cellOf(e.target);
      if (pos && !pos.gutter && pressedActive.current && o.opensOnClick?.(pos.col)) {
        o.startEdit(pos.row, pos.col);
        return;
      }
      if (!pos || pos.gutter || e.shiftKey || !o.isToggle(pos.col)) return;
      if ((e.target as Element).closest("[role=img]")) o.toggle(pos.row, pos.col);
    },
    [o],
  );

  return { onMouseDown, onMouseOver, onDoubleClick, onClick };
}
