import englishTexts from "../../locales/en.json?shared";
import { directionOf, htmlLangOf, pickLocale } from "../lib/locales";
import { storedLanguage } from "./session";

/**
 * The visitor's texts: the keys of locales/*.json under `sharedView` and `msg`, read with the
 * app's `{{name}}` placeholders. English is in the bundle; another language is loaded on demand,
 * and only those two parts of its file (vite.config.ts `sharedLocales` trims `?shared` imports).
 */
type Roots = Record<string, unknown>;
// Through `?shared` too: the app's chunk of the whole en.json is never pulled into this page.
const english: Roots = englishTexts;
let roots: Roots = english;

// English is bundled above; the other languages are loaded on demand.
const loaders = import.meta.glob<Roots>(["../../locales/*.json", "!../../locales/en.json"], {
  query: "?shared",
  import: "default",
});

function lookup(from: Roots, key: string): string | undefined {
  const found = key
    .split(".")
    .reduce<unknown>(
      (node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
      from,
    );
  return typeof found === "string" ? found : undefined;
}

export function t(key: string, values: Record<string, string | number> = {}): string {
  const text = lookup(roots, key) ?? lookup(english, key) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

/**
 * Picks the visitor's language as the app does (the app's stored choice, else the browser's
 * languages, else English), loads its texts, and sets the page's lang and direction (right to
 * left for ar, fa, he). A language that fails to load leaves English.
 */
export async function loadLanguage(): Promise<string> {
  const lang = pickLocale(storedLanguage(), navigator.languages?.length ? navigator.languages : [navigator.language]);
  const load = loaders[`../../locales/${lang}.json`];
  if (lang !== "en" && load) {
    try {
      roots = await load();
    } catch {
      roots = english;
    }
  }
  document.documentElement.lang = htmlLangOf(roots === english ? "en" : lang);
  document.documentElement.dir = directionOf(roots === english ? "en" : lang);
  return lang;
}
