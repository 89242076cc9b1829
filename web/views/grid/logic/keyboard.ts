/**
 * The grid's key map (not editing). Rules:
 * - Arrows move the active cell; with Shift they extend the range. Ctrl/Cmd+arrow jumps to the edge.
 *   Left and right follow the reading direction: in a right-to-left page ArrowLeft goes to the next
 *   column (the grid is mirrored, so "next" is on the left).
 * - Tab / Shift+Tab move right / left, wrapping rows. PageUp/PageDown move a screen of rows.
 * - Home/End go to the row's first/last column; with Ctrl/Cmd to the first/last cell of the grid.
 * - Enter or F2 edits; Shift+Space expands the row; Space on a checkbox toggles it (the caller decides).
 * - A printable character without Ctrl/Cmd/Alt starts editing with that character.
 * - Delete/Backspace clears; Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z or Ctrl+Y redoes; Ctrl/Cmd+A
 *   selects every cell. Escape collapses the range.
 * Copy and paste are clipboard events, not keys.
 */
export type GridAction =
  | { type: "move"; dr: number; dc: number }
  | { type: "extend"; dr: number; dc: number }
  | {
      type: "jump";
      to: "rowStart" | "rowEnd" | "first" | "last" | "top" | "bottom" | "left" | "right";
      extend: boolean;
    }
  | { type: "page"; dir: 1 | -1; extend: boolean }
  | { type: "tab"; dir: 1 | -1 }
  | { type: "edit" }
  | { type: "type"; text: string }
  | { type: "space" }
  | { type: "expand" }
  | { type: "clear" }
  | { type: "undo" }
  | { type: "redo" }
  | { type: "selectAll" }
  | { type: "collapse" };

export interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

const EDGE: Record<string, "top" | "bottom" | "left" | "right"> = {
  ArrowUp: "top",
  ArrowDown: "bottom",
  ArrowLeft: "left",
  ArrowRight: "right",
};

const MIRRORED: Record<string, string> = { ArrowLeft: "ArrowRight", ArrowRight: "ArrowLeft" };

export function gridKeyAction(e: KeyInput, rtl = false): GridAction | null {
  const mod = e.ctrlKey || e.metaKey;
  const key = rtl ? (MIRRORED[e.key] ?? e.key) : e.key;
  const arrow = ARROWS[key];
  if (arrow) {
    if (mod) return { type: "jump", to: EDGE[key]!, extend: e.shiftKey };
    return e.shiftKey ? { type: "extend", dr: arrow[0], dc: arrow[1] } : { type: "move", dr: arrow[0], dc: arrow[1] };
  }
  if (mod && !e.altKey) {
    const k = e.key.toLowerCase();
    if (k === "z") return e.shiftKey ? { type: "redo" } : { type: "undo" };
    if (k === "y" && !e.metaKey) return { type: "redo" };
    if (k === "a") return { type: "selectAll" };
    if (e.key === "Home") return { type: "jump", to: "first", extend: e.shiftKey };
    if (e.key === "End") return { type: "jump", to: "last", extend: e.shiftKey };
    return null;
  }
  switch (e.key) {
    case "Tab":
      return { type: "tab", dir: e.shiftKey ? -1 : 1 };
    case "Enter":
    case "F2":
      return { type: "edit" };
    case "Home":
      return { type: "jump", to: "rowStart", extend: e.shiftKey };
    case "End":
      return { type: "jump", to: "rowEnd", extend: e.shiftKey };
    case "PageUp":
      return { type: "page", dir: -1, extend: e.shiftKey };
    case "PageDown":
      return { type: "page", dir: 1, extend: e.shiftKey };
    case "Delete":
    case "Backspace":
      return { type: "clear" };
    case "Escape":
      return { type: "collapse" };
    case " ":
      return e.shiftKey ? { type: "expand" } : { type: "space" };
  }
  if (!e.altKey && [...e.key].length === 1) return { type: "type", text: e.key };
  return null;
}
