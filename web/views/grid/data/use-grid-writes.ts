/**
 * The grid's writes: cell edits, toggles, clears, pastes, row adds and deletes, with undo/redo.
 * Rules:
 * - Values are checked with the field registry before anything is sent; an invalid value shows
 *   the registry's message and is not saved.
 * - Edits show at once (optimistic) and roll back when the server refuses them.
 * - Every change is one bulk request per kind (update, insert, delete) and goes on the history;
 *   undo/redo send the inverse as bulk requests. Adds and deletes reload the row pages.
 * - Undo of a delete restores the same records from the trash (logic/history.ts) and says so.
 */
import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { rowsApi, type RowTarget } from "../../../api/rows-api";
import type { Row } from "../../../api/view-types";
import type { ColumnCodec } from "../../../fields/codec";
import type { EditorOutput } from "../../../fields/types";
import { useNotifyError } from "../../../lib/use-notify-error";
import { notify } from "../../../lib/toast";
import { noteSaved } from "../../../realtime";
import {
  deleteEntry,
  insertEntry,
  pasteEntry,
  runSteps,
  updateEntry,
  type HistoryEntry,
  type RestoreOutcome,
  type Step,
} from "../logic/history";
import { UndoStack } from "../logic/undo-stack";
import type { WritePlan } from "../logic/paste-plan";
import type { RowStore } from "./row-store";
import { bulkApi } from "./row-writes";
import { keyPartOf, rowIdOf } from "../../../lib/row-id";

export interface GridWrites {
  commitCell(row: Row, codec: ColumnCodec, out: EditorOutput): Promise<boolean>;
  applyPlan(plan: WritePlan): Promise<boolean>;
  deleteRows(rows: Row[]): Promise<boolean>;
  /** Adds a row (the expanded form's values, or an empty row); the created row, or null. */
  insertRow(values: Row): Promise<Row | null>;
  /**
   * An update the server already made another way (the history's "Restore this version"): shown
   * in the grid and put on the undo stack like the grid's own edits.
   */
  recordUpdate(before: Row[], updates: Row[]): void;
  undo(): Promise<void>;
  redo(): Promise<void>;
  canUndo: boolean;
  canRedo: boolean;
}

export function useGridWrites(
  target: RowTarget,
  keyTitle: string,
  store: RowStore,
  writableTitles: readonly string[],
  /** The server's answer for a row depends on more than its values (colour rules): read rows again after an edit. */
  reloadAfterUpdate = false,
): GridWrites {
  const notifyError = useNotifyError();
  const history = useRef(new UndoStack<HistoryEntry>()).current;
  const [, setTick] = useState(0);
  const api = useMemo(
    () => bulkApi({ projectId: target.projectId, tableId: target.tableId }, keyTitle),
    [target.projectId, target.tableId, keyTitle],
  );
  const changed = () => setTick((n) => n + 1);
  const { t } = useTranslation();
  /** An undone delete: how many records came back, and the links that could not (the server's words). */
  const tellRestored = useCallback(
    (outcome: RestoreOutcome) => {
      notify.success(t("trashUndo.restored", { count: outcome.restored }), "grid-restored");
      if (outcome.dropped.length > 0)
        notify.info(
          t("trashUndo.dropped", { count: outcome.dropped.length, list: outcome.dropped.join(" ") }),
          "grid-restored-dropped",
        );
    },
    [t],
  );

  const patchLocal = useCallback(
    (rows: Row[]) => rows.forEach((r) => store.patchByKey(keyTitle, rowIdOf(r, keyTitle), r)),
    [store, keyTitle],
  );

  const applyPlan = useCallback(
    async (plan: WritePlan) => {
      if (plan.error) {
        notify.error(plan.error);
        return false;
      }
      if (plan.updates.length === 0 && plan.inserts.length === 0) return true;
      patchLocal(plan.updates);
      let updated = false;
      try {
        if (plan.updates.length > 0) await api.update(plan.updates);
        updated = true;
        // Saved: another user's later change to these cells is a conflict this user is told of.
        noteSaved(target.tableId, keyTitle, plan.updates);
        const created = plan.inserts.length > 0 ? await api.insert(plan.inserts) : [];
        history.push(
          plan.inserts.length > 0
            ? pasteEntry(plan.before, plan.updates, plan.inserts, created, keyTitle)
            : updateEntry(plan.before, plan.updates, keyTitle),
        );
        if (created.length > 0 || reloadAfterUpdate) store.reload();
        changed();
        return true;
      } catch (err) {
        // The updates went through when only the insert failed: keep them, and undoable.
        if (updated && plan.updates.length > 0) history.push(updateEntry(plan.before, plan.updates, keyTitle));
        else
          patchLocal(
            updateEntry(plan.before, plan.updates, keyTitle).undo.flatMap((s) => (s.kind === "update" ? s.rows : [])),
          );
        changed();
        notifyError(err);
        return false;
      }
    },
    [api, history, keyTitle, notifyError, patchLocal, store, target.tableId, reloadAfterUpdate],
  );

  const commitCell = useCallback(
    async (row: Row, codec: ColumnCodec, out: EditorOutput) => {
      const parsed = "text" in out ? codec.fromText(out.text) : codec.fromValue(out.value);
      if (!parsed.ok) {
        notify.error(parsed.error);
        return false;
      }
      const title = codec.column.title;
      if (JSON.stringify(row[title] ?? null) === JSON.stringify(parsed.value ?? null)) return true;
      return applyPlan({
        updates: [{ ...keyPartOf(row, keyTitle), [title]: parsed.value }],
        before: [row],
        inserts: [],
        error: null,
      });
    },
    [applyPlan, keyTitle],
  );

  const deleteRows = useCallback(
    async (rows: Row[]) => {
      if (rows.length === 0) return true;
      try {
        await api.remove(rows.map((r) => rowIdOf(r, keyTitle) as string | number));
        history.push(deleteEntry(rows, keyTitle, writableTitles));
        store.reload();
        changed();
        return true;
      } catch (err) {
        notifyError(err);
        return false;
      }
    },
    [api, history, keyTitle, notifyError, store, writableTitles],
  );

  const insertRow = useCallback(
    async (values: Row) => {
      try {
        const created = await rowsApi.insert({ projectId: target.projectId, tableId: target.tableId }, values);
        history.push(insertEntry(values, rowIdOf(created!, keyTitle) as string | number));
        store.reload();
        changed();
        return created;
      } catch (err) {
        notifyError(err);
        return null;
      }
    },
    [target.projectId, target.tableId, history, keyTitle, notifyError, store],
  );

  const replay = useCallback(
    async (side: "undo" | "redo") => {
      const entry = side === "undo" ? history.takeUndo() : history.takeRedo();
      if (!entry) return;
      const steps: Step[] = side === "undo" ? entry.undo : entry.redo;
      try {
        const restored = await runSteps(entry, steps, api);
        if (restored) tellRestored(restored);
        for (const s of steps) if (s.kind === "update") patchLocal(s.rows);
        if (reloadAfterUpdate || steps.some((s) => s.kind !== "update")) store.reload();
      } catch (err) {
        history.restore(entry, side);
        notifyError(err);
      }
      changed();
    },
    [api, history, notifyError, patchLocal, store, tellRestored, reloadAfterUpdate],
  );

  const recordUpdate = useCallback(
    (before: Row[], updates: Row[]) => {
      patchLocal(updates);
      history.push(updateEntry(before, updates, keyTitle));
      changed();
    },
    [history, keyTitle, patchLocal],
  );

  return {
    commitCell,
    applyPlan,
    deleteRows,
    insertRow,
    recordUpdate,
    undo: () => replay("undo"),
    redo: () => replay("redo"),
    canUndo: history.canUndo,
    canRedo: history.canRedo,
  };
}
