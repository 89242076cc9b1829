/**
 * The grid grouped by up to three fields (issue 37): group headers (the value as its cell shows
 * it, and the count), the records of expanded last-level groups and an "add a record in this
 * group" line, all lines of one virtual list of fixed height: only the lines on screen are drawn,
 * and only their groups' records are fetched (grouped-data.ts). Records open in the expanded
 * form (Enter on the row's expand button) where they are edited; a record dragged by its row
 * number onto another group takes that group's values (undone with the grid's Undo). A group's
 * header shows the footer's chosen aggregates over its records, computed with the groups.
 */
import { ChevronDown, ChevronRight, Plus } from "lucide-react";
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Row } from "../../../api/view-types";
import { GUTTER_WIDTH, HEADER_HEIGHT } from "../grid-constants";
import type { GridFieldView } from "../grid-field";
import { GridHeader } from "../grid-header";
import { GridRow, type GridRowProps } from "../grid-row";
import type { HeaderActions } from "../header-cell";
import { columnLayout, columnWindow } from "../logic/column-layout";
import { useAggregateText } from "../footer-aggregates";
import { GROUP_LIMIT, type GroupedData } from "./grouped-data";
import { GroupLines, type GroupNode } from "./group-tree";

interface GroupedGridProps {
  data: GroupedData;
  levels: number;
  fields: readonly GridFieldView[];
  /** Every field of the table by column id: the group field may be hidden from the grid. */
  fieldOf(columnId: string): GridFieldView | undefined;
  rowHeight: number;
  headerActions: HeaderActions;
  label: string;
  onExpand(row: Row): void;
  /** Opens a new record with the group's values; null when the reader may not add records. */
  onAdd: ((node: GroupNode) => void) | null;
  /** Moves a record into another group (its group fields take that group's values); null: not offered. */
  onMove: ((row: Row, from: GroupNode, to: GroupNode) => void) | null;
  /** The footer's aggregates over all the groups' records and their picker (footer-aggregates.tsx). */
  footer?: ReactNode;
}

const OVERSCAN = 8;
const INDENT = 16;

export function GroupedGrid(p: GroupedGridProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, left: 0, height: 600, width: 1000 });
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const dragged = useRef<{ row: Row; from: GroupNode } | null>(null);
  const [dropOn, setDropOn] = useState<string | null>(null);
  const { data } = p;
  const lines = useMemo(
    () => new GroupLines(data.roots, data.rootMore, p.levels, collapsed, p.onAdd !== null),
    // data.version: the tree changed in place (sub-groups arrived).
    [data, data.version, data.roots, p.levels, collapsed, p.onAdd !== null],
  );
  const layout = useMemo(
    () =>
      columnLayout(
        p.fields.map((f) => f.width),
        GUTTER_WIDTH,
      ),
    [p.fields],
  );
  const H = p.rowHeight;
  const first = Math.max(0, Math.floor(view.top / H) - OVERSCAN);
  const last = Math.min(lines.length - 1, Math.ceil((view.top + view.height) / H) + OVERSCAN);
  const cols = columnWindow(layout, view.left, view.width);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () =>
      setView({ top: el.scrollTop, left: el.scrollLeft, height: el.clientHeight, width: el.clientWidth });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  useLayoutEffect(() => data.ensure(lines, first, last), [data, lines, first, last]);

  const toggle = useCallback(
    (node: GroupNode) =>
      setCollapsed((s) => {
        const next = new Set(s);
        if (!next.delete(node.id)) next.add(node.id);
        return next;
      }),
    [],
  );
  // One object for every record line (their memo holds while scrolling); it calls the latest props.
  const handlers = useRef<LineHandlers>({ expand: () => undefined, dragStart: () => undefined });
  handlers.current.expand = p.onExpand;
  handlers.current.dragStart = (row, from) => (dragged.current = { row, from });

  /** The group under the pointer while a record is dragged: the group of the line there. */
  const groupAt = (e: DragEvent<HTMLDivElement>) => {
    const y = e.clientY - e.currentTarget.getBoundingClientRect().top;
    const line = lines.at(Math.floor(y / H));
    return line?.node ?? null;
  };
  const dropProps = p.onMove
    ? {
        onDragOver: (e: DragEvent<HTMLDivElement>) => {
          if (!dragged.current) return;
          const node = groupAt(e);
          if (!node) return;
          e.preventDefault();
          setDropOn(node.id);
        },
        onDragLeave: () => setDropOn(null),
        onDragEnd: () => {
          dragged.current = null;
          setDropOn(null);
        },
        onDrop: (e: DragEvent<HTMLDivElement>) => {
          e.preventDefault();
          const node = groupAt(e);
          const from = dragged.current;
          dragged.current = null;
          setDropOn(null);
          if (node && from && node.id !== from.from.id) p.onMove!(from.row, from.from, node);
        },
      }
    : {};

  const body: ReactNode[] = [];
  for (let i = first; i <= last; i++) {
    const line = lines.at(i);
    if (!line) continue;
    const top = i * H;
    const key = `${line.kind}:${line.node?.id ?? ""}:${line.kind === "row" ? line.index : ""}`;
    const indent = (line.node ? line.node.level + (line.kind === "header" ? 0 : 1) : 0) * INDENT;
    const band = "absolute start-0 flex items-center gap-2 border-b border-gray-200 px-2 text-sm";
    if (line.kind === "row") {
      body.push(
        <RecordLine
          key={key}
          node={line.node}
          index={line.index}
          row={data.rowAt(line.node, line.index)}
          top={top}
          height={H}
          fields={p.fields}
          layout={layout}
          colFirst={cols.first}
          colLast={cols.last}
          handlers={handlers.current}
          canMove={p.onMove !== null}
        />,
      );
    } else if (line.kind === "header") {
      const f = p.fieldOf(line.node.columnId);
      body.push(
        <HeaderLine
          key={key}
          node={line.node}
          field={f}
          top={top}
          height={H}
          width={Math.max(layout.total, view.width)}
          indent={indent}
          open={!collapsed.has(line.node.id)}
          dropTarget={dropOn === line.node.id}
          onToggle={toggle}
          fieldOf={p.fieldOf}
        />,
      );
    } else if (line.kind === "add") {
      body.push(
        <div key={key} role="row" className={band} style={{ top, height: H, width: layout.total }}>
          <button
            type="button"
            className="sticky start-2 inline-flex items-center gap-1 rounded px-1 text-gray-500 hover:bg-gray-100 hover:text-gray-800"
            style={{ marginInlineStart: indent }}
            onClick={() => p.onAdd?.(line.node)}
          >
            <Plus aria-hidden="true" className="size-4" />
            {t("groupBy.addRecord")}
          </button>
        </div>,
      );
    } else {
      body.push(
        <div key={key} role="row" className={`${band} text-gray-400`} style={{ top, height: H, width: layout.total }}>
          <span className="sticky start-2" style={{ marginInlineStart: indent }}>
            {line.kind === "more" ? t("groupBy.tooMany", { n: GROUP_LIMIT }) : "…"}
          </span>
        </div>,
      );
    }
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={scroller}
        role="grid"
        aria-label={p.label}
        aria-busy={!data.loaded}
        tabIndex={0}
        data-testid="grid"
        data-grouped="true"
        className="relative min-h-0 flex-1 overflow-auto rounded-lg border border-gray-200 bg-white outline-none focus-visible:ring-2 focus-visible:ring-primary/40"
        onScroll={(e) => {
          const el = e.currentTarget;
          setView((v) => ({ ...v, top: el.scrollTop, left: el.scrollLeft }));
        }}
      >
        <div className="relative" style={{ width: layout.total, height: HEADER_HEIGHT + lines.length * H }}>
          <GridHeader
            fields={p.fields}
            layout={layout}
            colFirst={cols.first}
            colLast={cols.last}
            actions={p.headerActions}
          />
          <div
            role="rowgroup"
            className="absolute start-0"
            style={{ top: HEADER_HEIGHT, height: lines.length * H, width: layout.total }}
            {...dropProps}
            onDoubleClick={(e) => {
              const line = lines.at(Math.floor((e.clientY - e.currentTarget.getBoundingClientRect().top) / H));
              const row = line?.kind === "row" ? data.rowAt(line.node, line.index) : undefined;
              if (row) p.onExpand(row);
            }}
          >
            {body}
          </div>
        </div>
      </div>
      {p.footer ? (
        <div className="mt-1 flex items-center rounded-lg border border-gray-200 bg-gray-50 px-3 py-1.5 text-xs text-gray-600">
          {p.footer}
        </div>
      ) : null}
    </div>
  );
}

interface LineHandlers {
  expand(row: Row): void;
  dragStart(row: Row, from: GroupNode): void;
}

/** A record of a group: the grid's own row (read-only here), draggable by its number. */
const RecordLine = memo(function RecordLine({
  node,
  handlers,
  canMove,
  ...line
}: Pick<GridRowProps, "index" | "row" | "top" | "height" | "fields" | "layout" | "colFirst" | "colLast"> & {
  node: GroupNode;
  handlers: LineHandlers;
  canMove: boolean;
}) {
  const { row } = line;
  return (
    <GridRow
      {...line}
      selected={null}
      active={null}
      editingCol={null}
      editor={null}
      editable={false}
      // Records open in the form here: the button is always there for the keyboard (Tab, Enter).
      expandShown
      onExpand={() => row && handlers.expand(row)}
      onDragStart={
        canMove && row
          ? (e) => {
              handlers.dragStart(row, node);
              e.dataTransfer.effectAllowed = "move";
              e.dataTransfer.setData("text/plain", String(line.index));
            }
          : undefined
      }
    />
  );
});

/** A group's header: open/close, the field, the value as its cell shows it, the count. */
const HeaderLine = memo(function HeaderLine(props: {
  node: GroupNode;
  field: GridFieldView | undefined;
  top: number;
  height: number;
  width: number;
  indent: number;
  open: boolean;
  dropTarget: boolean;
  onToggle(node: GroupNode): void;
  /** The group's aggregates name their field by id. */
  fieldOf(columnId: string): GridFieldView | undefined;
}) {
  const { t } = useTranslation();
  const shown = useAggregateText();
  const { node, field: f, open } = props;
  const text =
    node.value === null
      ? t("groupBy.empty")
      : node.bucket
        ? String(node.value)
        : (f?.codec.toText(node.value) ?? String(node.value));
  const Content = f?.ui.Cell;
  return (
    <div
      role="row"
      data-testid="group-header"
      data-level={node.level}
      className={`absolute start-0 flex items-center gap-2 border-b border-gray-200 px-2 text-sm ${props.dropTarget ? "bg-primary/15" : "bg-gray-50"}`}
      style={{ top: props.top, height: props.height, width: props.width }}
    >
      <div
        role="rowheader"
        className="sticky start-0 flex min-w-0 items-center gap-2"
        style={{ paddingInlineStart: props.indent }}
      >
        <button
          type="button"
          aria-expanded={open}
          aria-label={t("groupBy.header", { field: f?.column.title ?? "", value: text })}
          className="rounded p-0.5 text-gray-500 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-primary"
          onClick={() => props.onToggle(node)}
        >
          {open ? (
            <ChevronDown aria-hidden="true" className="size-4" />
          ) : (
            <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
          )}
        </button>
        <span className="shrink-0 text-xs text-gray-500">{f?.column.title}</span>
        <span className="flex min-w-0 max-w-80 items-center overflow-hidden font-medium text-gray-900">
          {node.value === null || node.bucket || !Content || !f ? (
            text
          ) : (
            <Content value={node.value} codec={f.codec} wrap={false} />
          )}
        </span>
        <span data-testid="group-count" className="rounded-full bg-gray-200 px-2 text-xs tabular-nums text-gray-700">
          {node.count}
        </span>
        {node.aggregates.length > 0 ? (
          <span data-testid="group-aggregates" className="flex min-w-0 gap-3 overflow-hidden whitespace-nowrap text-xs">
            {node.aggregates.map((a) => {
              const field = props.fieldOf(a.column);
              return (
                <span key={`${a.column}:${a.type}`} data-testid={`group-aggregate-${field?.column.title ?? a.column}`}>
                  <span className="text-gray-500">{field?.column.title}</span>{" "}
                  <span className="text-gray-400">{t(`grid.footer.${a.type}`)}</span>{" "}
                  <span className="font-medium tabular-nums text-gray-800">{shown(a.type, a.value)}</span>
                </span>
              );
            })}
          </span>
        ) : null}
      </div>
    </div>
  );
});
