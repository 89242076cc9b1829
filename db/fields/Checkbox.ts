import { z } from "zod";
import type { FieldType, Stored } from "./types";
import { CHECKBOX_OPS } from "./common/ops";
import { NONE, fail, isNone, ok, show } from "./common/result";
import { byDialect } from "./common/storage";
import { FORM_INPUTS } from "./form-inputs";

/**
 * Stored 0/1, API value true/false. Text rules (SPEC 5 boolean vocabularies), case-insensitive:
 * true = yes, y, true, t, 1, checked, on, enabled, x, done, ✓ ✔ ☑ ✅;
 * false = no, n, false, f, 0, unchecked, off, disabled, ☐ ✗ ✘ ❌; empty text = no value.
 */
const TRUE_WORDS = new Set([
  "yes",
  "y",
  "true",
  "t",
  "1",
  "checked",
  "on",
  "enabled",
  "x",
  "done",
  "✓",
  "✔",
  "☑",
  "✅",
]);
const FALSE_WORDS = new Set(["no", "n", "false", "f", "0", "unchecked", "off", "disabled", "☐", "✗", "✘", "❌"]);

/** The GUI keeps `{icon: {checked, unchecked}, color}` here; colour names like "grey" occur. */
const options = z.looseObject({
  icon: z.union([z.string(), z.looseObject({})]).optional(),
  color: z.string().optional(),
});

const isTrue = (stored: Stored) => stored === 1 || stored === "1" || stored === "true" || stored === "t";

export const CheckboxField: FieldType<z.output<typeof options>> = {
  uidt: "Checkbox",
  virtual: false,
  kind: "checkbox",
  readOnly: false,
  formInput: FORM_INPUTS.Checkbox,
  systemOnly: false,
  search: "eq",
  index: "sort",
  importsDisplayText: false,
  options,
  storage: byDialect("INTEGER", "boolean", "tinyint(1)"),
  filterOps: CHECKBOX_OPS,
  fromApi(value, ctx) {
    if (isNone(value)) return NONE;
    if (value === true || value === 1 || value === "true" || value === "1") return ok(1);
    if (value === false || value === 0 || value === "false" || value === "0") return ok(0);
    return fail(`${ctx.title}: ${show(value)} is not a checkbox value (use true or false)`);
  },
  toApi: (stored) => (stored === null ? null : isTrue(stored)),
  parseText(text, ctx) {
    const word = text.trim().toLowerCase();
    if (word === "") return NONE;
    if (TRUE_WORDS.has(word)) return ok(1);
    if (FALSE_WORDS.has(word)) return ok(0);
    return fail(`${ctx.title}: ${show(text)} is not a checkbox value (use yes or no, true or false)`);
  },
  formatText: (stored) => (stored === null ? "" : isTrue(stored) ? "true" : "false"),
  // A box never ticked shows unchecked: the export says so rather than leaving the cell empty.
  exportText: (stored) => (stored !== null && isTrue(stored) ? "true" : "false"),
};
