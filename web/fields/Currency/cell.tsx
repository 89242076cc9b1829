import { useTranslation } from "react-i18next";
import { formatAmount } from "../common/locale-format";
import { fixedOption } from "../locale-display";
import type { CellProps } from "../types";

/** The amount in the column's currency, in its own locale when it set one, else the reader's. */
export function CurrencyCell({ value, codec }: CellProps) {
  const { i18n } = useTranslation();
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  const { currency_code: code } = codec.ctx.options as { currency_code?: string };
  const locale = fixedOption(codec, "currency_locale");
  const text = Number.isFinite(n)
    ? formatAmount(typeof locale === "string" ? locale : i18n.language, n, code ?? "USD")
    : String(value);
  return <span className="ms-auto block truncate text-end text-sm tabular-nums text-gray-800">{text}</span>;
}
