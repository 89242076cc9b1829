/** Applies a navigation action of the key map to a selection (selection.ts rules). */
import type { GridAction } from "./keyboard";
import {
  clampPos,
  extendBy,
  extendTo,
  moveBy,
  rowsSelection,
  single,
  tabFrom,
  type Bounds,
  type Selection,
} from "./selection";

export function navigate(sel: Selection, action: GridAction, bounds: Bounds, pageRows: number): Selection | null {
  switch (action.type) {
    case "move":
      return moveBy(sel, action.dr, action.dc, bounds);
    case "extend":
      return extendBy(sel, action.dr, action.dc, bounds);
    case "tab":
      return tabFrom(sel, action.dir, bounds);
    case "page": {
      const dr = action.dir * Math.max(1, pageRows);
      return action.extend ? extendBy(sel, dr, 0, bounds) : moveBy(sel, dr, 0, bounds);
    }
    case "jump": {
      const from = action.extend ? sel.focus : sel.anchor;
      const target = {
        rowStart: { row: from.row, col: 0 },
        rowEnd: { row: from.row, col: bounds.cols - 1 },
        first: { row: 0, col: 0 },
        last: { row: bounds.rows - 1, col: bounds.cols - 1 },
        top: { row: 0, col: from.col },
        bottom: { row: bounds.rows - 1, col: from.col },
        left: { row: from.row, col: 0 },
        right: { row: from.row, col: bounds.cols - 1 },
      }[action.to];
      return action.extend ? extendTo(sel, target, bounds) : single(clampPos(target, bounds));
    }
    case "selectAll":
      return rowsSelection(0, bounds.rows - 1, bounds);
    case "collapse":
      return single(sel.anchor);
    default:
      return null;
  }
}
