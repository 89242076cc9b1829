/**
 * The cell being edited. Rules:
 * - Only writable fields with an editor open one, and only for a loaded row; a toggle field
 *   (checkbox) flips instead.
 * - The editor's value is checked with the registry before it closes: invalid input shows the
 *   registry's message and the editor stays open. Valid input closes it and is saved.
 * - A session ends once (commit or cancel); a late blur after Enter or Escape is ignored.
 * - Closing gives the focus back to the grid; Tab moves the active cell.
 */
import { createElement, useCallback, useRef, useState, type ReactNode, type RefObject } from "react";
import type { Row } from "../../api/view-types";
import type { EditorMove, EditorOutput } from "../../fields/types";
import { notify } from "../../lib/toast";
import type { RowStore } from "./data/row-store";
import type { GridWrites } from "./data/use-grid-writes";
import type { GridFieldView } from "./grid-field";

interface Editing {
  row: number;
  col: number;
  initialText?: string;
  session: number;
}

interface Options {
  fields: readonly GridFieldView[];
  store: RowStore;
  writes: GridWrites;
  canEdit: boolean;
  scroller: RefObject<HTMLDivElement | null>;
  onMove(move: EditorMove): void;
}

export function useCellEditing({ fields, store, writes, canEdit, scroller, onMove }: Options) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const sessions = useRef({ next: 1, done: new Set<number>() });

  const editable = useCallback((col: number) => {
    const f = fields[col];
    return Boolean(canEdit && f && !f.codec.readOnly && (f.ui.Editor || f.ui.toggles));
  }, [canEdit, fields]);

  const toggle = useCallback((rowIndex: number, col: number) => {
    const row = store.rowAt(rowIndex);
    const f = fields[col];
    if (!row || !f?.ui.toggles || !editable(col)) return;
    const on = row[f.column.title] === true || row[f.column.title] === 1;
    void writes.commitCell(row, f.codec, { value: !on });
  }, [editable, fields, store, writes]);

  const start = useCallback((rowIndex: number, col: number, initialText?: string) => {
    const f = fields[col];
    if (!editable(col) || !store.rowAt(rowIndex) || !f) return false;
    if (f.ui.toggles) {
      if (initialText === undefined) toggle(rowIndex, col);
      return true;
    }
    setEditing({ row: rowIndex, col, initialText, session: sessions.current.next++ });
    return true;
  }, [editable, fields, store, toggle]);

  const close = useCallback((session: number) => {
    sessions.current.done.add(session);
    setEditing((e) => (e?.session === session ? null : e));
    scroller.current?.focus({ preventScroll: true });
  }, [scroller]);

  let editor: ReactNode = null;
  if (editing) {
    const f = fields[editing.col];
    const row: Row | undefined = store.rowAt(editing.row);
    const Editor = f?.ui.Editor;
    if (f && row && Editor) {
      const { session } = editing;
      const onCommit = (out: EditorOutput, move?: EditorMove) => {
        if (sessions.current.done.has(session)) return;
        const parsed = "text" in out ? f.codec.fromText(out.text) : f.codec.fromValue(out.value);
        if (!parsed.ok) {
          notify.error(parsed.error, "grid-invalid");
          return;
        }
        close(session);
        void writes.commitCell(row, f.codec, out);
        if (move) onMove(move);
      };
      const onCancel = () => {
        if (!sessions.current.done.has(session)) close(session);
      };
      editor = createElement(Editor, { key: session, value: row[f.column.title], codec: f.codec, initialText: editing.initialText, mode: "cell", onCommit, onCancel });
    }
  }
  return { editing, editor, start, toggle, editable };
}
