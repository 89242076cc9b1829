/**
 * The type a computed column's value has, as the where compiler, sorting and the filter builder
 * treat it (issue 12): the one answer both sides use, so the operators the UI offers are exactly
 * the ones the server accepts. Rules, each kept by its type's module (`filtersAs`, db/fields):
 * - a link is its display values as text: one (belongs-to) or joined with ", " (has-many, many-to-many);
 * - a lookup through a belongs-to link has the looked-up column's type (itself resolved, so a lookup
 *   of a lookup follows the chain); through a list link its values are joined as text;
 * - a rollup's function decides: every function answers a number;
 * - a formula's type checker decides: number, true/false, date; date-times and text compare as text.
 */
import type { FormulaType } from "../formula/types";
import { fieldType } from "../fields/registry";
import type { ResultShape, UIType } from "../fields/types";

export type ComputedShape =
  | { uidt: "LinkToAnotherRecord"; many: boolean }
  | { uidt: "Lookup"; many: boolean; target: UIType; targetIsList: boolean }
  | { uidt: "Rollup"; fn: string }
  | { uidt: "Formula"; type: FormulaType };

/**
 * What decides the result: whether it holds a list (its filter value is the items joined with
 * ", "), a lookup's target, a formula's checked type.
 */
function resultShape(shape: ComputedShape): ResultShape {
  return {
    list: ("many" in shape && shape.many) || ("targetIsList" in shape && shape.targetIsList),
    target: "target" in shape ? shape.target : undefined,
    formula: "type" in shape ? shape.type : undefined,
  };
}

/** Whether a computed column holds a list (its filter value is the items joined with ", "). */
export function isListShape(shape: ComputedShape): boolean {
  return resultShape(shape).list;
}

/** Each computed type's module decides (its `filtersAs`, db/fields). */
export function computedResultType(shape: ComputedShape): UIType {
  return fieldType(shape.uidt).filtersAs!(resultShape(shape));
}
