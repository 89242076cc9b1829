/**
 * Calendar arithmetic on plain days ("YYYY-MM-DD", no time zone). Rules:
 * - month: the weeks that hold any day of the month, 5 or 6 rows of 7; a week starts on the
 *   reader's first day of the week (firstDayOfWeek; Monday unless told);
 * - week: the seven days from that first day around the day; day: the day itself;
 * - the query asks only for records whose date falls in the visible range (with an end date:
 *   records that overlap it), through the `where` syntax of contract 1.7;
 * - moving a record keeps a DateTime's time and a range's length.
 */
export type Mode = "month" | "week" | "day";

import { addDays, dayText, daysBetween, parseDay } from "../shared/days";

export { addDays, dayText, daysBetween, parseDay, todayText } from "../shared/days";
/** 0 Sunday … 6 Saturday, as Date.getUTCDay counts. */
const MONDAY = 1;
const weekStartOf = (text: string, firstDay: number) =>
  addDays(text, -((parseDay(text).getUTCDay() - firstDay + 7) % 7));

type WeekInfo = { firstDay: number };
type WithWeekInfo = Intl.Locale & { getWeekInfo?(): WeekInfo; weekInfo?: WeekInfo };
const weekInfoOf = (tag: string): WeekInfo | undefined => {
  try {
    const locale = new Intl.Locale(tag.replace(/_/g, "-")).maximize() as WithWeekInfo;
    return locale.getWeekInfo?.() ?? locale.weekInfo;
  } catch {
    return undefined;
  }
};

/**
 * The reader's first day of the week (0 Sunday … 6 Saturday) from Intl's week data: the UI language
 * with the region of the first browser language that is the same language (English with en-GB:
 * Monday; with en-US or alone: Sunday). Monday where the browser has no week data.
 */
export function firstDayOfWeek(language: string, browserTags: readonly string[] = []): number {
  const base = (tag: string) => tag.split(/[-_]/)[0]!.toLowerCase();
  const own = browserTags.find((tag) => base(tag) === base(language) && /[-_]/.test(tag));
  const info = (own ? weekInfoOf(own) : undefined) ?? weekInfoOf(language);
  return info ? info.firstDay % 7 : MONDAY;
}

/** The short names of the seven weekdays in the language, from the first day of the week on. */
export function weekdayNames(language: string, firstDay: number): string[] {
  const format = new Intl.DateTimeFormat(language.replace(/_/g, "-"), { weekday: "short", timeZone: "UTC" });
  // 1 November 2026 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(parseDay(addDays("2026-11-01", (firstDay + i) % 7))));
}

export function visibleDays(mode: Mode, cursor: string, firstDay = MONDAY): string[] {
  if (mode === "day") return [cursor.slice(0, 10)];
  if (mode === "week") return Array.from({ length: 7 }, (_, i) => addDays(weekStartOf(cursor, firstDay), i));
  const first = `${cursor.slice(0, 7)}-01`;
  const start = weekStartOf(first, firstDay);
  const nextMonth = dayText(new Date(Date.UTC(parseDay(first).getUTCFullYear(), parseDay(first).getUTCMonth() + 1, 1)));
  const weeks = Math.ceil(daysBetween(start, nextMonth) / 7);
  return Array.from({ length: weeks * 7 }, (_, i) => addDays(start, i));
}

export function step(mode: Mode, cursor: string, delta: -1 | 1): string {
  if (mode === "day") return addDays(cursor, delta);
  if (mode === "week") return addDays(cursor, 7 * delta);
  const d = parseDay(cursor);
  return dayText(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + delta, 1)));
}

/**
 * The visible range as `filterArrJson` (contract 1.6): fields named by id, so the query needs
 * neither the table's columns nor safe titles and starts as soon as the view's settings are known.
 */
export function rangeFilter(fromId: string, toId: string | null, first: string, last: string): string {
  const cond = (id: string, op: "gte" | "lte", value: string, logical_op = "and") => ({
    fk_column_id: id,
    comparison_op: op,
    comparison_sub_op: "exactDate",
    value,
    logical_op,
  });
  const starts = cond(fromId, "lte", last);
  if (!toId) return JSON.stringify([cond(fromId, "gte", first), starts]);
  return JSON.stringify([
    starts,
    { is_group: true, logical_op: "and", children: [cond(toId, "gte", first), cond(fromId, "gte", first, "or")] },
  ]);
}

export const blankFilter = (fromId: string) => JSON.stringify([{ fk_column_id: fromId, comparison_op: "blank" }]);

/** The days a record covers within the visible ones. */
export function daysOf(start: unknown, end: unknown): { first: string; last: string } | null {
  if (typeof start !== "string" || start.length < 10) return null;
  const first = start.slice(0, 10);
  const last = typeof end === "string" && end.length >= 10 && end.slice(0, 10) >= first ? end.slice(0, 10) : first;
  return { first, last };
}

/** A date or date-time value moved to another day, keeping its time. */
export const movedTo = (value: unknown, day: string) =>
  typeof value === "string" && value.length > 10 ? day + value.slice(10) : day;

/** A record's piece within one row of days (a week, or the one day of the day view). */
export interface Segment {
  key: string;
  /** Index of its first day in the row, and how many days it covers there. */
  col: number;
  length: number;
  /** Its line in the row: records of a row never overlap on a line. */
  lane: number;
  /** Whether the record really starts / ends in this row (a resize handle goes there). */
  starts: boolean;
  ends: boolean;
}

/**
 * Lays records out as bars in one row of consecutive days: the earliest first (the longest first
 * on the same day), each on the first line free over all its days, so a bar that continues into
 * the next row starts there again at the row's first day.
 */
export function layoutRow(
  row: readonly string[],
  spans: ReadonlyArray<{ key: string; first: string; last: string }>,
): Segment[] {
  if (row.length === 0) return [];
  const rowFirst = row[0]!;
  const rowLast = row.at(-1)!;
  const inRow = spans
    .filter((s) => s.first <= rowLast && s.last >= rowFirst)
    .sort((a, b) =>
      a.first < b.first
        ? -1
        : a.first > b.first
          ? 1
          : daysBetween(b.first, b.last) - daysBetween(a.first, a.last) || (a.key < b.key ? -1 : 1),
    );
  const taken: boolean[][] = [];
  return inRow.map((s) => {
    const col = s.first < rowFirst ? 0 : daysBetween(rowFirst, s.first);
    const end = s.last > rowLast ? row.length - 1 : daysBetween(rowFirst, s.last);
    let lane = 0;
    while (taken[lane]?.slice(col, end + 1).some(Boolean)) lane++;
    taken[lane] ??= [];
    for (let i = col; i <= end; i++) taken[lane]![i] = true;
    return { key: s.key, col, length: end - col + 1, lane, starts: s.first >= rowFirst, ends: s.last <= rowLast };
  });
}

/** A span after one of its ends is dragged to `day` (an end never passes the other). */
export function resized(
  span: { first: string; last: string },
  edge: "start" | "end",
  day: string,
): { first: string; last: string } {
  return edge === "start"
    ? { first: day <= span.last ? day : span.last, last: span.last }
    : { first: span.first, last: day >= span.first ? day : span.first };
}
