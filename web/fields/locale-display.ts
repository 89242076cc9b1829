/**
 * Cell text in the reader's language, by field type (the types whose display depends on the
 * locale; others show the registry's text). A column whose own settings fix a format keeps it:
 * a date or time format, a currency locale (the field editor saves one with every such column, and
 * shows it) wins over the reader's language; a column made without one (through the API, an
 * import) shows in the reader's language. Time has one fixed format (HH:mm:ss) and keeps it.
 */
import { parseDateText } from "../../db/fields/common/dates";
import type { UIType } from "../../db/fields/types";
import type { ColumnCodec } from "./codec";
import { formatAmount, formatCalendarDate, formatDateTime, formatNumber, formatPercent } from "./common/locale-format";

type Display = (value: unknown, codec: ColumnCodec, lang: string) => string | null;

/** The column's own setting (meta or colOptions); undefined when it has none. */
export function fixedOption(codec: ColumnCodec, key: string): unknown {
  const own = { ...(codec.column.meta ?? {}), ...(codec.column.colOptions ?? {}) } as Record<string, unknown>;
  const v = own[key];
  return v === undefined || v === null || v === "" ? undefined : v;
}

const finite = (value: unknown): number | null => {
  const n = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};

const number: Display = (value, _codec, lang) => {
  const n = finite(value);
  return n === null ? null : formatNumber(lang, n);
};

/** The column's decimal places (meta precision, 1 by default). */
const decimal: Display = (value, codec, lang) => {
  const n = finite(value);
  const precision = typeof codec.ctx.options.precision === "number" ? codec.ctx.options.precision : 1;
  return n === null ? null : formatNumber(lang, n, precision);
};

/** The amount in the column's currency, in its own locale when it set one, else the reader's. */
const currency: Display = (value, codec, lang) => {
  const n = finite(value);
  const { currency_code: code } = codec.ctx.options as { currency_code?: string };
  const locale = fixedOption(codec, "currency_locale");
  return n === null ? null : formatAmount(typeof locale === "string" ? locale : lang, n, code ?? "USD");
};

const percent: Display = (value, _codec, lang) => {
  const n = finite(value);
  return n === null ? null : formatPercent(lang, n);
};

const date: Display = (value, codec, lang) => {
  if (fixedOption(codec, "date_format") !== undefined || typeof value !== "string") return null;
  const p = parseDateText(value);
  return p ? formatCalendarDate(lang, p.date) : null;
};

const dateTime: Display = (value, codec, lang) => {
  if (
    fixedOption(codec, "date_format") !== undefined ||
    fixedOption(codec, "time_format") !== undefined ||
    typeof value !== "string"
  )
    return null;
  const stored = codec.type.fromApi(value, codec.ctx);
  const p = stored.ok && typeof stored.value === "string" ? parseDateText(stored.value) : null;
  return p?.time ? formatDateTime(lang, p.date, p.time, p.time.second !== 0) : null;
};

const DISPLAYS: Partial<Record<UIType, Display>> = {
  Number: number,
  Decimal: decimal,
  Currency: currency,
  Percent: percent,
  Date: date,
  DateTime: dateTime,
  CreateTime: dateTime,
};

/** Numbers the cells show in a locale; their editors show and read the same writing. */
const LOCALE_NUMBERS: ReadonlySet<UIType> = new Set(["Number", "Decimal", "Currency", "Percent"]);

/**
 * An editor's starting text: a number in the reader's language with every digit and no grouping
 * or symbol ("1234,5" in German), which the registry reads back in that language (codec.fromText);
 * other types the registry's text.
 */
export function editingText(value: unknown, codec: ColumnCodec, lang: string): string {
  const n = LOCALE_NUMBERS.has(codec.column.uidt) ? finite(value) : null;
  return n === null ? codec.toText(value) : formatNumber(lang, n);
}

/** The cell's text: in the reader's language where the type has a locale display, else the registry's. */
export function cellText(value: unknown, codec: ColumnCodec, lang: string): string {
  if (value === null || value === undefined || value === "") return "";
  return DISPLAYS[codec.column.uidt]?.(value, codec, lang) ?? codec.toText(value);
}
