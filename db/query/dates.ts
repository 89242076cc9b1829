/**
 * Date sub-operators (API-CONTRACT 1.7 [B]), computed in JS from `now` so every dialect binds the
 * same days. Rules:
 * - Days are UTC calendar days `YYYY-MM-DD`; "today" is the UTC day of `now`.
 * - Months and years move the calendar and clamp to the month's last day (Mar 31 - 1 month = Feb 29).
 * - daysAgo, daysFromNow, pastNumberOfDays and nextNumberOfDays take a whole number of days.
 * - isWithin ranges include both ends: pastX is [today - X, today], nextX is [today, today + X].
 */
import { QueryError } from "./types";

export const IS_WITHIN_SUB_OPS = [
  "pastWeek",
  "pastMonth",
  "pastYear",
  "nextWeek",
  "nextMonth",
  "nextYear",
  "pastNumberOfDays",
  "nextNumberOfDays",
] as const;

export const DATE_SUB_OPS = [
  "today",
  "tomorrow",
  "yesterday",
  "oneWeekAgo",
  "oneWeekFromNow",
  "oneMonthAgo",
  "oneMonthFromNow",
  "daysAgo",
  "daysFromNow",
  "exactDate",
  ...IS_WITHIN_SUB_OPS,
] as const;

export type DateSubOp = (typeof DATE_SUB_OPS)[number];

export const isSubOp = (s: string): s is DateSubOp => (DATE_SUB_OPS as readonly string[]).includes(s);
export const isWithinSubOp = (s: string) => (IS_WITHIN_SUB_OPS as readonly string[]).includes(s);
export const needsNumber = (s: string) =>
  ["daysAgo", "daysFromNow", "pastNumberOfDays", "nextNumberOfDays"].includes(s);

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

function toDay(d: Date): string {
  const y = d.getUTCFullYear();
  if (y < 1000 || y > 9999) throw new QueryError("The date is out of range (years 1000 to 9999)");
  return `${pad(y, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

function fromDay(day: string): Date {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date;
}

export const todayOf = (now: Date): string => toDay(now);

export function addDays(day: string, n: number): string {
  const d = fromDay(day);
  d.setUTCDate(d.getUTCDate() + n);
  return toDay(d);
}

export function addMonths(day: string, n: number): string {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  const total = y * 12 + (m - 1) + n;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return toDay(new Date(Date.UTC(year, month, Math.min(d, last))));
}

/** The whole number of days a sub-op takes; a QueryError naming the column otherwise. */
export function dayCount(title: string, subOp: string, arg: string): number {
  const text = arg.trim();
  if (!/^\d{1,7}$/.test(text))
    throw new QueryError(`${title}: ${subOp} needs a whole number of days, not ${JSON.stringify(arg)}`);
  return Number(text);
}

/** The day a point sub-op names (all but exactDate and the isWithin ones). */
export function subOpDay(subOp: string, days: number, now: Date): string {
  const today = todayOf(now);
  switch (subOp) {
    case "today":
      return today;
    case "tomorrow":
      return addDays(today, 1);
    case "yesterday":
      return addDays(today, -1);
    case "oneWeekAgo":
      return addDays(today, -7);
    case "oneWeekFromNow":
      return addDays(today, 7);
    case "oneMonthAgo":
      return addMonths(today, -1);
    case "oneMonthFromNow":
      return addMonths(today, 1);
    case "daysAgo":
      return addDays(today, -days);
    case "daysFromNow":
      return addDays(today, days);
    default:
      throw new QueryError(`'${subOp}' is not supported.`);
  }
}

/** The inclusive day range of an isWithin sub-op. */
export function withinRange(subOp: string, days: number, now: Date): { from: string; to: string } {
  const today = todayOf(now);
  const past = (from: string) => ({ from, to: today });
  const next = (to: string) => ({ from: today, to });
  switch (subOp) {
    case "pastWeek":
      return past(addDays(today, -7));
    case "pastMonth":
      return past(addMonths(today, -1));
    case "pastYear":
      return past(addMonths(today, -12));
    case "nextWeek":
      return next(addDays(today, 7));
    case "nextMonth":
      return next(addMonths(today, 1));
    case "nextYear":
      return next(addMonths(today, 12));
    case "pastNumberOfDays":
      return past(addDays(today, -days));
    case "nextNumberOfDays":
      return next(addDays(today, days));
    default:
      throw new QueryError(`'${subOp}' is not supported for 'isWithin'`);
  }
}

/** The UTC instant at the start of a day, as stored for DateTime. */
export const dayStart = (day: string) => `${day}T00:00:00.000Z`;
