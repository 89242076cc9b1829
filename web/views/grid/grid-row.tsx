import { Maximize2 } from "lucide-react";
import { memo, type DragEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Row } from "../../api/view-types";
import type { RemoteMark } from "../../realtime";
import { GUTTER_WIDTH } from "./grid-constants";
import type { GridFieldView } from "./grid-field";
import type { ColumnLayout } from "./logic/column-layout";
import { cellColour, colourOfRow, stripeOf, tintOf } from "../colour/palette";

export interface GridRowProps {
  index: number;
  row: Row | undefined;
  top: number;
  height: number;
  fields: readonly GridFieldView[];
  layout: ColumnLayout;
  colFirst: number;
  colLast: number;
  /** Selected columns of this row, or null. */
  selected: readonly [number, number] | null;
  /** The active column when the active cell is in this row. */
  active: number | null;
  editingCol: number | null;
  editor: ReactNode;
  /** The reader may change records (a field may still be read-only). */
  editable: boolean;
  /** Cells of this row other users are editing (outlined in their colour). */
  remote?: readonly RemoteMark[];
  onExpand(index: number): void;
  /** The expand button shows on every row, not only the active or hovered one (and so takes Tab). */
  expandShown?: boolean;
  /** Set where a record may be dragged by its row number (the grouped grid, to another group). */
  onDragStart?(e: DragEvent): void;
}

const CELL = "group/cell relative flex h-full shrink-0 items-center border-b border-e border-gray-200 px-2";

function cellClass(c: number, props: GridRowProps): string {
  const inRange = props.selected !== null && c >= props.selected[0] && c <= props.selected[1];
  const frozen = c === 0 ? "sticky z-10" : "";
  const bg = inRange && props.active !== c ? "bg-primary/10" : tintAt(c, props) ? "" : "bg-white";
  const ring = props.active === c ? "outline-2 -outline-offset-2 outline-primary" : "";
  const clip = props.editingCol === c ? "z-30 overflow-visible" : "overflow-hidden [contain:strict]";
  return `${CELL} ${frozen} ${bg} ${ring} ${clip}`;
}

/** A colour rule's tint of this cell (issue 37): its own cell rule's, else its row's. */
const tintAt = (c: number, props: GridRowProps) => tintOf(cellColour(props.row, props.fields[c]!.column.title));

function Cell({ c, props }: { c: number; props: GridRowProps }) {
  const f = props.fields[c]!;
  const title = f.column.title;
  const editing = props.editingCol === c;
  const { Cell: Content } = f.ui;
  const other = props.remote?.find((m) => m.col === c);
  const colour = cellColour(props.row, title);
  const inRange = props.selected !== null && c >= props.selected[0] && c <= props.selected[1];
  return (
    <div
      role="gridcell"
      data-row={props.index}
      data-col={c}
      data-title={title}
      data-editing-by={other?.name}
      data-colour={colour}
      aria-colindex={c + 2}
      aria-selected={props.selected !== null && c >= props.selected[0] && c <= props.selected[1]}
      className={cellClass(c, props)}
      style={{
        width: f.width,
        insetInlineStart: c === 0 ? GUTTER_WIDTH : undefined,
        ...(colour && !(inRange && props.active !== c) ? { backgroundColor: tintOf(colour) } : {}),
        ...(other ? { outline: `2px solid ${other.color}`, outlineOffset: -2 } : {}),
      }}
    >
      {other ? (
        <span
          data-testid="remote-editor"
          title={other.name}
          className="pointer-events-none absolute end-0 top-0 z-10 max-w-full truncate rounded-es px-1 text-[10px] leading-4 text-white"
          style={{ backgroundColor: other.color }}
        >
          {other.name}
        </span>
      ) : null}
      {editing ? (
        <div className="absolute start-0 top-0 min-h-full w-full select-text">{props.editor}</div>
      ) : props.row ? (
        <Content
          value={props.row[title]}
          codec={f.codec}
          wrap={props.height > 40}
          row={props.row}
          editable={props.editable && !f.codec.readOnly && f.column.access !== "read-only"}
        />
      ) : (
        <span aria-hidden="true" className="h-3 w-2/3 rounded bg-gray-100" />
      )}
    </div>
  );
}

/** One record: row number (with expand), the frozen first field, then the fields in view. */
export const GridRow = memo(function GridRow(props: GridRowProps) {
  const { t } = useTranslation();
  const { index, layout, colFirst, colLast } = props;
  const cells: ReactNode[] = [];
  for (let c = colFirst; c <= colLast; c++) cells.push(<Cell key={c} c={c} props={props} />);
  const spacer = colFirst > 1 ? layout.lefts[colFirst]! - layout.lefts[1]! : 0;
  const stripe = stripeOf(colourOfRow(props.row)?.row);
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={`group absolute start-0 flex ${props.editingCol !== null ? "z-30" : ""}`}
      style={{ top: props.top, height: props.height, width: layout.total, contain: "layout style" }}
    >
      <div
        role="rowheader"
        data-row={index}
        data-gutter="true"
        draggable={props.onDragStart && props.row ? true : undefined}
        onDragStart={props.onDragStart}
        className="sticky start-0 z-10 flex h-full shrink-0 items-center justify-between border-b border-e border-gray-200 bg-gray-50 px-2 text-xs tabular-nums text-gray-500"
        style={{ width: GUTTER_WIDTH, ...(stripe ? { borderInlineStart: `3px solid ${stripe}` } : {}) }}
        data-colour={colourOfRow(props.row)?.row}
      >
        <span>{index + 1}</span>
        {props.row ? (
          <button
            type="button"
            aria-label={t("grid.row.expand", { n: index + 1 })}
            title={t("grid.row.expand", { n: index + 1 })}
            className={`rounded p-0.5 text-gray-400 hover:bg-gray-200 hover:text-gray-700 ${props.active !== null || props.expandShown ? "visible" : "invisible group-hover:visible"}`}
            onMouseDown={(e) => e.stopPropagation()}
            onClick={() => props.onExpand(index)}
          >
            <Maximize2 aria-hidden="true" className="size-3.5" />
          </button>
        ) : null}
      </div>
      {props.fields.length > 0 ? <Cell c={0} props={props} /> : null}
      {spacer > 0 ? <div aria-hidden="true" className="h-full shrink-0" style={{ width: spacer }} /> : null}
      {cells}
    </div>
  );
});
