import type { CellProps } from "../types";
import { computedNumberText } from "./format";

/** A rollup's number, right-aligned; min/max of a text field is text. */
export function RollupCell({ value }: CellProps) {
  const text = computedNumberText(value);
  if (text === "") return null;
  const numeric = typeof value === "number";
  return <span className={`block min-w-0 truncate text-sm tabular-nums text-gray-700 ${numeric ? "ms-auto text-end" : ""}`}>{text}</span>;
}
