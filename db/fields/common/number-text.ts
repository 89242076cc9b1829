/**
 * Numbers written as text (paste, CSV import). Rules:
 * - Surrounding whitespace is ignored; spaces inside (also no-break and thin spaces) are taken as
 *   thousands separators and dropped.
 * - A minus sign ("-" or "−"), a plus sign, or accounting parentheses "(12.50)" give the sign.
 * - One currency symbol ($ € £ ¥ ₹ ₩ ₽ ¢ ₺ ₫ ₪ ฿) may stand before or after the number, also after the sign.
 * - "," separates thousands in groups of three and "." is the decimal point; "1,5" is refused as
 *   ambiguous rather than guessed.
 * - An exponent ("1e5") is accepted; "%" only where the caller allows it, and "45%" gives 45.
 */

const CURRENCY = /^[$€£¥₹₩₽¢₺₫₪฿]|[$€£¥₹₩₽¢₺₫₪฿]$/;
const PLAIN = /^(?:\d{1,3}(?:,\d{3})+|\d*)(?:\.\d*)?(?:e[+-]?\d+)?$/i;

export function parseNumberText(text: string, allowPercent = false): number | null {
  let s = text
    .trim()
    .replace(/[\s\u00a0\u202f\u2009]/g, "")
    .replace(/\u2212/g, "-");
  let negative = false;
  const paren = /^\((.*)\)$/.exec(s);
  if (paren) {
    negative = true;
    s = paren[1] ?? "";
  }
  if (allowPercent && s.endsWith("%")) s = s.slice(0, -1);
  let signed = false;
  const takeSign = () => {
    if (signed || !/^[+-]/.test(s)) return;
    if (s.startsWith("-")) negative = !negative;
    signed = true;
    s = s.slice(1);
  };
  takeSign();
  s = s.replace(CURRENCY, "");
  takeSign();
  if (paren && signed) return null;
  if (!PLAIN.test(s) || !/\d/.test(s.split(/e/i)[0] ?? "")) return null;
  const n = Number(s.replace(/,/g, ""));
  if (!Number.isFinite(n)) return null;
  return normaliseZero(negative ? -n : n);
}

/** -0 becomes 0, so stored values compare and print plainly. */
export function normaliseZero(n: number): number {
  return n === 0 ? 0 : n;
}

/** A number from an API value: JSON numbers as they are, strings by the text rules above. */
export function numberFromApi(value: unknown, allowPercent = false): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? normaliseZero(value) : null;
  if (typeof value === "string") return parseNumberText(value, allowPercent);
  return null;
}
