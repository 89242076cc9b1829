/**
 * "3 minutes ago", "yesterday" in the reader's language (Intl.RelativeTimeFormat): the largest
 * unit that fits, so a list of deletions reads at a glance; the exact time is the element's title.
 */
const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

export function relativeTime(iso: string, language: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now;
  const fmt = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
  for (const [unit, ms] of UNITS) if (Math.abs(diff) >= ms) return fmt.format(Math.round(diff / ms), unit);
  return fmt.format(0, "second");
}
