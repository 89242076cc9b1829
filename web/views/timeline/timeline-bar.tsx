/**
 * One record's bar on the time axis, placed along the reading direction (inset-inline-start, so a
 * right-to-left page flips it). Dragging the bar moves the record (start and end together), its
 * edges resize it; a press without movement opens the record. Keyboard: Enter opens, Alt+arrow
 * moves a day, Alt+Shift+arrow moves the end a day. `color` is the hook for colour rules (#37): a
 * CSS colour for the bar's fill, the default teal when absent.
 */
import type { KeyboardEvent, PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { ValueText } from "../../fields/common/value-text";

import type { Edge } from "./patch";

export type { Edge };

export interface TimelineBarProps {
  title: string;
  start: number;
  width: number;
  top: number;
  height: number;
  color?: string | null;
  editable: boolean;
  /** The record's days, for the accessible name. */
  first: string;
  last: string;
  /** A press on the bar (edge: which part) that the view follows until release. */
  onGrab(edge: Edge, e: PointerEvent<HTMLElement>): void;
  onOpen(): void;
  onKeyStep(delta: -1 | 1, edge: Edge): void;
}

export function TimelineBar(p: TimelineBarProps) {
  const { t } = useTranslation();
  const handle = (edge: "start" | "end") => (
    <span
      aria-hidden="true"
      data-testid={`timeline-resize-${edge}`}
      onPointerDown={(e) => (e.stopPropagation(), p.onGrab(edge, e))}
      className={`absolute inset-y-0 w-2 cursor-ew-resize rounded ${edge === "start" ? "start-0" : "end-0"} hover:bg-black/20`}
    />
  );
  function onKey(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === "Enter") return (e.preventDefault(), p.onOpen());
    if (!p.editable || !e.altKey || (e.key !== "ArrowLeft" && e.key !== "ArrowRight")) return;
    e.preventDefault();
    const rtl = getComputedStyle(e.currentTarget).direction === "rtl";
    const later = (e.key === "ArrowRight") !== rtl;
    p.onKeyStep(later ? 1 : -1, e.shiftKey ? "end" : "move");
  }
  return (
    <div
      role="button"
      tabIndex={0}
      data-testid="timeline-bar"
      data-first={p.first}
      data-last={p.last}
      aria-label={t("views.timeline.bar", { title: p.title, first: p.first, last: p.last })}
      title={p.title}
      onPointerDown={(e) => e.button === 0 && p.onGrab("move", e)}
      onKeyDown={onKey}
      className={`absolute flex touch-none items-center overflow-hidden rounded px-2 text-xs text-white shadow-sm select-none focus:outline-2 focus:outline-offset-1 focus:outline-primary ${p.editable ? "cursor-grab" : "cursor-pointer"} ${p.color ? "" : "bg-teal-600"}`}
      style={{
        insetInlineStart: p.start,
        width: Math.max(p.width, 6),
        top: p.top,
        height: p.height,
        ...(p.color ? { backgroundColor: p.color } : {}),
      }}
    >
      {p.editable ? handle("start") : null}
      <span className="truncate">
        <ValueText text={p.title} />
      </span>
      {p.editable ? handle("end") : null}
    </div>
  );
}
