/**
 * What a project's database holds against its limit (README "Room for the size"), as its builders
 * see it. Rules:
 * - sizes are decimal (1 GB = 1,000,000,000 bytes, as the limit is stated), in the reader's
 *   language through Intl's byte units, at most one decimal;
 * - a project is "nearly full" from NEARLY_FULL of its limit: the settings meter turns to a warning
 *   and the project shows a banner, before any write is refused;
 * - deleted records kept in the trash still take room (the advice says so); a record deleted for
 *   good gives its room back at once (the Durable Object's SQLite returns free pages).
 */
import { decimalSize } from "../../../../db/limits";
import { htmlLangOf } from "../../../lib/locales";

export interface ProjectUsage {
  database_bytes: number;
  database_limit_bytes: number;
}

export const NEARLY_FULL = 0.9;

const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

/** `bytes` in the reader's language: "12.3 MB", "10 GB", "4,1 Go". */
export function byteSize(bytes: number, lang: string): string {
  const { n, unit, digits } = decimalSize(bytes, UNITS.length);
  const opts: Intl.NumberFormatOptions = {
    style: "unit",
    unit: UNITS[unit],
    unitDisplay: "short",
    maximumFractionDigits: digits,
  };
  try {
    return new Intl.NumberFormat(htmlLangOf(lang), opts).format(n);
  } catch {
    return new Intl.NumberFormat("en", opts).format(n);
  }
}

/** The share of the limit in use, 0..1 (a limit of 0 counts as full). */
export function usedShare(u: ProjectUsage): number {
  if (u.database_limit_bytes <= 0) return 1;
  return Math.min(1, Math.max(0, u.database_bytes / u.database_limit_bytes));
}

export const nearlyFull = (u: ProjectUsage) => usedShare(u) >= NEARLY_FULL;
