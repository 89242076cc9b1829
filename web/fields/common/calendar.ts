/**
 * Calendar arithmetic for the date editors (UTC days, no time zone): a month's grid of weeks,
 * moving by days and months, and the editor's text with a picked day. Rules:
 * - Weeks start on Monday; the grid always has 6 weeks (42 days), so its height never jumps.
 * - Moving by months keeps the day, clamped to the target month's last day (31 Jan + 1 month = 28/29 Feb).
 * - Picking a day keeps the time already typed (DateTime), or 00:00 when there is none.
 */
import { formatDate, formatTime, parseDateText, type DateParts } from "../../../db/fields/common/dates";

const utc = (d: DateParts) => Date.UTC(d.year, d.month - 1, d.day);
const fromUtc = (ms: number): DateParts => {
  const x = new Date(ms);
  return { year: x.getUTCFullYear(), month: x.getUTCMonth() + 1, day: x.getUTCDate() };
};

export const sameDay = (a: DateParts | null, b: DateParts | null) =>
  Boolean(a && b && a.year === b.year && a.month === b.month && a.day === b.day);

export const addDays = (d: DateParts, n: number) => fromUtc(utc(d) + n * 86_400_000);

export function addMonths(d: DateParts, n: number): DateParts {
  const index = d.year * 12 + (d.month - 1) + n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(d.day, last) };
}

/** The 42 days shown for the month of `d`, Monday first. */
export function monthGrid(d: DateParts): DateParts[] {
  const first = { year: d.year, month: d.month, day: 1 };
  const weekday = (new Date(utc(first)).getUTCDay() + 6) % 7;
  const start = addDays(first, -weekday);
  return Array.from({ length: 42 }, (_, i) => addDays(start, i));
}

/** The day a text names, read as the column's format reads it; null when it names none. */
export const dayOf = (text: string, dateFormat?: string) => parseDateText(text, dateFormat)?.date ?? null;

/** The editor's text after picking a day: the column's date format, then the typed time (DateTime). */
export function textWithDay(kind: "date" | "datetime", text: string, day: DateParts, dateFormat?: string): string {
  const date = formatDate(day, dateFormat);
  if (kind === "date") return date;
  const time = parseDateText(text, dateFormat)?.time;
  return `${date} ${time ? formatTime(time, false) : "00:00"}`;
}

export function todayUtc(now = new Date()): DateParts {
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
}
