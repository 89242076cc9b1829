/**
 * Date functions, all in UTC on the fixed text forms of datekit.ts. Rules:
 * - NOW() is the caller's clock, bound as a value (so a query and its tests are deterministic).
 * - DATEADD(date, count, unit) adds whole units (count truncated toward zero); a date stays a date
 *   for day/week/month/year and becomes a date-time for hour/minute/second.
 * - DATETIME_DIFF(a, b, unit) is a - b in whole units, truncated toward zero (default seconds).
 *   Seconds come from the moments (sqlite unixepoch, pg EXTRACT(EPOCH), mysql TIMESTAMPDIFF,
 *   SQL Server DATEDIFF_BIG(second, ..), which counts second boundaries: the same, as the values
 *   carry no fractions); minutes..weeks divide them (never DATEDIFF(day, ..), which counts
 *   midnights crossed); months, quarters and years count calendar months (datekit.ts).
 *   Milliseconds are seconds * 1000, since values carry no fractions.
 * - WEEKDAY counts from 0 on the start day (Monday unless given). DAY, MONTH, YEAR and HOUR read
 *   the parts (HOUR of a date is 0); DATESTR gives the `YYYY-MM-DD` text. SQL Server counts the
 *   days since Monday 1900-01-01 rather than DATEPART(weekday), which follows SET DATEFIRST.
 */
import { dialectOf } from "../query/dialects";
import { Frag, sql } from "../query/sql";
import { asDateTime, formatInstant, monthsBetween, part, secondsBetween } from "./datekit";
import { intArg, literalNumber, literalText, type Arg, type FnSpec, type Typed } from "./spec";
import { asReal, lit, substr, textValue, trunc, type Ctx } from "./sqlkit";
import type { FormulaType } from "./types";

const ADD_UNITS = ["day", "week", "month", "year", "hour", "minute", "second"] as const;
const DIFF_UNITS: Record<string, string> = {
  milliseconds: "ms",
  millisecond: "ms",
  ms: "ms",
  seconds: "s",
  second: "s",
  s: "s",
  minutes: "min",
  minute: "min",
  m: "min",
  hours: "h",
  hour: "h",
  h: "h",
  days: "d",
  day: "d",
  d: "d",
  weeks: "w",
  week: "w",
  w: "w",
  months: "M",
  month: "M",
  M: "M",
  quarters: "Q",
  quarter: "Q",
  Q: "Q",
  years: "y",
  year: "y",
  y: "y",
};
const SECONDS: Record<string, number> = { min: 60, h: 3600, d: 86400, w: 604800 };
const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

const unitOf = (node: Typed | undefined, fallback: string) =>
  (literalText(node) ?? fallback).toLowerCase().replace(/s$/, "");
const date = (name = "date") => ({ name, type: "date" }) as const;
const reader = (name: string, description: string, example: string, read: (c: Ctx, x: Arg) => Frag): FnSpec => ({
  name,
  category: "date",
  args: [date()],
  returns: "number",
  description,
  example,
  compile: (c, [x]) => read(c, x!),
});

function dateAdd(c: Ctx, [x, n, u]: Arg[], out: "date" | "datetime"): Frag {
  const amount = { literal: literalNumber(n!.node), sql: intArg(c, n!) };
  return dialectOf(c.d).addToDate(x!.sql, unitOf(u!.node, "day"), amount, out);
}

function dateDiff(c: Ctx, [a, b, u]: Arg[]): Frag {
  const unit =
    DIFF_UNITS[literalText(u?.node) ?? "seconds"] ?? DIFF_UNITS[(literalText(u?.node) ?? "").toLowerCase()] ?? "s";
  const [x, y] = [asDateTime(c.d, a!.sql, a!.type), asDateTime(c.d, b!.sql, b!.type)];
  if (unit === "M" || unit === "Q" || unit === "y") {
    const months = monthsBetween(c.d, x, y);
    return unit === "M" ? months : trunc(c.d, sql`${months} / ${lit(unit === "Q" ? "3" : "12")}`);
  }
  const secs = secondsBetween(c.d, x, y);
  if (unit === "s") return secs;
  if (unit === "ms") return sql`(${secs} * 1000)`;
  return trunc(c.d, sql`${asReal(c.d, secs)} / ${lit(String(SECONDS[unit]))}`);
}

function weekday(c: Ctx, [x, start]: Arg[]): Frag {
  const s = WEEKDAYS.indexOf((literalText(start?.node) ?? "monday").toLowerCase());
  return dialectOf(c.d).weekday(x!.sql, s);
}

export const DATE: FnSpec[] = [
  {
    name: "NOW",
    category: "date",
    args: [],
    returns: "datetime",
    description: "The current date and time (UTC).",
    example: "NOW() → 2024-03-15 12:00:00",
    compile: (c) => textValue(c.d, formatInstant(c.now)),
  },
  {
    name: "DATEADD",
    category: "date",
    args: [
      date(),
      { name: "count", type: "number" },
      { name: "unit", type: "string", choices: [...ADD_UNITS, ...ADD_UNITS.map((u) => `${u}s`)] },
    ],
    returns: "any",
    description: "The date moved by `count` units (negative counts go back).",
    example: "DATEADD({Due}, 1, 'month')",
    check: (args) => {
      const unit = unitOf(args[2], "day");
      const t: FormulaType =
        args[0]!.type === "datetime" || ["hour", "minute", "second"].includes(unit) ? "datetime" : "date";
      return { type: t };
    },
    compile: (c, args) => {
      const unit = unitOf(args[2]!.node, "day");
      return dateAdd(
        c,
        args,
        args[0]!.type === "datetime" || ["hour", "minute", "second"].includes(unit) ? "datetime" : "date",
      );
    },
  },
  {
    name: "DATETIME_DIFF",
    category: "date",
    args: [
      date("date1"),
      date("date2"),
      { name: "unit", type: "string", optional: true, choices: Object.keys(DIFF_UNITS) },
    ],
    returns: "number",
    description: "date1 minus date2 in whole units (seconds unless a unit is given).",
    example: "DATETIME_DIFF({End}, {Start}, 'days')",
    compile: dateDiff,
  },
  {
    name: "WEEKDAY",
    category: "date",
    args: [date(), { name: "startDay", type: "string", optional: true, choices: WEEKDAYS }],
    returns: "number",
    description: "The day of the week, 0 to 6, counted from Monday (or from `startDay`).",
    example: "WEEKDAY(NOW(), 'sunday')",
    compile: weekday,
  },
  {
    name: "DATESTR",
    category: "date",
    args: [date()],
    returns: "string",
    description: "The date as YYYY-MM-DD text.",
    example: "DATESTR(NOW()) → '2024-03-15'",
    compile: (c, [x]) => (x!.type === "date" ? x!.sql : substr(c.d, x!.sql, lit("1"), lit("10"))),
  },
  reader("DAY", "The day of the month, 1 to 31.", "DAY('2024-03-15') → 15", (c, x) => part(c.d, x.sql, 9, 2)),
  reader("MONTH", "The month, 1 to 12.", "MONTH('2024-03-15') → 3", (c, x) => part(c.d, x.sql, 6, 2)),
  reader("YEAR", "The year.", "YEAR('2024-03-15') → 2024", (c, x) => part(c.d, x.sql, 1, 4)),
  reader("HOUR", "The hour, 0 to 23 (0 for a date).", "HOUR(NOW()) → 12", (c, x) =>
    part(c.d, asDateTime(c.d, x.sql, x.type), 12, 2),
  ),
];
