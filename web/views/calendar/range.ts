/**
 * Calendar arithmetic on plain days ("YYYY-MM-DD", no time zone). Rules:
 * - month: the weeks (Monday first) that hold any day of the month, 5 or 6 rows of 7;
 * - week: Monday to Sunday around the day; day: the day itself;
 * - the query asks only for records whose date falls in the visible range (with an end date:
 *   records that overlap it), through the `where` syntax of contract 1.7;
 * - moving a record keeps a DateTime's time and a range's length.
 */
export type Mode = "month" | "week" | "day";

const pad = (n: number) => String(n).padStart(2, "0");
export const dayText = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
export const parseDay = (text: string) => new Date(`${text.slice(0, 10)}T00:00:00Z`);
export const addDays = (text: string, n: number) => dayText(new Date(parseDay(text).getTime() + n * 86_400_000));
export const daysBetween = (a: string, b: string) => Math.round((parseDay(b).getTime() - parseDay(a).getTime()) / 86_400_000);
const mondayOf = (text: string) => addDays(text, -((parseDay(text).getUTCDay() + 6) % 7));

export function visibleDays(mode: Mode, cursor: string): string[] {
  if (mode === "day") return [cursor.slice(0, 10)];
  if (mode === "week") return Array.from({ length: 7 }, (_, i) => addDays(mondayOf(cursor), i));
  const first = `${cursor.slice(0, 7)}-01`;
  const start = mondayOf(first);
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

/** Titles go into the where text as they are; commas and parentheses in them would break it, so such fields are refused earlier. */
export function rangeWhere(from: string, to: string | null, first: string, last: string): string {
  const starts = `(${from},lte,exactDate,${last})`;
  if (!to) return `(${from},gte,exactDate,${first})~and${starts}`;
  return `${starts}~and((${to},gte,exactDate,${first})~or(${from},gte,exactDate,${first}))`;
}

/** The days a record covers within the visible ones. */
export function daysOf(start: unknown, end: unknown): { first: string; last: string } | null {
  if (typeof start !== "string" || start.length < 10) return null;
  const first = start.slice(0, 10);
  const last = typeof end === "string" && end.length >= 10 && end.slice(0, 10) >= first ? end.slice(0, 10) : first;
  return { first, last };
}

/** A date or date-time value moved to another day, keeping its time. */
export const movedTo = (value: unknown, day: string) => (typeof value === "string" && value.length > 10 ? day + value.slice(10) : day);
