/**
 * The query half of every computed type by name (db/fields/computed/types.ts): a mapped record,
 * so a computed type without its SQL fails to compile.
 */
import type { VirtualUIType } from "../types";
import { FormulaHooks } from "./Formula";
import { LinkToAnotherRecordHooks } from "./LinkToAnotherRecord";
import { LookupHooks } from "./Lookup";
import { RollupHooks } from "./Rollup";
import type { ComputedHooks } from "./types";

export const COMPUTED_HOOKS: { [K in VirtualUIType]: ComputedHooks } = {
  LinkToAnotherRecord: LinkToAnotherRecordHooks,
  Lookup: LookupHooks,
  Rollup: RollupHooks,
  Formula: FormulaHooks,
};

/** The hooks of a computed type; undefined for a stored type or a name that is not a type. */
export function computedHooks(uidt: string): ComputedHooks | undefined {
  return Object.hasOwn(COMPUTED_HOOKS, uidt) ? COMPUTED_HOOKS[uidt as VirtualUIType] : undefined;
}
