import { settingText as text } from "../common/setting-text";
import type { ComputedSettings } from "../types";

/** A formula is its text, with {Title} references; an edit sends the new text. */
export const formulaSettings: ComputedSettings = {
  problem: (options) => (text(options.formula_raw).trim() ? null : "links.formula.needFormula"),
  create: (options) => ({ formula_raw: text(options.formula_raw) }),
  edit: (options) => ({ formula_raw: text(options.formula_raw) }),
};
