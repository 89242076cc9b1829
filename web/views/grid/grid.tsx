/**
 * The virtualised grid: rows and columns in view are drawn (plus a few around), the header is
 * sticky, the display-value column and the row numbers are frozen at the inline start (the left, or
 * the right in a right-to-left page: the layout uses logical properties and mirrors). Past the
 * browser's height limit the rows layer is sticky and rows are placed from the logical top
 * (logic/scroll-scale.ts). Keyboard, mouse, clipboard and editing live in the use-* hooks.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLinkHost } from "../../links/link-host";
import { linkTypeOf } from "../../links/link-values";
import { rowIdOf } from "../../lib/row-id";
import { useRemoteEditing } from "../../realtime";
import type { RowStore } from "./data/row-store";
import type { GridWrites } from "./data/use-grid-writes";
import type { Row } from "../../api/view-types";
import { AddRow } from "./add-row";
import { GUTTER_WIDTH, HEADER_HEIGHT } from "./grid-constants";
import type { GridFieldView } from "./grid-field";
import { GridFooter } from "./grid-footer";
import { GridHeader } from "./grid-header";
import { GridRow } from "./grid-row";
import type { HeaderActions } from "./header-cell";
import { columnLayout } from "./logic/column-layout";
import { colsInRow, rectOf, single, type Selection } from "./logic/selection";
import { useBlockOps } from "./use-block-ops";
import { useCellEditing } from "./use-cell-editing";
import { useGridClipboard } from "./use-grid-clipboard";
import { useGridKeyboard } from "./use-grid-keyboard";
import { useGridMouse } from "./use-grid-mouse";
import { useGridScroll } from "./use-grid-scroll";
import { isLink } from "../../../db/fields/registry";

export interface GridProps {
  fields: readonly GridFieldView[];
  store: RowStore;
  rowHeight: number;
  keyTitle: string;
  writes: GridWrites;
  perms: { edit: boolean; insert: boolean; delete: boolean };
  headerActions: HeaderActions;
  label: string;
  onExpand(rowIndex: number): void;
  /** The search in force, told when it matches nothing, with a way to clear it. */
  search?: { query: string; onClear(): void } | null;
  /** Set when a new record cannot be empty (a required field): the bottom "+" opens the record form. */
  onNewRecord?: (() => void) | null;
  /** The footer's column aggregates (footer-aggregates.tsx). */
  aggregates?: ReactNode;
  /** The values a new row starts with (those the view's filters imply: logic/filter-defaults.ts). */
  newValues?: () => Row;
}

// The selection before the reader chooses any: the footer offers no delete for it.
const UNCHOSEN = single({ row: 0, col: 0 });

export function Grid({
  fields,
  store,
  rowHeight,
  keyTitle,
  writes,
  perms,
  headerActions,
  label,
  onExpand,
  search,
  onNewRecord,
  aggregates,
  newValues,
}: GridProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const total = store.totalRows ?? 0;
  const layout = useMemo(
    () =>
      columnLayout(
        fields.map((f) => f.width),
        GUTTER_WIDTH,
      ),
    [fields],
  );
  const { geometry, rows, cols, onScroll, reveal, scroll } = useGridScroll(
    scroller,
    total + (perms.insert ? 1 : 0),
    rowHeight,
    layout,
  );
  const [sel, setSel] = useState<Selection>(UNCHOSEN);
  const bounds = useMemo(() => ({ rows: total, cols: fields.length }), [total, fields.length]);
  const rect = useMemo(() => rectOf(sel), [sel]);

  // An empty window still asks for the first page: it tells how many rows there are.
  useEffect(
    () => store.setViewport(rows.visibleFirst, Math.max(rows.visibleFirst, rows.visibleLast)),
    [store, rows.visibleFirst, rows.visibleLast],
  );

  const select = useCallback(
    (next: Selection, show = true) => {
      setSel(next);
      if (show) reveal(next.focus.row, next.focus.col);
    },
    [reveal],
  );

  const onMove = useCallback(
    (move: "down" | "right" | "left") => {
      setSel((s) => {
        const d = move === "down" ? [1, 0] : move === "right" ? [0, 1] : [0, -1];
        const next = single({
          row: Math.min(Math.max(0, s.anchor.row + d[0]!), Math.max(0, total - 1)),
          col: Math.min(Math.max(0, s.anchor.col + d[1]!), fields.length - 1),
        });
        reveal(next.focus.row, next.focus.col);
        return next;
      });
    },
    [fields.length, reveal, total],
  );

  const editing = useCellEditing({ fields, store, writes, canEdit: perms.edit, scroller, onMove });
  // A link cell has no editor: Enter or a double click opens its record picker, as "+" does.
  const links = useLinkHost();
  const startEdit = useCallback(
    (rowIndex: number, col: number, initialText?: string) => {
      if (editing.start(rowIndex, col, initialText)) return true;
      const column = fields[col]?.column;
      const row = store.rowAt(rowIndex);
      if (initialText !== undefined || !links?.canLink || !column || !row) return false;
      if (!isLink(column.uidt) || !linkTypeOf(column) || column.access === "read-only") return false;
      const rowKey = rowIdOf(row, links.keyTitle);
      if (typeof rowKey !== "string" && typeof rowKey !== "number") return false;
      links.open({ kind: "picker", column, rowKey });
      return true;
    },
    [editing, fields, links, store],
  );
  const titles = useMemo(() => fields.map((f) => f.column.title), [fields]);
  const remoteMarks = useRemoteEditing(titles);
  const ops = useBlockOps({ store, fields, keyTitle, writes, canEdit: perms.edit, canInsert: perms.insert });
  const isToggle = useCallback((col: number) => Boolean(fields[col]?.ui.toggles), [fields]);
  const onKeyDown = useGridKeyboard({
    selection: sel,
    bounds,
    pageRows: Math.max(1, Math.floor(geometry.viewport / rowHeight) - 1),
    editing: editing.editing !== null,
    select,
    startEdit,
    toggle: editing.toggle,
    isToggle,
    clear: (r) => void ops.clear(r),
    expand: onExpand,
    undo: () => void writes.undo(),
    redo: () => void writes.redo(),
  });
  const opensOnClick = useCallback((col: number) => Boolean(fields[col]?.ui.opensOnClick), [fields]);
  const mouse = useGridMouse({
    selection: sel,
    bounds,
    select: (s) => select(s, false),
    startEdit,
    toggle: editing.toggle,
    isToggle,
    opensOnClick,
  });
  const onPaste = useCallback(
    (text: string) => {
      void ops.paste(text, rect).then((height) => {
        if (height > 0)
          setSel({ anchor: { row: rect.top, col: rect.left }, focus: { row: rect.top + height - 1, col: rect.right } });
      });
    },
    [ops, rect],
  );
  useGridClipboard({ scroller, store, fields, rect, onPaste, onTooMany: ops.tooMany });

  const base = geometry.scaled ? scroll.top : 0;
  const body: ReactNode[] = [];
  for (let r = rows.first; r <= rows.last; r++) {
    const top = r * rowHeight - base;
    if (r === total) {
      if (perms.insert)
        body.push(
          <AddRow
            key="add"
            top={top}
            height={rowHeight}
            width={layout.total}
            onAdd={() => {
              if (onNewRecord) return onNewRecord();
              // The grid takes the keys at once: typing goes into the new row, Space no longer presses "+".
              scroller.current?.focus({ preventScroll: true });
              void writes.insertRow(newValues?.() ?? {}).then((made) => made && select(single({ row: total, col: 0 })));
            }}
          />,
        );
      continue;
    }
    const activeHere = sel.anchor.row === r;
    const editingHere = editing.editing?.row === r;
    const row = store.rowAt(r);
    body.push(
      <GridRow
        key={r}
        index={r}
        row={row}
        top={top}
        height={rowHeight}
        fields={fields}
        layout={layout}
        colFirst={cols.first}
        colLast={cols.last}
        selected={colsInRow(rect, r)}
        active={activeHere ? sel.anchor.col : null}
        editingCol={editingHere ? editing.editing!.col : null}
        editor={editingHere ? editing.editor : null}
        remote={remoteMarks(row)}
        editable={perms.edit}
        onExpand={onExpand}
      />,
    );
  }

  const layer = geometry.scaled
    ? {
        position: "sticky" as const,
        top: HEADER_HEIGHT,
        height: geometry.viewport,
        width: layout.total,
        overflow: "clip" as const,
      }
    : {
        position: "absolute" as const,
        top: HEADER_HEIGHT,
        insetInlineStart: 0,
        height: geometry.scrollArea,
        width: layout.total,
      };
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        role="grid"
        aria-label={label}
        aria-rowcount={total + 1}
        aria-colcount={fields.length + 1}
        aria-multiselectable="true"
        aria-busy={store.totalRows === null}
        tabIndex={0}
        data-testid="grid"
        className="relative min-h-0 flex-1 overflow-auto rounded-t-lg border border-gray-200 bg-white outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
        onScroll={onScroll}
        onKeyDown={onKeyDown}
      >
        <div className="relative" style={{ width: layout.total, height: HEADER_HEIGHT + geometry.scrollArea }}>
          <GridHeader
            fields={fields}
            layout={layout}
            colFirst={cols.first}
            colLast={cols.last}
            actions={headerActions}
          />
          <div
            role="rowgroup"
            className="select-none"
            style={layer}
            onMouseDown={mouse.onMouseDown}
            onMouseOver={mouse.onMouseOver}
            onDoubleClick={mouse.onDoubleClick}
            onClick={mouse.onClick}
          >
            {body}
          </div>
        </div>
        {store.totalRows === 0 && search?.query.trim() ? (
          <div
            role="status"
            className="absolute inset-x-0 top-24 mx-auto flex w-fit max-w-[90%] flex-col items-center gap-2 rounded-md border border-gray-200 bg-white px-4 py-3 text-sm text-gray-600 shadow-sm"
          >
            <p>{t("grid.search.noMatch", { query: search.query.trim() })}</p>
            <button
              type="button"
              className="rounded-md border border-gray-300 px-3 py-1 text-sm text-gray-700 hover:bg-gray-50"
              onClick={search.onClear}
            >
              {t("grid.search.clear")}
            </button>
          </div>
        ) : store.totalRows === 0 && !perms.insert ? (
          <p className="absolute left-1/2 top-20 -translate-x-1/2 text-sm text-gray-500">{t("grid.empty")}</p>
        ) : null}
      </div>
      <GridFooter
        store={store}
        rect={rect}
        canDelete={perms.delete && sel !== UNCHOSEN}
        onDelete={ops.remove}
        onCollapse={() => setSel(single(sel.anchor))}
        onReturnFocus={() => scroller.current?.focus({ preventScroll: true })}
        aggregates={aggregates}
      />
    </div>
  );
}
