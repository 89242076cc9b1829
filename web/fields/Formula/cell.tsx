import { CheckboxCell } from "../Checkbox/cell";
import { textClass } from "../common/text-cell";
import { RollupCell } from "../Rollup/cell";
import type { CellProps } from "../types";
import { ValueText } from "../common/value-text";

/** A formula's result by its type: numbers right-aligned, true/false as a tick, else text. */
export function FormulaCell(props: CellProps) {
  const { value, wrap } = props;
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") return <RollupCell {...props} />;
  if (typeof value === "boolean") return <CheckboxCell {...props} />;
  return (
    <span className={`${textClass(wrap)} text-gray-700`}>
      <ValueText text={typeof value === "object" ? JSON.stringify(value) : String(value)} />
    </span>
  );
}
