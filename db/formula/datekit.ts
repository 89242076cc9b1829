/**
 * Dates inside formulas are text in one fixed form on every dialect: a date is `YYYY-MM-DD`, a
 * date-time is `YYYY-MM-DD HH:mm:ss` in UTC (fractions of a second are dropped). Rules:
 * - Text of that form sorts and compares like the moments it names, so comparisons are text
 *   comparisons, and parts (year, month, day, hour) are read by position.
 * - Arithmetic parses the text into the dialect's own type and formats the answer back:
 *   sqlite date()/datetime() with modifiers, pg CAST(.. AS timestamp) + interval and to_char,
 *   mysql CAST(.. AS DATETIME), DATE_ADD and DATE_FORMAT, SQL Server CAST(.. AS datetime2(0))
 *   (which reads ISO text whatever the session's DATEFORMAT), DATEADD and CONVERT styles 23
 *   (`yyyy-mm-dd`) and 120 (`yyyy-mm-dd hh:mi:ss`). None of these applies a time zone.
 * - Adding months or years keeps the day and clamps it to the month's last day (Jan 31 + 1 month
 *   = Feb 29): pg, mysql and SQL Server do so natively, sqlite with its `floor` modifier.
 * - A text literal used as a date must be ISO (`2024-03-15`, `2024-03-15 08:30[:00]`, `T` and a
 *   `Z`/offset allowed); it is checked here and bound in the fixed form.
 */
import { dialectOf } from "../query/dialects";
import { Frag, sql } from "../query/sql";
import { asReal, concat, lit, textToInt, substr, trunc } from "./sqlkit";
import type { Dialect, FormulaType } from "./types";

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

export function formatInstant(d: Date): string {
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/;

/** An ISO date or date-time text in the fixed form, or null when it is not one (or not a real day). */
export function parseDateLiteral(text: string): { type: "date" | "datetime"; value: string } | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const [, y, mo, da, h, mi, s, zone] = m;
  const date = new Date(
    Date.UTC(Number(y), Number(mo) - 1, Number(da), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0)),
  );
  date.setUTCFullYear(Number(y));
  const exact =
    date.getUTCMonth() === Number(mo) - 1 &&
    date.getUTCDate() === Number(da) &&
    Number(h ?? 0) < 24 &&
    Number(mi ?? 0) < 60 &&
    Number(s ?? 0) < 60;
  if (!exact) return null;
  if (h === undefined) return { type: "date", value: `${y}-${mo}-${da}` };
  if (zone && zone !== "Z") {
    const sign = zone[0] === "-" ? -1 : 1;
    const [zh, zm] = [Number(zone.slice(1, 3)), Number(zone.slice(-2))];
    date.setTime(date.getTime() - sign * (zh * 60 + zm) * 60_000);
  }
  return { type: "datetime", value: formatInstant(date) };
}

/** A date (`YYYY-MM-DD`) as the date-time of its midnight; date-times pass through. */
export const asDateTime = (d: Dialect, x: Frag, t: FormulaType): Frag =>
  t === "date" ? concat(d, [x, lit("' 00:00:00'")]) : x;

/** Fixed-form text to the dialect's timestamp value (sqlite works on the text itself). */
export const toStamp = (d: Dialect, x: Frag): Frag => dialectOf(d).toStamp(x);

export const formatStamp = (d: Dialect, x: Frag, type: "date" | "datetime"): Frag => dialectOf(d).formatStamp(x, type);

/** A part of fixed-form text read by position, as an integer. */
export const part = (d: Dialect, x: Frag, from: number, len: number): Frag =>
  textToInt(d, substr(d, x, lit(String(from)), lit(String(len))));

/** Whole seconds from b to a (both fixed-form date-times). */
export const secondsBetween = (d: Dialect, a: Frag, b: Frag): Frag => dialectOf(d).secondsBetween(a, b);

/**
 * Whole calendar months from b to a, truncated toward zero, counting a month only when the day
 * and time of day are reached (Jan 31 → Feb 29 is 0 months). Each side becomes one number,
 * (year*12 + month) * 1e8 + DDHHMMSS, so the answer is trunc((ka - kb) / 1e8).
 */
export function monthsBetween(d: Dialect, a: Frag, b: Frag): Frag {
  const key = (x: Frag) => {
    const tail = sql`replace(replace(${substr(d, x, lit("9"))}, ' ', ''), ':', '')`;
    return sql`((${part(d, x, 1, 4)} * 12 + ${part(d, x, 6, 2)}) * 100000000 + ${textToInt(d, tail)})`;
  };
  const diff = sql`(${key(a)} - ${key(b)})`;
  return trunc(d, sql`${asReal(d, diff)} / 100000000`);
}
