import type { Locale } from "./locales";

/**
 * Each language's name in its own language and script, as a language picker shows them: a reader
 * finds their language whatever language the page is in. Names, not messages, so not locale keys.
 */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  ar: "العربية",
  bn_IN: "বাংলা (ভারত)",
  da: "Dansk",
  de: "Deutsch",
  en: "English",
  es: "Español",
  fa: "فارسی",
  fi: "Suomi",
  fr: "Français",
  he: "עברית",
  hi: "हिन्दी",
  hr: "Hrvatski",
  id: "Bahasa Indonesia",
  it: "Italiano",
  ja: "日本語",
  ko: "한국어",
  lv: "Latviešu",
  nl: "Nederlands",
  no: "Norsk",
  pl: "Polski",
  pt: "Português",
  pt_BR: "Português (Brasil)",
  ru: "Русский",
  sl: "Slovenščina",
  sv: "Svenska",
  th: "ไทย",
  tr: "Türkçe",
  uk: "Українська",
  vi: "Tiếng Việt",
  "zh-Hans": "简体中文",
  "zh-Hant": "繁體中文",
};
