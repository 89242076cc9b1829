import { useTranslation } from "react-i18next";
import type { CellProps } from "../types";
import { computedNumberText } from "./format";
import { ValueText } from "../common/value-text";

/** A rollup's number, right-aligned; min/max of a text field is text. */
export function RollupCell({ value }: CellProps) {
  const { i18n } = useTranslation();
  const text = computedNumberText(value, i18n.language);
  if (text === "") return null;
  const numeric = typeof value === "number";
  return (
    <span className={`block min-w-0 truncate text-sm tabular-nums text-gray-700 ${numeric ? "ms-auto text-end" : ""}`}>
      <ValueText text={text} />
    </span>
  );
}
