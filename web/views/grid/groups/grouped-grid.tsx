/**
 * The grid grouped by up to three fields (issue 37): group headers (the value as its cell shows
 * it, and the count), the records of expanded last-level groups and an "add a record in this
 * group" line, all lines of one virtual list of fixed height: only the lines on screen are drawn,
 * and only their groups' records are fetched (grouped-data.ts). Records open in the expanded
 * form (Enter on the row's expand button, or a double click) where they are edited.
 */
import { ChevronDown, ChevronRight, Plus } from "lucide-react";
import { useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Row } from "../../../api/view-types";
import { GUTTER_WIDTH, HEADER_HEIGHT } from "../grid-constants";
import type { GridFieldView } from "../grid-field";
import { GridHeader } from "../grid-header";
import { GridRow } from "../grid-row";
import type { HeaderActions } from "../header-cell";
import { columnLayout, columnWindow } from "../logic/column-layout";
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
}

const OVERSCAN = 8;
const INDENT = 16;

export function GroupedGrid(p: GroupedGridProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, left: 0, height: 600, width: 1000 });
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
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

  const toggle = (node: GroupNode) =>
    setCollapsed((s) => {
      const next = new Set(s);
      if (!next.delete(node.id)) next.add(node.id);
      return next;
    });

  const body: ReactNode[] = [];
  for (let i = first; i <= last; i++) {
    const line = lines.at(i);
    if (!line) continue;
    const top = i * H;
    const key = `${line.kind}:${line.node?.id ?? ""}:${line.kind === "row" ? line.index : ""}`;
    const indent = (line.node ? line.node.level + (line.kind === "header" ? 0 : 1) : 0) * INDENT;
    const band = "absolute start-0 flex items-center gap-2 border-b border-gray-200 px-2 text-sm";
    if (line.kind === "row") {
      const row = data.rowAt(line.node, line.index);
      body.push(
        <GridRow
          key={key}
          index={line.index}
          row={row}
          top={top}
          height={H}
          fields={p.fields}
          layout={layout}
          colFirst={cols.first}
          colLast={cols.last}
          selected={null}
          active={null}
          editingCol={null}
          editor={null}
          editable={false}
          onExpand={() => row && p.onExpand(row)}
        />,
      );
    } else if (line.kind === "header") {
      const f = p.fieldOf(line.node.columnId);
      const open = !collapsed.has(line.node.id);
      const text =
        line.node.value === null ? t("groupBy.empty") : (f?.codec.toText(line.node.value) ?? String(line.node.value));
      const Content = f?.ui.Cell;
      body.push(
        <div
          key={key}
          role="row"
          data-testid="group-header"
          data-level={line.node.level}
          className={`${band} bg-gray-50`}
          style={{ top, height: H, width: Math.max(layout.total, view.width) }}
        >
          <div
            role="rowheader"
            className="sticky start-0 flex min-w-0 items-center gap-2"
            style={{ paddingInlineStart: indent }}
          >
            <button
              type="button"
              aria-expanded={open}
              aria-label={t("groupBy.header", { field: f?.column.title ?? "", value: text })}
              className="rounded p-0.5 text-gray-500 hover:bg-gray-200 focus-visible:outline-2 focus-visible:outline-primary"
              onClick={() => toggle(line.node)}
            >
              {open ? (
                <ChevronDown aria-hidden="true" className="size-4" />
              ) : (
                <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
              )}
            </button>
            <span className="shrink-0 text-xs text-gray-500">{f?.column.title}</span>
            <span className="flex min-w-0 max-w-80 items-center overflow-hidden font-medium text-gray-900">
              {line.node.value === null || !Content || !f ? (
                text
              ) : (
                <Content value={line.node.value} codec={f.codec} wrap={false} />
              )}
            </span>
            <span
              data-testid="group-count"
              className="rounded-full bg-gray-200 px-2 text-xs tabular-nums text-gray-700"
            >
              {line.node.count}
            </span>
          </div>
        </div>,
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
          >
            {body}
          </div>
        </div>
      </div>
    </div>
  );
}
