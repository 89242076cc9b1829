/**
 * i18next set-up (SPEC 4 "Language and direction", SPEC 9 locales). Message files are loaded on
 * demand, one per language, through Vite's dynamic imports; en is the default and the fallback.
 */
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, directionOf, htmlLangOf, isSupportedLocale, pickLocale, type Locale } from "./locales";
import { settings } from "./settings";

type Messages = Record<string, unknown>;

const loaders = import.meta.glob<{ default: Messages }>("../../locales/*.json");

function loaderFor(lang: string) {
  return loaders[`../../locales/${lang}.json`];
}

/** Loads one language's messages if not yet loaded; false when that language has no file. */
export async function loadLocale(lang: string): Promise<boolean> {
  if (i18next.hasResourceBundle(lang, "translation")) return true;
  const load = loaderFor(lang);
  if (!load) return false;
  const mod = await load();
  i18next.addResourceBundle(lang, "translation", mod.default, true, true);
  return true;
}

function applyToDocument(lang: string) {
  if (typeof document === "undefined") return;
  document.documentElement.lang = htmlLangOf(lang);
  document.documentElement.dir = directionOf(lang);
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export async function initI18n(): Promise<void> {
  const lang = pickLocale(settings.get().lang, browserLanguages());
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LOCALE,
    load: "currentOnly",
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await Promise.all([loadLocale(DEFAULT_LOCALE), loadLocale(lang)]);
  applyToDocument(lang);
}

/** Switches language (loading its messages first) and remembers the choice. */
export async function setLanguage(lang: Locale): Promise<void> {
  const next = isSupportedLocale(lang) ? lang : DEFAULT_LOCALE;
  await loadLocale(next);
  await i18next.changeLanguage(next);
  settings.update({ lang: next });
  applyToDocument(next);
}

export { i18next as i18n };
