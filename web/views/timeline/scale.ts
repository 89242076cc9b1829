/**
 * Timeline arithmetic on plain days ("YYYY-MM-DD", no time zone). Rules:
 * - a scale is a width per day: day 40 px, week 16, month 4, quarter 1.5, year 0.4;
 * - the canvas spans a fixed window of days around the cursor (wider for coarser scales), and only
 *   the part scrolled into view is asked for (visibleRange) with a margin either side;
 * - a bar covers its start day to its end day, both included; with a duration of n days (n >= 1,
 *   fractions rounded up) it covers start .. start + n - 1; with neither its start day;
 * - positions are offsets from the window's first day along the reading direction: the element
 *   sits at inset-inline-start, so right to left flips the axis without other arithmetic.
 */
export type Scale = "day" | "week" | "month" | "quarter" | "year";
export const SCALES: readonly Scale[] = ["day", "week", "month", "quarter", "year"];

export const PX_PER_DAY: Record<Scale, number> = { day: 40, week: 16, month: 4, quarter: 1.5, year: 0.4 };
/** Days either side of the cursor the canvas spans. */
const HALF_WINDOW: Record<Scale, number> = { day: 92, week: 365, month: 2 * 365, quarter: 4 * 365, year: 12 * 365 };

import { addDays, dayText, daysBetween, parseDay } from "../shared/days";

export { addDays, dayText, daysBetween, parseDay, todayText } from "../shared/days";

export interface Window {
  first: string;
  /** Number of days the canvas covers. */
  days: number;
  px: number;
}

export function windowAround(scale: Scale, cursor: string): Window {
  const half = HALF_WINDOW[scale];
  return { first: addDays(cursor, -half), days: 2 * half + 1, px: PX_PER_DAY[scale] };
}

export const widthOf = (w: Window) => Math.ceil(w.days * w.px);
/** The offset of a day's start along the axis. */
export const offsetOf = (w: Window, day: string) => daysBetween(w.first, day) * w.px;
/** The day at an offset along the axis (clamped to the window). */
export function dayAt(w: Window, offset: number): string {
  const i = Math.min(w.days - 1, Math.max(0, Math.floor(offset / w.px)));
  return addDays(w.first, i);
}

/** The days scrolled into view (offset and width of the viewport along the axis), with `margin` viewports either side. */
export function visibleRange(w: Window, scroll: number, viewport: number, margin = 0.5): { from: string; to: string } {
  const extra = viewport * margin;
  return { from: dayAt(w, Math.abs(scroll) - extra), to: dayAt(w, Math.abs(scroll) + viewport + extra) };
}

export interface Span {
  first: string;
  last: string;
}

/** A record's days: from its start to its end, or for its duration, or its start day alone; null when unscheduled. */
export function spanOf(start: unknown, end: unknown, duration: unknown): Span | null {
  if (typeof start !== "string" || start.length < 10) return null;
  const first = start.slice(0, 10);
  if (typeof end === "string" && end.length >= 10 && end.slice(0, 10) >= first)
    return { first, last: end.slice(0, 10) };
  const n = typeof duration === "number" ? duration : Number(duration);
  if (duration !== null && duration !== undefined && duration !== "" && Number.isFinite(n) && n > 1)
    return { first, last: addDays(first, Math.ceil(n) - 1) };
  return { first, last: first };
}

/** Where a bar sits: offset and width along the axis; null when it lies wholly outside the window. */
export function placeBar(w: Window, span: Span): { start: number; width: number } | null {
  const from = daysBetween(w.first, span.first);
  const to = daysBetween(w.first, span.last);
  if (to < 0 || from >= w.days) return null;
  const a = Math.max(0, from);
  const b = Math.min(w.days - 1, to);
  return { start: a * w.px, width: (b - a + 1) * w.px };
}

/** A span moved by `delta` days (start and end together) or with one edge moved (never past the other). */
export function shifted(span: Span, delta: number, edge: "move" | "start" | "end"): Span {
  if (edge === "move") return { first: addDays(span.first, delta), last: addDays(span.last, delta) };
  if (edge === "start") {
    const first = addDays(span.first, delta);
    return { first: first <= span.last ? first : span.last, last: span.last };
  }
  const last = addDays(span.last, delta);
  return { first: span.first, last: last >= span.first ? last : span.first };
}

/** Whole days a pointer moved along the axis (right to left: leftwards is later). */
export const daysMoved = (dx: number, px: number, rtl: boolean) => Math.round(((rtl ? -1 : 1) * dx) / px);

/** A date or date-time value moved to another day, keeping its time. */
export const movedTo = (value: unknown, day: string) =>
  typeof value === "string" && value.length > 10 ? day + value.slice(10) : day;

/** The start of the unit of a scale that holds a day (week: Monday). */
export function unitStart(scale: Scale, day: string): string {
  const d = parseDay(day);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  if (scale === "day") return day;
  if (scale === "week") return addDays(day, -((d.getUTCDay() + 6) % 7));
  if (scale === "month") return dayText(new Date(Date.UTC(y, m, 1)));
  if (scale === "quarter") return dayText(new Date(Date.UTC(y, m - (m % 3), 1)));
  return dayText(new Date(Date.UTC(y, 0, 1)));
}

export function nextUnit(scale: Scale, day: string): string {
  const d = parseDay(day);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  if (scale === "day") return addDays(day, 1);
  if (scale === "week") return addDays(day, 7);
  if (scale === "month") return dayText(new Date(Date.UTC(y, m + 1, 1)));
  if (scale === "quarter") return dayText(new Date(Date.UTC(y, m + 3, 1)));
  return dayText(new Date(Date.UTC(y + 1, 0, 1)));
}

/** The header's ticks between two days: each unit that starts within them (and the one holding `from`). */
export function ticks(scale: Scale, from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = unitStart(scale, from); d <= to && out.length < 2000; d = nextUnit(scale, d)) out.push(d);
  return out;
}

/** The header label of a tick. */
export function tickLabel(scale: Scale, day: string, language: string): string {
  const date = parseDay(day);
  const f = (o: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(language, { ...o, timeZone: "UTC" }).format(date);
  if (scale === "day") return f({ weekday: "short", day: "numeric" });
  if (scale === "week") return f({ day: "numeric", month: "short" });
  if (scale === "month") return f({ month: "short", year: "numeric" });
  if (scale === "quarter") return `Q${Math.floor(date.getUTCMonth() / 3) + 1} ${date.getUTCFullYear()}`;
  return f({ year: "numeric" });
}

/** Rows of the timeline: a lane heading, then its records, lanes in order of their keys (no value last). */
export type Line<R> = { kind: "lane"; key: string; count: number } | { kind: "record"; row: R; lane: string };

export function lines<R>(rows: readonly R[], laneOf: (r: R) => string | null, startOf: (r: R) => string): Line<R>[] {
  const lanes = new Map<string, R[]>();
  for (const r of rows) {
    const k = laneOf(r) ?? "";
    (lanes.get(k) ?? lanes.set(k, []).get(k)!).push(r);
  }
  const keys = [...lanes.keys()].sort((a, b) => (a === "" ? 1 : b === "" ? -1 : a.localeCompare(b)));
  return keys.flatMap((k) => {
    const rs = lanes
      .get(k)!
      .slice()
      .sort((a, b) => (startOf(a) < startOf(b) ? -1 : startOf(a) > startOf(b) ? 1 : 0));
    return [
      { kind: "lane" as const, key: k, count: rs.length },
      ...rs.map((row) => ({ kind: "record" as const, row, lane: k })),
    ];
  });
}

/** The indexes of lines in a vertical viewport (with `overscan` lines either side). */
export function visibleLines(total: number, lineHeight: number, scrollTop: number, height: number, overscan = 5) {
  const first = Math.max(0, Math.floor(scrollTop / lineHeight) - overscan);
  const last = Math.min(total - 1, Math.ceil((scrollTop + height) / lineHeight) + overscan);
  return { first, last };
}
