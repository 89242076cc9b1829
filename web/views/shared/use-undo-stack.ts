import { useCallback, useEffect, useRef, useState } from "react";
import type { Row } from "../../api/view-types";

/** A record's values before a change: what undo writes back. */
export interface RecordChange {
  key: string | number;
  before: Row;
}

const DEPTH = 20;

/**
 * The last changes of a view whose records are dragged (calendar, timeline), undone one at a time
 * by the view's button, a toast's action or Ctrl+Z (not while typing or in a dialog). `undoOne`
 * writes a change back; it is read when undo runs, so it may be defined after this hook.
 */
export function useUndoStack(undoOne: (change: RecordChange) => void) {
  const stack = useRef<RecordChange[]>([]);
  const [depth, setDepth] = useState(0);
  const apply = useRef(undoOne);
  useEffect(() => {
    apply.current = undoOne;
  });
  const push = useCallback((change: RecordChange) => {
    stack.current = [...stack.current.slice(1 - DEPTH), change];
    setDepth(stack.current.length);
  }, []);
  const undoLast = useCallback(() => {
    const change = stack.current.pop();
    setDepth(stack.current.length);
    if (change) apply.current(change);
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (
        (e.ctrlKey || e.metaKey) &&
        e.key.toLowerCase() === "z" &&
        !e.shiftKey &&
        !el?.closest("input, textarea, [contenteditable], [role=dialog]") &&
        stack.current.length > 0
      ) {
        e.preventDefault();
        undoLast();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undoLast]);
  return { push, undoLast, canUndo: depth > 0 };
}
