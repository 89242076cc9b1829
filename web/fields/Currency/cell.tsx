import { formatCurrency } from "../common/number-format";
import type { CellProps } from "../types";

/** The amount in the column's currency and locale (meta currency_code, currency_locale). */
export function CurrencyCell({ value, codec }: CellProps) {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  const { currency_locale: locale, currency_code: code } = codec.ctx.options as { currency_locale?: string; currency_code?: string };
  const text = Number.isFinite(n) ? formatCurrency(n, locale ?? "en-US", code ?? "USD") : String(value);
  return <span className="ms-auto block truncate text-end text-sm tabular-nums text-gray-800">{text}</span>;
}
