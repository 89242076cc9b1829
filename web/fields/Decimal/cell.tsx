import { useTranslation } from "react-i18next";
import { formatNumber } from "../common/locale-format";
import type { CellProps } from "../types";

/** The number with the column's decimal places (meta precision). */
export function DecimalCell({ value, codec }: CellProps) {
  const { i18n } = useTranslation();
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  const precision = typeof codec.ctx.options.precision === "number" ? codec.ctx.options.precision : 1;
  const text = Number.isFinite(n) ? formatNumber(i18n.language, n, precision) : String(value);
  return <span className="ms-auto block truncate text-end text-sm tabular-nums text-gray-800">{text}</span>;
}
