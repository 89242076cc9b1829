/**
 * Numbers written as text (typing, paste, CSV import). The plain rules, always accepted:
 * - Surrounding whitespace is ignored; spaces inside (also no-break and thin spaces) are taken as
 *   thousands separators and dropped. Bidirectional marks (Intl puts them around Arabic numbers)
 *   are dropped too.
 * - A minus sign ("-" or "−"), a plus sign, or accounting parentheses "(12.50)" give the sign.
 * - One currency symbol ($ € £ ¥ ₹ ₩ ₽ ¢ ₺ ₫ ₪ ฿, or the column's currency as its locale writes it)
 *   may stand before or after the number, also after the sign.
 * - "," separates thousands in groups of three and "." is the decimal point; "1,5" is refused as
 *   ambiguous rather than guessed.
 * - An exponent ("1e5") is accepted; "%" only where the caller allows it, and "45%" gives 45.
 * Locale rules (`locales`, tried in order before the plain ones): the inverse of what
 * Intl.NumberFormat shows in that locale, so whatever a cell displays can be typed back.
 * - The locale's decimal sign and grouping ("1.234,5" in German, "1 234,5" in French, "12,34,567"
 *   in Hindi), its digits (۱۲۳) and its percent sign.
 * - A number with no grouping and a "." (the plain text copy and export write) is read as a decimal
 *   in every locale: "1.234" is 1.234 even in German, where "1.234.567" is a million.
 */

const CURRENCY = /^[$€£¥₹₩₽¢₺₫₪฿]|[$€£¥₹₩₽¢₺₫₪฿]$/;
const PLAIN = /^(?:\d{1,3}(?:,\d{3})+|\d*)(?:\.\d*)?(?:e[+-]?\d+)?$/i;
const BARE = /^\d*(?:\.\d*)?(?:e[+-]?\d+)?$/i;
/** Indian grouping: "12,34,567" (the last group three digits, the others two). */
const INDIAN = /^\d{1,2}(?:,\d{2})*,\d{3}(?:\.\d*)?(?:e[+-]?\d+)?$/i;
const MARKS = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g;
const SPACES = /[\s\u00a0\u202f\u2009]/g;

export interface NumberTextOptions {
  /** Locales (BCP 47 or app codes such as pt_BR) whose way of writing numbers is also accepted. */
  locales?: readonly (string | undefined)[];
  /** A percent sign may stand before or after the number; "45 %" gives 45. */
  percent?: boolean;
  /** ISO code of a currency whose symbol or code ("€", "US$", "EUR") may stand around the number. */
  currency?: string;
}

interface LocaleSigns {
  group: string;
  decimal: string;
  /** The locale's ten digits, 0 to 9 ("0123456789" for most). */
  digits: string;
  indian: boolean;
  percent: string;
}

const signs = new Map<string, LocaleSigns | null>();

function signsOf(locale: string): LocaleSigns | null {
  const tag = locale.replace(/_/g, "-");
  if (!signs.has(tag)) {
    let found: LocaleSigns | null = null;
    try {
      const parts = new Intl.NumberFormat(tag).formatToParts(1234567.1);
      const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
      const digits = new Intl.NumberFormat(tag, { useGrouping: false }).format(1234567890);
      const percent = new Intl.NumberFormat(tag, { style: "percent" }).formatToParts(1);
      found = {
        group: part("group"),
        decimal: part("decimal"),
        digits: [...digits.slice(-1), ...digits.slice(0, -1)].join(""),
        indian: parts.filter((p) => p.type === "integer")[1]?.value.length === 2,
        percent: percent.find((p) => p.type === "percentSign")?.value ?? "%",
      };
    } catch {
      found = null;
    }
    signs.set(tag, found);
  }
  return signs.get(tag) ?? null;
}

const currencySymbols = new Map<string, string[]>();

/** How the locales write the currency `code` ("€", "US$", "CHF"), longest first, and the code itself. */
function symbolsOf(code: string, locales: readonly (string | undefined)[]): string[] {
  const tags = [...locales.filter((l): l is string => Boolean(l)), "en"].map((l) => l.replace(/_/g, "-"));
  const key = `${code}|${tags.join()}`;
  let found = currencySymbols.get(key);
  if (!found) {
    const all = new Set([code]);
    for (const tag of tags)
      for (const display of ["symbol", "narrowSymbol"] as const) {
        try {
          const parts = new Intl.NumberFormat(tag, {
            style: "currency",
            currency: code,
            currencyDisplay: display,
          }).formatToParts(1);
          const symbol = parts
            .find((p) => p.type === "currency")
            ?.value.replace(MARKS, "")
            .replace(SPACES, "");
          if (symbol) all.add(symbol);
        } catch {
          // An unknown code or locale: the generic symbols still apply.
        }
      }
    found = [...all].sort((a, b) => b.length - a.length);
    currencySymbols.set(key, found);
  }
  return found;
}

/** `s` without one of `symbols` at its start or end, or unchanged. */
function dropAround(s: string, symbols: readonly string[]): string {
  for (const sym of symbols) {
    if (!sym) continue;
    if (s.startsWith(sym)) return s.slice(sym.length);
    if (s.endsWith(sym)) return s.slice(0, -sym.length);
  }
  return s;
}

/** The digits and separators left after signs and symbols, read by the locale's rules (null: plain rules). */
function readBody(s: string, locale: LocaleSigns | null): number | null {
  if (!/\d/.test(s.split(/e/i)[0] ?? "")) return null;
  if (BARE.test(s)) return Number(s);
  if (locale?.decimal !== ",") {
    if (PLAIN.test(s) || (locale?.indian && INDIAN.test(s))) return Number(s.replace(/,/g, ""));
    return null;
  }
  // Decimal comma: "." groups thousands in threes.
  if (!/^(?:\d{1,3}(?:\.\d{3})+|\d*)(?:,\d*)?(?:e[+-]?\d+)?$/i.test(s)) return null;
  return Number(s.replace(/\./g, "").replace(",", "."));
}

function parseWith(text: string, locale: LocaleSigns | null, opts: NumberTextOptions): number | null {
  let s = text
    .replace(MARKS, "")
    .replace(SPACES, "")
    .replace(/\u2212/g, "-");
  if (locale) {
    if (locale.digits !== "0123456789")
      s = s.replace(/./gu, (ch) => {
        const i = locale.digits.indexOf(ch);
        return i >= 0 ? String(i) : ch;
      });
    // Separators other than "." and "," (’ in Swiss German, ٬ ٫ in Persian) cannot be confused with the plain ones.
    const group = locale.group.replace(SPACES, "");
    if (group && group !== "." && group !== ",") s = s.split(group).join("").replace(/[’']/g, "");
    // A decimal sign other than "." and "," (٫ in Persian) is read as ".".
    if (locale.decimal !== "." && locale.decimal !== ",") s = s.split(locale.decimal).join(".");
  }
  let negative = false;
  const paren = /^\((.*)\)$/.exec(s);
  if (paren) {
    negative = true;
    s = paren[1] ?? "";
  }
  if (opts.percent) s = dropAround(s, ["%", "٪", locale?.percent.replace(MARKS, "") ?? "%"]);
  let signed = false;
  const takeSign = () => {
    if (signed || !/^[+-]/.test(s)) return;
    if (s.startsWith("-")) negative = !negative;
    signed = true;
    s = s.slice(1);
  };
  takeSign();
  const before = s;
  if (opts.currency) s = dropAround(s, symbolsOf(opts.currency, opts.locales ?? []));
  if (s === before) s = s.replace(CURRENCY, "");
  takeSign();
  if (paren && signed) return null;
  const n = readBody(s, locale);
  if (n === null || !Number.isFinite(n)) return null;
  return normaliseZero(negative ? -n : n);
}

/**
 * The number `text` writes, or null. `options` true (the old form) allows a percent sign.
 * Each of `options.locales` is tried first, then the plain rules.
 */
export function parseNumberText(text: string, options: NumberTextOptions | boolean = {}): number | null {
  const opts = typeof options === "boolean" ? { percent: options } : options;
  for (const tag of opts.locales ?? []) {
    const locale = tag ? signsOf(tag) : null;
    const n = locale ? parseWith(text, locale, opts) : null;
    if (n !== null) return n;
  }
  return parseWith(text, null, opts);
}

/** -0 becomes 0, so stored values compare and print plainly. */
export function normaliseZero(n: number): number {
  return n === 0 ? 0 : n;
}

/** A number from an API value: JSON numbers as they are, strings by the plain text rules above. */
export function numberFromApi(value: unknown, allowPercent = false): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? normaliseZero(value) : null;
  if (typeof value === "string") return parseNumberText(value, allowPercent);
  return null;
}
