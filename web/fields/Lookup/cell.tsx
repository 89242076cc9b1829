import { lookupTexts, planChips } from "../../links/link-values";
import { chipRowClass, ValueChip } from "../LinkToAnotherRecord/chips";
import type { CellProps } from "../types";

/** Looked-up values as chips (one through a belongs-to link); read-only. */
export function LookupCell({ value, wrap }: CellProps) {
  const texts = lookupTexts(value);
  if (texts.length === 0) return null;
  const plan = planChips(texts, wrap ? 25 : 8);
  return (
    <span className={chipRowClass(wrap)} data-testid="lookup-cell" title={texts.join(", ")}>
      {plan.shown.map((text, i) => (
        <ValueChip key={i} label={text} />
      ))}
    </span>
  );
}
