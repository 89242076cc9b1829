import type { TFunction } from "i18next";
import type { FormulaFunctionInfo } from "../../../db/formula";

/** A formula function's one-line description in the reader's language (locale key per function name). */
export function functionDescription(t: TFunction, f: FormulaFunctionInfo): string {
  const key = `links.formula.fn.${f.name}` as "links.formula.fn.ABS";
  return t(key, { defaultValue: f.description });
}
