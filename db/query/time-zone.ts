/**
 * Local time in a named time zone (IANA, e.g. "Europe/Paris") for date buckets and periods
 * (compile-aggregate.ts). Rules:
 * - A zone is checked with Intl: an unknown name is the caller's 400, never a 500.
 * - The zone's UTC offsets are found once per zone and isolate (`offsets`): the offset in force
 *   before the first change of the window and at each change after it, from 2000 to 2040 (weekly
 *   probes, each change bisected to the second). Outside the window the nearest offset holds.
 * - Dialects that know zones themselves (PostgreSQL) take the zone's name as a bound value; the
 *   others shift an instant by the offset the `offsetCase` tree picks, whose leaves and thresholds
 *   are numbers and instants this module computed, never a caller's text.
 */
import { Frag, sql } from "./frag";
import { QueryError } from "./compiled";

const WINDOW_START = Date.UTC(2000, 0, 1);
const WINDOW_END = Date.UTC(2040, 0, 1);
const WEEK = 7 * 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's name as Intl knows it; a 400 for a name it does not. */
export function checkTimeZone(zone: string | undefined | null): string {
  const name = zone?.trim() || "UTC";
  try {
    formatter(name);
    return name;
  } catch {
    throw new QueryError(`time_zone: '${name}' is not a time zone (use a name such as Europe/Paris or UTC)`);
  }
}

export interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock time in `zone` at the instant `ms`. */
export function localParts(zone: string, ms: number): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(ms)))
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at the instant `ms`, in seconds (east positive). */
export function offsetAt(zone: string, ms: number): number {
  const p = localParts(zone, ms);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 1000);
}

/** The instant at which the wall clock in `zone` reads this local time (the earlier one in a fold). */
export function instantOf(zone: string, year: number, month: number, day: number): number {
  const guess = Date.UTC(year, month - 1, day);
  const first = guess - offsetAt(zone, guess) * 1000;
  return guess - offsetAt(zone, first) * 1000;
}

/** A change of offset: from `at` (ms, inclusive) the offset is `offset` seconds. */
export interface OffsetChange {
  at: number;
  offset: number;
}

const known = new Map<string, { first: number; changes: OffsetChange[] }>();

/** The offset before the window's first change and the changes within it. */
export function offsets(zone: string): { first: number; changes: OffsetChange[] } {
  const hit = known.get(zone);
  if (hit) return hit;
  const first = offsetAt(zone, WINDOW_START);
  const changes: OffsetChange[] = [];
  let prev = first;
  for (let t = WINDOW_START; t < WINDOW_END; t += WEEK) {
    const next = offsetAt(zone, t + WEEK);
    if (next === prev) continue;
    // Bisect the week to the second at which the offset changed.
    let lo = t;
    let hi = t + WEEK;
    while (hi - lo > 1000) {
      const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
      if (offsetAt(zone, mid) === prev) lo = mid;
      else hi = mid;
    }
    changes.push({ at: hi, offset: next });
    prev = next;
  }
  const found = { first, changes };
  known.set(zone, found);
  return found;
}

/** Whether the zone is UTC all along (no shift to apply). */
export function isUtc(zone: string): boolean {
  const { first, changes } = offsets(zone);
  return first === 0 && changes.length === 0;
}

/**
 * The offset in force at the instant `x` as SQL: a balanced tree of `CASE WHEN x < change THEN ...`
 * over the zone's changes, so a row compares about log2(changes) times. `instant` renders a
 * threshold as the dialect compares instants; `leaf` an offset in seconds.
 */
export function offsetCase(
  zone: string,
  x: Frag,
  instant: (ms: number) => Frag,
  leaf: (seconds: number) => Frag,
): Frag {
  const { first, changes } = offsets(zone);
  const tree = (lo: number, hi: number, before: number): Frag => {
    // changes[lo..hi) apply; `before` is the offset before changes[lo].
    if (lo >= hi) return leaf(before);
    const mid = (lo + hi) >> 1;
    const left = tree(lo, mid, before);
    const right = tree(mid + 1, hi, changes[mid]!.offset);
    return sql`CASE WHEN ${x} < ${instant(changes[mid]!.at)} THEN ${left} ELSE ${right} END`;
  };
  return tree(0, changes.length, first);
}

/** An ISO instant as this module writes it into SQL: checked to be digits and separators only. */
export function isoOf(ms: number): string {
  const iso = new Date(ms).toISOString();
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(iso)) throw new Error(`not an instant: ${iso}`);
  return iso;
}

export type Period = "day" | "week" | "month" | "quarter" | "year";

/** The local calendar day `n` periods from the one holding `day` (n = 0: its start). */
export function periodStart(period: Period, day: { year: number; month: number; day: number }, n = 0) {
  const d = new Date(Date.UTC(day.year, day.month - 1, day.day));
  switch (period) {
    case "day":
      d.setUTCDate(d.getUTCDate() + n);
      break;
    case "week":
      // Weeks start on Monday (ISO 8601), as the buckets' weeks do.
      d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7) + 7 * n);
      break;
    case "month":
      d.setUTCDate(1);
      d.setUTCMonth(d.getUTCMonth() + n);
      break;
    case "quarter":
      d.setUTCDate(1);
      d.setUTCMonth(Math.floor(d.getUTCMonth() / 3) * 3 + 3 * n);
      break;
    case "year":
      d.setUTCDate(1);
      d.setUTCMonth(0);
      d.setUTCFullYear(d.getUTCFullYear() + n);
      break;
  }
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

export const dayText = (p: { year: number; month: number; day: number }) =>
  `${String(p.year).padStart(4, "0")}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
