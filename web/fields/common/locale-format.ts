/**
 * Numbers, amounts, dates and times in the reader's language (SPEC 9 locales) through Intl: the one
 * place cells turn values into locale text. Rules:
 * - `lang` is an app locale code (pt_BR, zh-Hans); Intl gets its BCP 47 tag.
 * - Dates and times are calendar values or UTC instants (db/fields/common/datetime.ts), so they
 *   are formatted in UTC: the same day and hour the editor and the export show, in local words.
 * - Formatters are cached per language and options (Intl objects are costly to build); an
 *   unknown tag falls back to English rather than failing a cell.
 * Copy and export keep the registry's plain text, so any locale reads it back; number editors
 * start with the reader's writing (locale-display.ts editingText), which the registry reads back.
 */
import type { DateParts, TimeParts } from "../../../db/fields/common/dates";
import { htmlLangOf } from "../../lib/locales";

const numbers = new Map<string, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

function cached<T>(map: Map<string, T>, key: string, make: () => T, fallback: () => T): T {
  let f = map.get(key);
  if (!f) {
    try {
      f = make();
    } catch {
      f = fallback();
    }
    map.set(key, f);
  }
  return f;
}

const tag = (lang: string) => htmlLangOf(lang);

export function formatNumber(lang: string, n: number, fractionDigits?: number, grouping = false): string {
  const opts: Intl.NumberFormatOptions =
    fractionDigits === undefined
      ? { maximumFractionDigits: 20, useGrouping: grouping }
      : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits, useGrouping: grouping };
  const key = `${lang}|${fractionDigits ?? ""}|${grouping}`;
  return cached(
    numbers,
    key,
    () => new Intl.NumberFormat(tag(lang), opts),
    () => new Intl.NumberFormat("en", opts),
  ).format(n);
}

/** A computed number (rollup, formula): at most 4 decimals (an average may have many), no grouping. */
export function formatComputed(lang: string, n: number): string {
  const opts: Intl.NumberFormatOptions = { maximumFractionDigits: 4, useGrouping: false };
  return cached(
    numbers,
    `k|${lang}`,
    () => new Intl.NumberFormat(tag(lang), opts),
    () => new Intl.NumberFormat("en", opts),
  ).format(n);
}

/** An amount; `locale` is a BCP 47 tag or an app code (the column's own locale, or the reader's). */
export function formatAmount(locale: string, n: number, code: string): string {
  const key = `${locale}|${code}`;
  return cached(
    numbers,
    `c|${key}`,
    () => new Intl.NumberFormat(tag(locale), { style: "currency", currency: code }),
    () => new Intl.NumberFormat("en", { style: "currency", currency: "USD" }),
  ).format(n);
}

/** A percent value as stored (50 means 50 %); 8 decimals at most keep n / 100 free of float noise. */
export function formatPercent(lang: string, n: number): string {
  return cached(
    numbers,
    `p|${lang}`,
    () => new Intl.NumberFormat(tag(lang), { style: "percent", maximumFractionDigits: 8 }),
    () => new Intl.NumberFormat("en", { style: "percent", maximumFractionDigits: 8 }),
  ).format(n / 100);
}

function dateFormat(lang: string, kind: string, opts: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const all = { ...opts, timeZone: "UTC" };
  return cached(
    dates,
    `${lang}|${kind}`,
    () => new Intl.DateTimeFormat(tag(lang), all),
    () => new Intl.DateTimeFormat("en", all),
  );
}

const utc = (d: DateParts, t?: TimeParts) => {
  const at = new Date(0);
  at.setUTCFullYear(d.year, d.month - 1, d.day);
  at.setUTCHours(t?.hour ?? 0, t?.minute ?? 0, t?.second ?? 0, t?.ms ?? 0);
  return at;
};

export function formatCalendarDate(lang: string, d: DateParts): string {
  return dateFormat(lang, "d", { dateStyle: "medium" }).format(utc(d));
}

export function formatDateTime(lang: string, d: DateParts, t: TimeParts, withSeconds: boolean): string {
  return dateFormat(lang, withSeconds ? "dts" : "dt", {
    dateStyle: "medium",
    timeStyle: withSeconds ? "medium" : "short",
  }).format(utc(d, t));
}
