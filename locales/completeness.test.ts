/**
 * Every language file is complete against en.json (SPEC 9; the same rules as the translators'
 * checker): each key present and non-empty; plural keys in exactly the language's own plural
 * categories (Intl.PluralRules, i18next suffixes); the same {{placeholders}} and $t() nestings
 * (a plural form may leave out {{count}}, as "one" often does); nothing left in English unless the
 * value is only brand names and codes, its key's text is code, or it is the same word in that
 * language (same-as-english.ts, reviewed); and a file for every supported language.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "../web/lib/locales";
import { CODE_KEYS, SAME_AS_ENGLISH } from "./same-as-english";

const DIR = new URL(".", import.meta.url);
const read = (code: string): unknown => JSON.parse(readFileSync(new URL(`${code}.json`, DIR), "utf8"));

type Flat = Record<string, unknown>;
function flatten(node: unknown, prefix = "", out: Flat = {}): Flat {
  if (node && typeof node === "object" && !Array.isArray(node)) {
    for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out[prefix] = node;
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const holders = (s: string) =>
  [...s.matchAll(/\{\{\s*([^}]+?)\s*\}\}|\$t\([^)]*\)/g)]
    .map((m) => m[0].replace(/\s/g, ""))
    .filter((h) => h !== "{{count}}")
    .sort();

/** Words that stay as they are in every language: the product's name, formats, protocols, codes. */
const ALLOWED_AS_IS = new Set(
  [
    "Gridbase",
    "URL",
    "URLs",
    "JSON",
    "CSV",
    "TSV",
    "API",
    "ID",
    "IDs",
    "OK",
    "SQL",
    "SQLite",
    "PostgreSQL",
    "MySQL",
    "MariaDB",
    "XLSX",
    "XLS",
    "XLSM",
    "ODS",
    "OTS",
    "Excel",
    "Google",
    "GitHub",
    "UTC",
    "HTTP",
    "HTTPS",
    "SSL",
    "TLS",
    "UUID",
    "ISO",
    "PDF",
    "NocoDB",
    "Airtable",
    "Markdown",
    "Emoji",
    "Kanban",
    "YYYY",
    "MM",
    "DD",
    "HH",
    "mm",
    "ss",
  ].map((w) => w.toLowerCase()),
);

/** True when a value may equal English: only placeholders, code in backticks, allowed words, digits and signs. */
export function onlyCodes(value: string): boolean {
  const rest = value
    .replace(/\{\{[^}]*\}\}|\$t\([^)]*\)|`[^`]*`/g, " ")
    .replace(/[\p{L}]+/gu, (w) => (ALLOWED_AS_IS.has(w.toLowerCase()) || /^[A-Z_]+$/.test(w) ? " " : w));
  return !/[a-z]{3,}/i.test(rest);
}

export interface LocaleProblems {
  problems: string[];
  english: string[];
}

/** What is wrong with one language's messages against en's. */
export function checkLocale(code: string, en: Flat, loc: Flat): LocaleProblems {
  const categories = new Intl.PluralRules(code.replace("_", "-")).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const [k, v] of Object.entries(en)) {
    if (PLURAL.test(k)) {
      const base = k.replace(PLURAL, "");
      const source = String(en[`${base}_other`] ?? v);
      for (const c of categories) expected.set(`${base}_${c}`, source);
    } else expected.set(k, String(v));
  }
  const problems: string[] = [];
  const english: string[] = [];
  for (const [k, source] of expected) {
    const v = loc[k];
    if (v === undefined) problems.push(`missing ${k}`);
    else if (typeof v !== "string" || !v.trim()) problems.push(`empty ${k}`);
    else {
      if (holders(source).join("|") !== holders(v).join("|"))
        problems.push(`placeholders differ in ${k}: ${JSON.stringify(v)}`);
      if (v === source && !onlyCodes(v) && !CODE_KEYS.has(k) && !SAME_AS_ENGLISH[code]?.includes(v)) english.push(k);
    }
  }
  for (const k of Object.keys(loc)) if (!expected.has(k)) problems.push(`extra key ${k}`);
  return { problems, english };
}

const en = flatten(read("en"));
const files = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -5));
const others = files.filter((c) => c !== "en");

describe("locale files", () => {
  it("exist for every supported language and for no other", () => {
    expect(
      SUPPORTED_LOCALES.filter((l) => !files.includes(l)),
      "languages without a file",
    ).toEqual([]);
    expect(
      files.filter((f) => !(SUPPORTED_LOCALES as readonly string[]).includes(f)),
      "files of unsupported languages",
    ).toEqual([]);
  });

  it.each(others)("%s has every key of en.json, translated, with the same placeholders", (code) => {
    const { problems, english } = checkLocale(code, en, flatten(read(code)));
    expect(problems, `${code}: problems`).toEqual([]);
    expect(english, `${code}: values left in English`).toEqual([]);
  });
});

describe("the completeness rules", () => {
  const base = {
    "a.hello": "Hello {{name}}",
    "a.rows_one": "{{count}} row",
    "a.rows_other": "{{count}} rows",
    "a.brand": "Gridbase",
    "a.csv": "CSV",
  };

  it("accept a full translation with the language's own plural forms", () => {
    const pl = {
      "a.hello": "Cześć {{name}}",
      "a.rows_one": "1 wiersz",
      "a.rows_few": "{{count}} wiersze",
      "a.rows_many": "{{count}} wierszy",
      "a.rows_other": "{{count}} wiersza",
      "a.brand": "Gridbase",
      "a.csv": "CSV",
    };
    expect(checkLocale("pl", base, pl)).toEqual({ problems: [], english: [] });
    const ja = {
      "a.hello": "こんにちは {{name}}",
      "a.rows_other": "{{count}} 行",
      "a.brand": "Gridbase",
      "a.csv": "CSV",
    };
    expect(checkLocale("ja", base, ja)).toEqual({ problems: [], english: [] });
  });

  it("catch a missing key, an empty value, a changed placeholder, a wrong plural set and English left over", () => {
    const de = {
      "a.hello": "Hello {{name}}",
      "a.rows_one": "",
      "a.rows_other": "{{count}} Zeilen",
      "a.rows_few": "x",
      "a.csv": "CSV {{n}}",
    };
    const { problems, english } = checkLocale("de", base, de);
    expect(problems).toEqual(expect.arrayContaining(["missing a.brand", "empty a.rows_one", "extra key a.rows_few"]));
    expect(problems.some((p) => p.startsWith("placeholders differ in a.csv"))).toBe(true);
    expect(english).toEqual(["a.hello"]);
  });
});
