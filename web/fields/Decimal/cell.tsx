import { formatDecimal } from "../common/number-format";
import type { CellProps } from "../types";

/** The number with the column's decimal places (meta precision). */
export function DecimalCell({ value, codec }: CellProps) {
  if (value === null || value === undefined || value === "") return null;
  const n = Number(value);
  const precision = typeof codec.ctx.options.precision === "number" ? codec.ctx.options.precision : 1;
  const text = Number.isFinite(n) ? formatDecimal(n, precision) : String(value);
  return <span className="ms-auto block truncate text-end text-sm tabular-nums text-gray-800">{text}</span>;
}
