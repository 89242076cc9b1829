/**
 * Concurrent edits: the server serialises writes, so the last writer wins. The loser is told.
 * Rules:
 * - this tab notes the cells it saved (after the server accepted them) and the cell it is editing;
 * - a row update by ANOTHER user that changes a cell this tab saved in the last 10 seconds to a
 *   different value is a conflict ("their value is shown"); each saved cell conflicts once;
 * - a row update by another user that changes the cell being edited is a conflict too (the
 *   editor stays open and shows the new value);
 * - updates by the same user (another tab of theirs) never conflict.
 * The changed cells are the event's `changed` titles, else every column of the row.
 */
import type { EditingCell, Row, RowEvent } from "./protocol";
import { isKeyTitle, rowIdOf } from "../lib/row-id";

export const CONFLICT_WINDOW_MS = 10_000;

interface SavedCell {
  tableId: string;
  keyTitle: string;
  rowId: string;
  column: string;
  value: unknown;
  at: number;
}

export interface EditingHere extends EditingCell {
  keyTitle: string;
}

export interface Conflict {
  tableId: string;
  rowId: string;
  column: string;
  /** The cell is being edited in this tab now. */
  editing: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export class ConflictTracker {
  /** By table, row and column; in the order saved (a re-save moves to the end). */
  private saved = new Map<string, SavedCell>();
  private editing: EditingHere | null = null;

  /** Cells this tab saved: rows of `{[keyTitle]: key, column: value, ...}`. */
  noteSaved(tableId: string, keyTitle: string, rows: readonly Row[], now: number): void {
    this.prune(now);
    for (const row of rows) {
      const rowId = String(rowIdOf(row, keyTitle));
      for (const [column, value] of Object.entries(row)) {
        if (isKeyTitle(keyTitle, column)) continue;
        const key = JSON.stringify([tableId, rowId, column]);
        this.saved.delete(key);
        this.saved.set(key, { tableId, keyTitle, rowId, column, value, at: now });
      }
    }
  }

  setEditing(cell: EditingHere | null): void {
    this.editing = cell;
  }

  check(event: RowEvent, myUserId: string | null, now: number): Conflict[] {
    this.prune(now);
    if (event.op !== "update" || event.by.id === myUserId) return [];
    const { row, tableId } = event;
    const changed = new Set(event.changed ?? Object.keys(row));
    const out: Conflict[] = [];
    const e = this.editing;
    if (e && e.tableId === tableId && String(rowIdOf(row, e.keyTitle)) === e.rowId && changed.has(e.column)) {
      out.push({ tableId, rowId: e.rowId, column: e.column, editing: true });
    }
    for (const [key, s] of this.saved) {
      if (
        s.tableId !== tableId ||
        String(rowIdOf(row, s.keyTitle)) !== s.rowId ||
        !changed.has(s.column) ||
        same(row[s.column], s.value)
      )
        continue;
      this.saved.delete(key);
      if (!out.some((c) => c.rowId === s.rowId && c.column === s.column))
        out.push({ tableId, rowId: s.rowId, column: s.column, editing: false });
    }
    return out;
  }

  /** Drops cells older than the window (the oldest come first). */
  private prune(now: number) {
    for (const [key, s] of this.saved) {
      if (now - s.at <= CONFLICT_WINDOW_MS) break;
      this.saved.delete(key);
    }
  }
}
