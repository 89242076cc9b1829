/**
 * Durations as text; the value is seconds, kept to milliseconds. Formats by option index:
 * 0 h:mm, 1 h:mm:ss, 2 h:mm:ss.s, 3 h:mm:ss.ss, 4 h:mm:ss.sss. Text rules (as the NocoDB grid):
 * - An optional leading "-"; then one to three numbers split by ":".
 * - Three parts are h:mm:ss. Two parts are h:mm in format 0 and m:ss in the others.
 * - One number is minutes in format 0 and seconds in the others.
 * - Parts after the first have 1 or 2 digits and are below 60; only seconds take a fraction.
 * Formatting uses the column's format, adding seconds or fraction digits where needed to stay exact.
 */

export const DURATION_FORMATS = ["h:mm", "h:mm:ss", "h:mm:ss.s", "h:mm:ss.ss", "h:mm:ss.sss"] as const;

/** Seconds rounded to whole milliseconds, -0 as 0. */
export const toMs = (seconds: number) => Math.round(seconds * 1000);
export const fromMs = (ms: number) => (ms === 0 ? 0 : ms / 1000);

export function parseDuration(text: string, format: number): number | null {
  const m = /^(-)?\s*(\d+(?:\.\d+)?)(?::(\d{1,2}(?:\.\d+)?))?(?::(\d{1,2}(?:\.\d+)?))?$/.exec(text.trim());
  if (!m) return null;
  const [, minus, first = "", second, third] = m;
  const parts = [first, second, third].filter((p): p is string => p !== undefined);
  const hasFraction = (p: string) => p.includes(".");
  let ms: number;
  if (parts.length === 3) {
    const [h = "", mi = "", s = ""] = parts;
    if (hasFraction(h) || hasFraction(mi) || +mi >= 60 || +s >= 60) return null;
    ms = (+h * 3600 + +mi * 60) * 1000 + toMs(+s);
  } else if (parts.length === 2) {
    const [big = "", small = ""] = parts;
    if (hasFraction(big) || +small >= 60) return null;
    if (format === 0) {
      if (hasFraction(small)) return null;
      ms = (+big * 3600 + +small * 60) * 1000;
    } else ms = +big * 60000 + toMs(+small);
  } else ms = toMs(format === 0 ? +first * 60 : +first);
  if (!Number.isSafeInteger(ms)) return null;
  return fromMs(minus ? -ms : ms);
}

export function formatDuration(seconds: number, format: number): string {
  const total = toMs(seconds);
  const abs = Math.abs(total);
  const sign = total < 0 ? "-" : "";
  const h = Math.floor(abs / 3600000);
  const mm = String(Math.floor(abs / 60000) % 60).padStart(2, "0");
  const s = Math.floor(abs / 1000) % 60;
  const ms = abs % 1000;
  if (format === 0 && s === 0 && ms === 0) return `${sign}${h}:${mm}`;
  const needed = ms === 0 ? 0 : ms % 100 === 0 ? 1 : ms % 10 === 0 ? 2 : 3;
  const digits = Math.max(needed, format - 1, 0);
  const frac = digits ? `.${String(ms).padStart(3, "0").slice(0, digits)}` : "";
  return `${sign}${h}:${mm}:${String(s).padStart(2, "0")}${frac}`;
}
