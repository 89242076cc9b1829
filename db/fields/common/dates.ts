/**
 * Date and time text (SPEC 5 strict formats). Rules:
 * - A date is three numbers joined by the same separator: "-", "/" or spaces.
 * - A 4-digit first number means YYYY-MM-DD (this also covers the YYYY/MM/DD fallback).
 * - Otherwise the 4-digit year is last and the first two are day and month: a number above 12 is
 *   the day; when both are 12 or less the column's date_format decides: day first only when the
 *   format starts with DD, month first (MM-DD-YYYY) otherwise.
 * - Day and month have 1 or 2 digits, the year 4 (1000 to 9999); the date must exist.
 * - A time may follow after spaces or "T": HH:mm, HH:mm:ss or HH:mm:ss.SSS (more fraction digits
 *   are cut to milliseconds), then optionally AM/PM and an offset "Z", "+HH:mm", "+HHmm" or "+HH".
 * - A time alone may also part hours and minutes with a dot ("9.45"), as many people type it.
 */
export interface DateParts {
  year: number;
  month: number;
  day: number;
}
export interface TimeParts {
  hour: number;
  minute: number;
  second: number;
  ms: number;
}
export interface ParsedDateTime {
  date: DateParts;
  time: TimeParts | null;
  offsetMinutes: number | null;
}

/** A time whose hours and minutes are parted by `sep` (a regex class). */
const timePattern = (sep: string) =>
  String.raw`(\d{1,2})${sep}(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*([AaPp][Mm])?\s*(Z|[+-]\d{2}(?::?\d{2})?)?`;
const DATE_TIME = new RegExp(String.raw`^(\d{1,4})([-/]|\s+)(\d{1,2})\2(\d{1,4})(?:(?:\s+|T)${timePattern(":")})?$`);
const TIME_ONLY = new RegExp(`^${timePattern("[:.]")}$`);

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** The day when it exists (Gregorian), by arithmetic: a bulk insert checks one per row and date column. */
function calendarDate(year: number, month: number, day: number): DateParts | null {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const last = month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1]!;
  return day <= last ? { year, month, day } : null;
}

/** The digit value of text[i] (0 to 9), or -1. */
const digitAt = (text: string, i: number) => {
  const d = text.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : -1;
};

/** The two-digit number at text[i], or -1. */
const twoDigits = (text: string, i: number) => {
  const a = digitAt(text, i);
  const b = digitAt(text, i + 1);
  return a < 0 || b < 0 ? -1 : a * 10 + b;
};

/**
 * Whether the text is already a day as stored, `YYYY-MM-DD`, that exists: the form nearly every
 * API client sends, checked digit by digit without the general parse (a bulk insert meets one per
 * row and date column; the parse was a third of a row's checks, issue 14).
 */
export function isStoredDay(text: string): boolean {
  if (text.length !== 10 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return false;
  let year = 0;
  for (let i = 0; i < 4; i++) {
    const d = digitAt(text, i);
    if (d < 0) return false;
    year = year * 10 + d;
  }
  const [month, day] = [twoDigits(text, 5), twoDigits(text, 8)];
  if (month < 0 || day < 0) return false;
  return calendarDate(year, month, day) !== null;
}

/**
 * The API text `YYYY-MM-DD HH:mm:ss+00:00` of an instant in the exact form this app stores,
 * `YYYY-MM-DDTHH:mm:ss.SSSZ`, read by position; null for any other text (the general parse
 * handles those). Every written row's stamps are converted back on its answer; the general parse
 * was a tenth of a cold single-row update's Durable Object time (issue 14).
 */
export function storedInstantApiText(text: string): string | null {
  if (text.length !== 24 || text.charCodeAt(10) !== 84 || text.charCodeAt(23) !== 90 || !isStoredDay(text.slice(0, 10)))
    return null;
  if (text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58 || text.charCodeAt(19) !== 46) return null;
  const [h, m, s] = [twoDigits(text, 11), twoDigits(text, 14), twoDigits(text, 17)];
  if (h < 0 || h > 23 || m < 0 || m > 59 || s < 0 || s > 59) return null;
  for (let i = 20; i < 23; i++) if (digitAt(text, i) < 0) return null;
  return `${text.slice(0, 10)} ${text.slice(11, 19)}+00:00`;
}

/** Time and offset from the regex groups of TIME, or null when out of range. */
function timeFrom(g: (string | undefined)[]): { time: TimeParts; offsetMinutes: number | null } | null {
  const [h = "", mi = "", s, frac, ampm, offset] = g;
  let hour = +h;
  if (ampm) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (/p/i.test(ampm) ? 12 : 0);
  }
  const time = { hour, minute: +mi, second: s ? +s : 0, ms: frac ? +frac.slice(0, 3).padEnd(3, "0") : 0 };
  if (time.hour > 23 || time.minute > 59 || time.second > 59) return null;
  let offsetMinutes: number | null = null;
  if (offset === "Z") offsetMinutes = 0;
  else if (offset) {
    const digits = offset.slice(1).replace(":", "");
    offsetMinutes = (offset[0] === "-" ? -1 : 1) * (+digits.slice(0, 2) * 60 + +(digits.slice(2) || 0));
    if (Math.abs(offsetMinutes) > 14 * 60) return null;
  }
  return { time, offsetMinutes };
}

/** A date with an optional time, by the rules above; null when the text is not one. */
export function parseDateText(text: string, dateFormat = "YYYY-MM-DD"): ParsedDateTime | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [, a = "", , b = "", c = ""] = m;
  let date: DateParts | null;
  if (a.length === 4 && c.length <= 2) date = calendarDate(+a, +b, +c);
  else if (a.length <= 2 && c.length === 4) {
    const dayFirst = +a > 12 || (+b <= 12 && /^D/i.test(dateFormat));
    date = dayFirst ? calendarDate(+c, +b, +a) : calendarDate(+c, +a, +b);
  } else return null;
  if (!date) return null;
  if (m[5] === undefined) return { date, time: null, offsetMinutes: null };
  const t = timeFrom(m.slice(5));
  return t ? { date, ...t } : null;
}

/** A time of day, alone or after a date (the date is then ignored); the offset is ignored. */
export function parseTimeText(text: string): TimeParts | null {
  const m = TIME_ONLY.exec(text.trim());
  if (m) return timeFrom(m.slice(1))?.time ?? null;
  return parseDateText(text)?.time ?? null;
}

/** The instant as stored: ISO UTC `YYYY-MM-DDTHH:mm:ss.SSSZ`; no time is midnight, no offset is UTC. */
export function toIsoUtc(p: ParsedDateTime): string | null {
  const d = new Date(0);
  d.setUTCFullYear(p.date.year, p.date.month - 1, p.date.day);
  const t = p.time ?? { hour: 0, minute: 0, second: 0, ms: 0 };
  d.setUTCHours(t.hour, t.minute - (p.offsetMinutes ?? 0), t.second, t.ms);
  const iso = d.toISOString();
  return /^\d{4}-/.test(iso) && d.getUTCFullYear() >= 1000 ? iso : null;
}

export const isoDate = (d: DateParts) => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;

/** The date in the column's format when it is one of the strict ones (order and separator), else YYYY-MM-DD. */
export function formatDate(d: DateParts, dateFormat = "YYYY-MM-DD"): string {
  const m = /^(YYYY|MM|DD)([-/ ])(YYYY|MM|DD)\2(YYYY|MM|DD)$/.exec(dateFormat);
  const order = m ? `${m[1]}${m[3]}${m[4]}` : "";
  const parts: Record<string, string> = { YYYY: pad(d.year, 4), MM: pad(d.month), DD: pad(d.day) };
  if (!m || !["YYYYMMDD", "DDMMYYYY", "MMDDYYYY"].includes(order)) return isoDate(d);
  return [m[1], m[3], m[4]].map((k) => parts[k as string]).join(m[2]);
}

/** HH:mm:ss (.SSS when there are milliseconds); HH:mm when seconds are not wanted and both are zero. */
export function formatTime(t: TimeParts, withSeconds = true): string {
  const base = `${pad(t.hour)}:${pad(t.minute)}`;
  if (!withSeconds && t.second === 0 && t.ms === 0) return base;
  return `${base}:${pad(t.second)}${t.ms ? `.${pad(t.ms, 3)}` : ""}`;
}
