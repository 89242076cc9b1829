/**
 * Import type detection (SPEC 5). Rules, tried in this order for one column; only non-blank
 * values count (blank = null, or text that is empty after trimming):
 *
 *  1. No values → SingleLineText.
 *  2. JSON values all of one kind: objects and arrays → JSON; booleans → Checkbox; numbers →
 *     Decimal when any has a fraction, else Number; date objects → DateTime. JSON strings go to
 *     the text rules (5).
 *  3. Spreadsheet date cells: every display text a single token (no whitespace) → Date, else
 *     DateTime; date_format is the most common format among the display texts (see 5f),
 *     YYYY/MM/DD when none is certain.
 *  4. Spreadsheet number cells: every display text starting with "$" (after a sign or "(") →
 *     Currency (USD, en-US); else Decimal when any value has a fraction, else Number.
 *  5. Text (and mixed kinds, read as the text the user sees), in this order:
 *     a. a value with a line break, or longer than 255 characters → LongText;
 *     b. every value in ONE boolean vocabulary (case-insensitive, trimmed) → Checkbox. The
 *        vocabularies: checked/unchecked, yes/no, y/n, 1/0, true/false, on/off, enabled/disabled,
 *        x/blank, done/blank, and the tick symbols ✓ ✔ ☑ ✅ / ☐ ✗ ✘ ❌ (or blank);
 *     c. every value an e-mail address → Email;
 *     d. every value a URL (http(s)://, ftp(s)://, mailto: or www., accepted by the URL field) → URL;
 *     e. every value a plain number (values.ts isPlainNumber) → Decimal when any is written with a
 *        fraction part, else Number; Decimal precision = most fraction digits seen (1 to 8);
 *     f. every value a date in the strict formats → Date when none has a time, else DateTime;
 *        date_format = the most common format among the values whose order is certain, with
 *        YYYY/MM/DD as fallback;
 *     g. any value with a comma → MultiSelect over the comma-separated parts, else SingleSelect
 *        over the values — only when distinct ≤ 64 AND distinct ≤ half of the total (parts, or
 *        values); options in order of first appearance;
 *     h. otherwise SingleLineText (so above 64 distinct values a column stays single-line text).
 */
import type { UIType } from "../fields/types";
import { cellText, kindOf, type Cell, type CellKind, type SheetNumber } from "./cells";
import {
  commaParts,
  dateShape,
  distinctInOrder,
  fractionDigits,
  hasLineBreak,
  isPlainNumber,
  looksLikeEmail,
  looksLikeUrl,
  mostCommonDateFormat,
} from "./text-classifiers";
import { fieldType } from "../fields/registry";

export const LONG_TEXT_OVER = 255;
export const SELECT_MAX_DISTINCT = 64;
export const DECIMAL_MAX_PRECISION = 8;

/** Each vocabulary: its checked words, its unchecked words ("" = blank is allowed anyway). */
export const BOOLEAN_VOCABULARIES: ReadonlyArray<readonly [readonly string[], readonly string[]]> = [
  [["checked"], ["unchecked"]],
  [["yes"], ["no"]],
  [["y"], ["n"]],
  [["1"], ["0"]],
  [["true"], ["false"]],
  [["on"], ["off"]],
  [["enabled"], ["disabled"]],
  [["x"], []],
  [["done"], []],
  [
    ["✓", "✔", "☑", "✅"],
    ["☐", "✗", "✘", "❌"],
  ],
];

export interface ColumnSettings {
  meta?: Record<string, unknown>;
  colOptions?: { options: Array<{ title: string }> };
}

export interface Detected extends ColumnSettings {
  uidt: UIType;
}

export function inOneBooleanVocabulary(texts: readonly string[]): boolean {
  const words = new Set(texts.map((t) => t.trim().toLowerCase()));
  return BOOLEAN_VOCABULARIES.some(([on, off]) => [...words].every((w) => on.includes(w) || off.includes(w)));
}

const numberType = (hasFraction: boolean): UIType => (hasFraction ? "Decimal" : "Number");
const singleToken = (text: string) => !/\s/.test(text.trim());

/** The kinds of the non-blank cells, and those cells. */
function present(cells: readonly Cell[]): { kinds: Set<CellKind>; values: Cell[] } {
  const values = cells.filter((c) => kindOf(c) !== "blank");
  return { kinds: new Set(values.map(kindOf)), values };
}

/** Rule 5 on the texts of one column (all non-blank). */
export function detectText(texts: readonly string[]): UIType {
  if (texts.length === 0) return "SingleLineText";
  if (texts.some((t) => hasLineBreak(t) || t.length > LONG_TEXT_OVER)) return "LongText";
  if (inOneBooleanVocabulary(texts)) return "Checkbox";
  if (texts.every(looksLikeEmail)) return "Email";
  if (texts.every(looksLikeUrl)) return "URL";
  if (texts.every(isPlainNumber)) return numberType(texts.some((t) => fractionDigits(t) > 0));
  const shapes = texts.map(dateShape);
  if (shapes.every(Boolean)) return shapes.some((s) => s!.time) ? "DateTime" : "Date";
  if (texts.some((t) => t.includes(",")))
    return fitsSelect(texts.flatMap(commaParts)) ? "MultiSelect" : "SingleLineText";
  return fitsSelect(texts.map((t) => t.trim())) ? "SingleSelect" : "SingleLineText";
}

/** Rule 5g: at most 64 distinct values, and distinct values at most half of the total. */
export function fitsSelect(values: readonly string[]): boolean {
  const distinct = new Set(values).size;
  return distinct > 0 && distinct <= SELECT_MAX_DISTINCT && distinct * 2 <= values.length;
}

function detectUidt(cells: readonly Cell[]): UIType {
  const { kinds, values } = present(cells);
  if (values.length === 0) return "SingleLineText";
  if (kinds.size === 1) {
    const [kind] = kinds;
    if (kind === "json") return "JSON";
    if (kind === "boolean") return "Checkbox";
    if (kind === "date") return "DateTime";
    if (kind === "number") return numberType(values.some((v) => !Number.isInteger(v)));
    if (kind === "sheetDate") return values.every((v) => singleToken(cellText(v, true))) ? "Date" : "DateTime";
    if (kind === "sheetNumber") {
      const nums = values as SheetNumber[];
      if (nums.every((v) => /^[-(]?\s*\$/.test(v.w.trim()))) return "Currency";
      return numberType(nums.some((v) => !Number.isInteger(v.n)));
    }
  }
  return detectText(values.map((v) => cellText(v, true)));
}

/**
 * The settings a type needs from the column's values: select options, a date format, Decimal
 * precision, the currency. Also used when the user picks another type in the preview.
 */
export function columnSettings(uidt: UIType, cells: readonly Cell[]): ColumnSettings {
  const { values } = present(cells);
  const texts = values.map((v) => cellText(v, true));
  switch (uidt) {
    case "SingleSelect":
    case "MultiSelect": {
      const titles = fieldType(uidt).kind === "multi" ? texts.flatMap(commaParts) : texts.map((t) => t.trim());
      return { colOptions: { options: distinctInOrder(titles).map((title) => ({ title })) } };
    }
    case "Date":
    case "DateTime":
      return { meta: { date_format: mostCommonDateFormat(texts) } };
    case "Decimal": {
      const digits = values.map((v) =>
        typeof v === "number" ? fractionDigits(String(v)) : fractionDigits(cellText(v)),
      );
      return { meta: { precision: Math.min(DECIMAL_MAX_PRECISION, Math.max(1, ...digits)) } };
    }
    case "Currency":
      return { meta: { currency_locale: "en-US", currency_code: "USD" } };
    default:
      return {};
  }
}

/** The detected type of a column with the settings that type needs. */
export function detectColumn(cells: readonly Cell[]): Detected {
  const uidt = detectUidt(cells);
  return { uidt, ...columnSettings(uidt, cells) };
}
