/**
 * One piece of a record's bar in a row of days: drawn from the cell of its first day across the
 * next ones (each cell is 100% wide, with a 1 px gap), on its line. Dragging the bar moves the
 * record; the handles on the ends where it really starts or ends resize it.
 */
import { stripeOf } from "../colour/palette";
import type { DragEvent, PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { ValueText } from "../../fields/common/value-text";
import type { Segment } from "./range";

export const HEADER = 24;
export const LANE = 22;

interface BarProps {
  segment: Segment;
  title: string;
  /** A colour rule's colour of the record (issue 37): a stripe at the bar's start. */
  colour?: string;
  /** The record's first day and the day this piece starts on. */
  pieceFirst: string;
  movable: boolean;
  resizable: boolean;
  /** While something is dragged, bars let the pointer through to the days under them. */
  passThrough: boolean;
  span: { first: string; last: string };
  onOpen(): void;
  /** `grabbed`: how many days after the piece's first day the pointer took the bar. */
  onDragStart(e: DragEvent<HTMLDivElement>, grabbed: number): void;
  onDragEnd(): void;
  onResizeStart(edge: "start" | "end", e: PointerEvent<HTMLSpanElement>): void;
  /** Keyboard: Alt+arrow moves the record a day, Alt+Shift+arrow moves its end (days in reading order). */
  onKeyStep(delta: -1 | 1, end: boolean): void;
}

export function CalendarBar({
  segment,
  title,
  pieceFirst,
  movable,
  resizable,
  passThrough,
  span,
  colour,
  onOpen,
  onDragStart,
  onDragEnd,
  onResizeStart,
  onKeyStep,
}: BarProps) {
  const { t } = useTranslation();
  const n = segment.length;
  const handle = (edge: "start" | "end") => (
    <span
      role="separator"
      aria-orientation="vertical"
      aria-label={t(edge === "start" ? "views.calendar.resizeStart" : "views.calendar.resizeEnd", { title })}
      data-testid={`calendar-resize-${edge}`}
      className={`absolute top-0 z-10 h-full w-2 cursor-ew-resize rounded hover:bg-violet-400/60 ${edge === "start" ? "start-0" : "end-0"}`}
      onPointerDown={(e) => onResizeStart(edge, e)}
    />
  );
  return (
    <div
      data-testid="calendar-record"
      data-first={span.first}
      data-last={span.last}
      data-piece={pieceFirst}
      draggable={movable}
      onDragStart={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        const rtl = getComputedStyle(e.currentTarget).direction === "rtl";
        const along = rtl ? box.right - e.clientX : e.clientX - box.left;
        onDragStart(e, Math.min(n - 1, Math.max(0, Math.floor((along / box.width) * n))));
      }}
      onDragEnd={onDragEnd}
      className={`absolute z-10 ${passThrough ? "pointer-events-none" : ""}`}
      style={{
        top: HEADER + segment.lane * LANE,
        insetInlineStart: 2,
        width: `calc(${n} * 100% + ${n - 1}px - 4px)`,
        height: LANE - 3,
      }}
    >
      <button
        type="button"
        onClick={onOpen}
        aria-keyshortcuts={
          movable
            ? resizable
              ? "Alt+ArrowLeft Alt+ArrowRight Alt+Shift+ArrowLeft Alt+Shift+ArrowRight"
              : "Alt+ArrowLeft Alt+ArrowRight"
            : undefined
        }
        onKeyDown={(e) => {
          if (!movable || !e.altKey || (e.key !== "ArrowLeft" && e.key !== "ArrowRight")) return;
          if (e.shiftKey && !resizable) return;
          e.preventDefault();
          // Days run in reading order: in a right-to-left page the left arrow goes forward.
          const rtl = getComputedStyle(e.currentTarget).direction === "rtl";
          onKeyStep((e.key === "ArrowRight") !== rtl ? 1 : -1, e.shiftKey);
        }}
        className={`block size-full truncate bg-violet-100 px-1.5 text-start text-xs leading-[19px] text-violet-900 hover:bg-violet-200 ${segment.starts ? "rounded-s" : ""} ${segment.ends ? "rounded-e" : ""}`}
      >
        <ValueText text={title} />
      </button>
      {colour && segment.starts ? (
        <span
          aria-hidden="true"
          data-colour={colour}
          className="pointer-events-none absolute start-0 top-0 h-full w-1 rounded-s"
          style={{ backgroundColor: stripeOf(colour) }}
        />
      ) : null}
      {resizable && segment.starts ? handle("start") : null}
      {resizable && segment.ends ? handle("end") : null}
    </div>
  );
}
