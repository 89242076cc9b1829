/** Keys on the focused grid (logic/keyboard.ts map) turned into selection moves and actions. */
import { useCallback, type KeyboardEvent } from "react";
import { gridKeyAction } from "./logic/keyboard";
import { navigate } from "./logic/navigation";
import { rectOf, type Bounds, type Selection } from "./logic/selection";

interface Options {
  selection: Selection;
  bounds: Bounds;
  pageRows: number;
  editing: boolean;
  select(next: Selection): void;
  startEdit(row: number, col: number, initialText?: string): boolean;
  toggle(row: number, col: number): void;
  isToggle(col: number): boolean;
  clear(rect: ReturnType<typeof rectOf>): void;
  expand(row: number): void;
  undo(): void;
  redo(): void;
}

export function useGridKeyboard(o: Options) {
  return useCallback(
    (e: KeyboardEvent<HTMLDivElement>) => {
      if (o.editing || e.target !== e.currentTarget) return;
      // The grid mirrors in a right-to-left page; arrows then move in the reading direction.
      const action = gridKeyAction(e, getComputedStyle(e.currentTarget).direction === "rtl");
      if (!action || o.bounds.rows === 0 || o.bounds.cols === 0) return;
      const { row, col } = o.selection.anchor;
      switch (action.type) {
        case "edit":
          e.preventDefault();
          o.startEdit(row, col);
          return;
        case "type":
          if (o.startEdit(row, col, action.text)) e.preventDefault();
          return;
        case "space":
          e.preventDefault();
          if (o.isToggle(col)) o.toggle(row, col);
          return;
        case "expand":
          e.preventDefault();
          o.expand(row);
          return;
        case "clear":
          e.preventDefault();
          o.clear(rectOf(o.selection));
          return;
        case "undo":
          e.preventDefault();
          o.undo();
          return;
        case "redo":
          e.preventDefault();
          o.redo();
          return;
        default: {
          const next = navigate(o.selection, action, o.bounds, o.pageRows);
          if (!next) return;
          e.preventDefault();
          o.select(next);
        }
      }
    },
    [o],
  );
}
