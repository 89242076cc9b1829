/** Text classifiers the detection rules (detect.ts) are written with. */
import { isEmail } from "../fields/Email";
import { parseDateText } from "../fields/common/dates";
import { urlProblem } from "../fields/common/urls";

/** Digits with an optional sign, "," thousands groups, "." fraction and exponent. */
const PLAIN_NUMBER = /^[+-]?(?:\d+|\d{1,3}(?:,\d{3})+)?(?:\.\d+)?(?:e[+-]?\d+)?$/i;

/**
 * A plain number as written in a CSV cell: no currency symbol, no leading zero before further
 * digits (zip codes and phone numbers stay text), at most 15 significant digits (ids stay text).
 */
export function isPlainNumber(text: string): boolean {
  const s = text.trim();
  if (!PLAIN_NUMBER.test(s) || !/\d/.test(s)) return false;
  const mantissa = s.replace(/^[+-]/, "").split(/e/i)[0] ?? "";
  if (/^0\d/.test(mantissa.replace(/,/g, ""))) return false;
  const digits = mantissa.replace(/[^\d]/g, "").replace(/^0+/, "");
  return digits.length <= 15 && Number.isFinite(Number(s.replace(/,/g, "")));
}

/** Digits after the decimal point in the text ("12.50" → 2, "12" → 0). */
export function fractionDigits(text: string): number {
  const m = /\.(\d+)/.exec(text.trim().split(/e/i)[0] ?? "");
  return m?.[1]?.length ?? 0;
}

export const looksLikeEmail = (text: string) => isEmail(text.trim());

/** An http(s)/ftp(s) or mailto: link, or a bare host starting with "www.", that the URL field accepts. */
export function looksLikeUrl(text: string): boolean {
  const s = text.trim();
  if (!/^(?:(?:https?|ftps?):\/\/|mailto:|www\.)/i.test(s)) return false;
  return urlProblem(s) === null;
}

export const hasLineBreak = (text: string) => /[\r\n]/.test(text);

/** A date in the strict formats (SPEC 5), with `time` telling whether a time follows. */
export function dateShape(text: string): { time: boolean } | null {
  const parsed = parseDateText(text);
  return parsed ? { time: parsed.time !== null } : null;
}

const DATE_HEAD = /^(\d{1,4})([-/]|\s+)(\d{1,2})\2(\d{1,4})(?=$|[\sT])/;

/**
 * The strict format a date text is written in, when its order is certain: a 4-digit first number
 * is YYYY-MM-DD; with the year last, a first number above 12 is the day, a second above 12 the
 * day too (month first). Both 12 or less, or a 2-digit year: null.
 */
export function dateFormatOf(text: string): string | null {
  const m = DATE_HEAD.exec(text.trim());
  if (!m) return null;
  const [, a = "", rawSep = "", b = "", c = ""] = m;
  const sep = /\s/.test(rawSep) ? " " : rawSep;
  const join = (...parts: string[]) => parts.join(sep);
  if (a.length === 4 && c.length <= 2) return join("YYYY", "MM", "DD");
  if (a.length > 2 || c.length !== 4) return null;
  if (+a > 12 && +b <= 12) return join("DD", "MM", "YYYY");
  if (+b > 12 && +a <= 12) return join("MM", "DD", "YYYY");
  return null;
}

export const FALLBACK_DATE_FORMAT = "YYYY/MM/DD";

/** The most common certain format among the texts (first seen wins a tie); YYYY/MM/DD when none is. */
export function mostCommonDateFormat(texts: Iterable<string>): string {
  const counts = new Map<string, number>();
  for (const text of texts) {
    const f = dateFormatOf(text);
    if (f) counts.set(f, (counts.get(f) ?? 0) + 1);
  }
  let best = FALLBACK_DATE_FORMAT;
  let max = 0;
  for (const [f, n] of counts) {
    if (n > max) [best, max] = [f, n];
  }
  return best;
}

/** Comma-separated parts of a text, trimmed, blanks dropped. */
export const commaParts = (text: string) =>
  text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);

/** Distinct titles in order of first appearance. */
export function distinctInOrder(titles: Iterable<string>): string[] {
  return [...new Set(titles)];
}
