/**
 * Supported languages (SPEC 9) and how one is picked (SPEC 4):
 * - a stored language is used when supported, otherwise en (an unsupported stored value is not
 *   re-guessed from the browser);
 * - with nothing stored, the first of the browser's languages we support wins, else en;
 * - browser tags are matched exactly, then with "-" as "_" (pt-BR -> pt_BR), then by base language;
 *   Chinese maps to zh-Hant for Hant/TW/HK/MO and zh-Hans otherwise; Norwegian nb/nn map to no.
 * Direction is right-to-left for fa and ar (SPEC 4) and for he, which its readers expect.
 */

export const SUPPORTED_LOCALES = [
  "ar",
  "bn_IN",
  "da",
  "de",
  "en",
  "es",
  "fa",
  "fi",
  "fr",
  "he",
  "hi",
  "hr",
  "id",
  "it",
  "ja",
  "ko",
  "lv",
  "nl",
  "no",
  "pl",
  "pt",
  "pt_BR",
  "ru",
  "sl",
  "sv",
  "th",
  "tr",
  "uk",
  "vi",
  "zh-Hans",
  "zh-Hant",
] as const;

export type Locale = (typeof SUPPORTED_LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

const RTL_LOCALES: ReadonlySet<string> = new Set(["fa", "ar", "he"]);

export function isSupportedLocale(lang: unknown): lang is Locale {
  return typeof lang === "string" && (SUPPORTED_LOCALES as readonly string[]).includes(lang);
}

/** The supported locale for one browser language tag, or null. */
export function matchBrowserTag(tag: string): Locale | null {
  const clean = tag.trim();
  if (!clean) return null;
  if (isSupportedLocale(clean)) return clean;
  const underscored = clean.replace(/-/g, "_");
  const lower = underscored.toLowerCase();
  const exact = SUPPORTED_LOCALES.find(
    (l) => l.toLowerCase() === lower || l.toLowerCase().replace(/-/g, "_") === lower,
  );
  if (exact) return exact;
  const [base = "", ...rest] = lower.split("_");
  if (base === "zh") return rest.some((p) => ["hant", "tw", "hk", "mo"].includes(p)) ? "zh-Hant" : "zh-Hans";
  if (base === "nb" || base === "nn") return "no";
  return SUPPORTED_LOCALES.find((l) => l === base) ?? null;
}

/** SPEC 4: the language to use, from the stored setting or the browser languages. */
export function pickLocale(stored: string | null | undefined, browserLanguages: readonly string[]): Locale {
  if (stored) return isSupportedLocale(stored) ? stored : DEFAULT_LOCALE;
  for (const tag of browserLanguages) {
    const match = matchBrowserTag(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

export function directionOf(lang: string): "rtl" | "ltr" {
  return RTL_LOCALES.has(lang) ? "rtl" : "ltr";
}

/** The BCP 47 tag for the html lang attribute (pt_BR -> pt-BR). */
export function htmlLangOf(lang: string): string {
  return lang.replace(/_/g, "-");
}
