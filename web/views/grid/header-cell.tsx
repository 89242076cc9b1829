import { ArrowDownWideNarrow, ArrowUpNarrowWide, ChevronDown, EyeOff, Lock, Pencil, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { GUTTER_WIDTH, HEADER_HEIGHT } from "./grid-constants";
import type { GridFieldView } from "./grid-field";
import { MAX_WIDTH, MIN_WIDTH } from "./logic/grid-fields";
import { MENU_ITEM, Popover } from "./ui/popover";

export interface HeaderActions {
  canEditField: boolean;
  canDeleteField: boolean;
  /** False on a locked view for those who may not change it: no sorting, hiding, moving or resizing. */
  canShape: boolean;
  onEditField(field: GridFieldView): void;
  onDeleteField(field: GridFieldView): void;
  onSort(field: GridFieldView, direction: "asc" | "desc"): void;
  onHide(field: GridFieldView): void;
  onResize(field: GridFieldView, width: number, done: boolean): void;
  /** Moves the field at `from` (index in the drawn fields) to `to`. */
  onMove(from: number, to: number): void;
}

const DRAG_TYPE = "application/x-grid-column";

/** A column header: icon and title, a menu, a resize edge; drag it to move the column. */
export function HeaderCell({ field, index, actions }: { field: GridFieldView; index: number; actions: HeaderActions }) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const start = useRef<{ x: number; width: number } | null>(null);
  const Icon = field.ui.icon;
  const title = field.column.title;
  const frozen = index === 0;
  const movable = !frozen && actions.canShape;

  const onPointerDown = (e: React.PointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.stopPropagation();
    start.current = { x: e.clientX, width: field.width };
    // The handle sits on the column's inline end: in a right-to-left page dragging left widens it.
    const sign = getComputedStyle(e.currentTarget).direction === "rtl" ? -1 : 1;
    const widthAt = (x: number) =>
      Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(start.current!.width + sign * (x - start.current!.x))));
    const move = (ev: PointerEvent) => actions.onResize(field, widthAt(ev.clientX), false);
    const up = (ev: PointerEvent) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      actions.onResize(field, widthAt(ev.clientX), true);
      start.current = null;
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  };

  return (
    <div
      role="columnheader"
      aria-colindex={index + 2}
      data-title={title}
      draggable={movable}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, String(index));
        e.dataTransfer.effectAllowed = "move";
      }}
      onDragOver={(e) => {
        if (!movable || !e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        const from = Number(e.dataTransfer.getData(DRAG_TYPE));
        if (movable && Number.isInteger(from)) actions.onMove(from, index);
      }}
      className={`group relative flex shrink-0 items-center gap-1.5 border-b border-e border-gray-200 bg-gray-50 ps-2 pe-1 text-xs font-medium text-gray-700 ${frozen ? "sticky z-10" : ""} ${over ? "bg-primary/10" : ""}`}
      style={{ width: field.width, height: HEADER_HEIGHT, insetInlineStart: frozen ? GUTTER_WIDTH : undefined }}
    >
      <Icon aria-hidden="true" className="size-3.5 shrink-0 text-gray-400" />
      <span className="min-w-0 flex-1 truncate">{title}</span>
      {/* The caller's role may read this field but not change it (table access settings). */}
      {field.column.access === "read-only" ? (
        <Lock
          role="img"
          aria-label={t("grid.expanded.readOnly")}
          data-testid="field-lock"
          className="size-3 shrink-0 text-gray-400"
        />
      ) : null}
      <Popover
        role="menu"
        label={t("grid.column.menu", { title })}
        button={<ChevronDown aria-hidden="true" className="size-3.5" />}
        buttonClass="rounded p-0.5 text-gray-400 hover:bg-gray-200 hover:text-gray-700"
        panelClass="w-52"
      >
        {(close) => (
          <>
            {/* A locked view keeps its sorting and layout: say so, rather than open an empty menu. */}
            {actions.canShape ? null : (
              <p data-testid="column-menu-locked" className="flex items-start gap-2 px-2 py-1.5 text-xs text-gray-500">
                <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                {t("grid.column.locked")}
              </p>
            )}
            {actions.canEditField ? (
              <button
                type="button"
                role="menuitem"
                className={MENU_ITEM}
                onClick={() => (close(), actions.onEditField(field))}
              >
                <Pencil aria-hidden="true" className="size-4" />
                {t("grid.column.edit")}
              </button>
            ) : null}
            {actions.canShape ? (
              <>
                <button
                  type="button"
                  role="menuitem"
                  className={MENU_ITEM}
                  onClick={() => (close(), actions.onSort(field, "asc"))}
                >
                  <ArrowUpNarrowWide aria-hidden="true" className="size-4" />
                  {t("grid.column.sortAsc")}
                </button>
                <button
                  type="button"
                  role="menuitem"
                  className={MENU_ITEM}
                  onClick={() => (close(), actions.onSort(field, "desc"))}
                >
                  <ArrowDownWideNarrow aria-hidden="true" className="size-4" />
                  {t("grid.column.sortDesc")}
                </button>
              </>
            ) : null}
            {movable ? (
              <button
                type="button"
                role="menuitem"
                className={MENU_ITEM}
                onClick={() => (close(), actions.onHide(field))}
              >
                <EyeOff aria-hidden="true" className="size-4" />
                {t("grid.column.hide")}
              </button>
            ) : null}
            {actions.canDeleteField && !field.column.pk ? (
              <button
                type="button"
                role="menuitem"
                className={`${MENU_ITEM} text-red-600`}
                onClick={() => (close(), actions.onDeleteField(field))}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                {t("grid.column.delete")}
              </button>
            ) : null}
          </>
        )}
      </Popover>
      {actions.canShape ? (
        <div
          role="separator"
          aria-orientation="vertical"
          aria-label={t("grid.column.resize", { title })}
          className="absolute -end-1 top-0 z-20 h-full w-2 cursor-col-resize hover:bg-primary/40"
          onPointerDown={onPointerDown}
        />
      ) : null}
    </div>
  );
}
