/**
 * The grid's side of realtime: LiveGrid registers an open grid for its table's row events and
 * tells the grid's parts which table they show; the hooks report the cell being edited and read
 * the cells others edit; RemoteValueHint shows, under an open editor, the value another user saved
 * meanwhile.
 */
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ColumnCodec } from "../fields/codec";
import type { LiveStore } from "./apply-event";
import { registerGrid, setEditing, track } from "./client";
import { remoteCells } from "./presence-store";
import { usePresence } from "./presence-ui";
import type { Row } from "./protocol";
import { rowIdOf } from "../lib/row-id";

interface LiveTable {
  tableId: string;
  keyTitle: string;
}

const LiveGridContext = createContext<LiveTable | null>(null);

interface LiveGridProps extends LiveTable {
  store: LiveStore;
  /** No sort, filter or search: a new row shows last. */
  inTableOrder: boolean;
  children: ReactNode;
}

export function LiveGrid({ tableId, keyTitle, store, inTableOrder, children }: LiveGridProps) {
  const ordered = useRef(inTableOrder);
  ordered.current = inTableOrder;
  useEffect(
    () => registerGrid({ tableId, keyTitle, store, inTableOrder: () => ordered.current }),
    [tableId, keyTitle, store],
  );
  useEffect(() => track("table:open", { tableId }), [tableId]);
  const value = useMemo(() => ({ tableId, keyTitle }), [tableId, keyTitle]);
  return <LiveGridContext.Provider value={value}>{children}</LiveGridContext.Provider>;
}

/** Reports the cell this tab edits (row, column title), or none; no-op outside a LiveGrid. */
export function useReportEditing(row: Row | null | undefined, column: string | null | undefined): void {
  const live = useContext(LiveGridContext);
  const rowId = live && row ? String(rowIdOf(row, live.keyTitle) ?? "") : "";
  useEffect(() => {
    if (!live || !rowId || !column) return;
    setEditing({ tableId: live.tableId, keyTitle: live.keyTitle, rowId, column });
    return () => setEditing(null);
  }, [live, rowId, column]);
}

export interface RemoteMark {
  col: number;
  name: string;
  color: string;
}

/**
 * For each row key, the cells of this grid other users edit: `marksOf(row)` gives the columns
 * (by index in `titles`) with the editor's name and colour, or undefined.
 */
export function useRemoteEditing(titles: readonly string[]): (row: Row | undefined) => RemoteMark[] | undefined {
  const live = useContext(LiveGridContext);
  const { users, me } = usePresence();
  return useMemo(() => {
    const cells = live ? remoteCells(users, live.tableId, me) : [];
    if (!live || cells.length === 0) return () => undefined;
    return (row) => {
      if (!row) return undefined;
      const key = String(rowIdOf(row, live.keyTitle));
      const marks = cells
        .filter((c) => c.rowId === key)
        .map((c) => ({ col: titles.indexOf(c.column), name: c.name, color: c.color }))
        .filter((m) => m.col >= 0);
      return marks.length > 0 ? marks : undefined;
    };
  }, [live, users, me, titles]);
}

/** Under an open cell editor: the value someone else saved since it opened. */
export function RemoteValueHint({ value, codec }: { value: unknown; codec: ColumnCodec }) {
  const { t } = useTranslation();
  const text = value === null || value === undefined || value === "" ? t("realtime.emptyValue") : codec.toText(value);
  return (
    <p
      role="status"
      data-testid="remote-value-hint"
      className="absolute start-0 top-full z-40 mt-1 max-w-72 truncate rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-900 shadow"
    >
      {t("realtime.newValue", { value: text })}
    </p>
  );
}
