/**
 * The cell being edited. Rules:
 * - Only writable fields with an editor open one, and only for a loaded row; a toggle field
 *   (checkbox) flips instead.
 * - The editor's value is checked with the registry before it closes: invalid input shows the
 *   registry's message and the editor stays open. Valid input closes it and is saved.
 * - A session ends once (commit or cancel); a late blur after Enter or Escape is ignored.
 * - An editor may save while it stays open (each multi-select pick); a later commit of the same
 *   value writes nothing, and cancelling keeps what was saved.
 * - Closing gives the focus back to the grid; Tab moves the active cell.
 * - Realtime: others see the cell being edited; when another user saves the cell meanwhile, the
 *   editor stays open and shows their value under it, and committing an unchanged editor keeps
 *   their value (nothing is written).
 */
import { createElement, Fragment, useCallback, useRef, useState, type ReactNode, type RefObject } from "react";
import type { Row } from "../../api/view-types";
import type { EditorMove, EditorOutput } from "../../fields/types";
import { notify } from "../../lib/toast";
import { RemoteValueHint, useReportEditing } from "../../realtime";
import type { RowStore } from "./data/row-store";
import type { GridWrites } from "./data/use-grid-writes";
import type { GridFieldView } from "./grid-field";

interface Editing {
  row: number;
  col: number;
  initialText?: string;
  session: number;
  /** The cell's value when the editor opened. */
  opened: unknown;
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

  const editable = useCallback(
    (col: number) => {
      const f = fields[col];
      return Boolean(canEdit && f && !f.codec.readOnly && (f.ui.Editor || f.ui.toggles));
    },
    [canEdit, fields],
  );

  const toggle = useCallback(
    (rowIndex: number, col: number) => {
      const row = store.rowAt(rowIndex);
      const f = fields[col];
      if (!row || !f?.ui.toggles || !editable(col)) return;
      const on = row[f.column.title] === true || row[f.column.title] === 1;
      void writes.commitCell(row, f.codec, { value: !on });
    },
    [editable, fields, store, writes],
  );

  const start = useCallback(
    (rowIndex: number, col: number, initialText?: string) => {
      const f = fields[col];
      if (!editable(col) || !store.rowAt(rowIndex) || !f) return false;
      if (f.ui.toggles) {
        if (initialText === undefined) toggle(rowIndex, col);
        return true;
      }
      setEditing({
        row: rowIndex,
        col,
        initialText,
        session: sessions.current.next++,
        opened: store.rowAt(rowIndex)?.[f.column.title],
      });
      return true;
    },
    [editable, fields, store, toggle],
  );

  const close = useCallback(
    (session: number) => {
      sessions.current.done.add(session);
      setEditing((e) => (e?.session === session ? null : e));
      scroller.current?.focus({ preventScroll: true });
    },
    [scroller],
  );

  const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
  const editingRow: Row | undefined = editing ? store.rowAt(editing.row) : undefined;
  useReportEditing(editingRow, editing ? fields[editing.col]?.column.title : null);
  let editor: ReactNode = null;
  if (editing) {
    const f = fields[editing.col];
    const row = editingRow;
    const Editor = f?.ui.Editor;
    if (f && row && Editor) {
      const { session, opened } = editing;
      const onCommit = (out: EditorOutput, move?: EditorMove) => {
        if (sessions.current.done.has(session)) return;
        const parsed = "text" in out ? f.codec.fromText(out.text) : f.codec.fromValue(out.value);
        if (!parsed.ok) {
          notify.error(parsed.error, "grid-invalid");
          return;
        }
        close(session);
        if (!same(parsed.value, opened)) void writes.commitCell(row, f.codec, out);
        if (move) onMove(move);
      };
      const onSave = (out: EditorOutput) => {
        if (sessions.current.done.has(session)) return;
        const parsed = "text" in out ? f.codec.fromText(out.text) : f.codec.fromValue(out.value);
        if (!parsed.ok) {
          notify.error(parsed.error, "grid-invalid");
          return;
        }
        if (same(parsed.value, opened)) return;
        // The saved value is the session's new starting point: no "changed by someone" hint for it.
        setEditing((e) => (e?.session === session ? { ...e, opened: parsed.value } : e));
        void writes.commitCell(row, f.codec, out);
      };
      const onCancel = () => {
        if (!sessions.current.done.has(session)) close(session);
      };
      const input = createElement(Editor, {
        key: session,
        value: row[f.column.title],
        codec: f.codec,
        initialText: editing.initialText,
        mode: "cell",
        onCommit,
        onCancel,
        onSave,
      });
      // The same tree either way, so the editor keeps what was typed when the hint appears.
      const theirs = same(row[f.column.title], opened)
        ? null
        : createElement(RemoteValueHint, { value: row[f.column.title], codec: f.codec });
      editor = createElement(Fragment, null, input, theirs);
    }
  }
  return { editing, editor, start, toggle, editable };
}
