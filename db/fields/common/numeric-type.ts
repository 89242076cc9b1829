/** Builds the numeric field types: stored as a number, API value a JSON number. */
import type { z } from "zod";
import type { Dialect, FieldContext, FieldType, FilterOp, IndexUse, Result, Stored, UIType } from "../types";
import { numberFromApi, parseNumberText } from "./number-text";
import { NUMERIC_OPS } from "./ops";
import { NONE, fail, isNone, ok, show } from "./result";
import { FORM_INPUTS } from "../form-inputs";

export interface NumericSpec<O> {
  uidt: UIType;
  options: z.ZodType<O>;
  storage: (dialect: Dialect, options: O) => string;
  /** Whole numbers only (stored as integers). */
  whole?: boolean;
  /** Accept a trailing "%" in text. */
  percent?: boolean;
  /** The error sentence for a number out of range, or null. */
  check?: (n: number, ctx: FieldContext<O>) => string | null;
  /** Text for copy/export; must parse back to the same number. Default String(n). */
  format?: (n: number, ctx: FieldContext<O>) => string;
  filterOps?: readonly FilterOp[];
  /** Set by the server, never typed (keys): only the system makes such a column. */
  readOnly?: boolean;
  /** Default "eq". */
  index?: IndexUse;
  /** The column's own locale and currency code, whose way of writing amounts text may use too. */
  textLocale?: (options: O) => { locale?: string; currency?: string };
  /** An import reads the cell's display text ("45%") rather than its raw number. */
  importsDisplayText?: boolean;
}

export function numericType<O>(spec: NumericSpec<O>): FieldType<O> {
  const accept = (raw: unknown, n: number | null, ctx: FieldContext<O>): Result<Stored> => {
    if (n === null) return fail(`${ctx.title}: ${show(raw)} is not a number`);
    if (spec.whole && !Number.isInteger(n)) return fail(`${ctx.title}: ${show(raw)} is not a whole number`);
    if (spec.whole && !Number.isSafeInteger(n)) return fail(`${ctx.title}: ${show(raw)} is too large`);
    const problem = spec.check?.(n, ctx);
    return problem ? fail(problem) : ok(n);
  };
  return {
    uidt: spec.uidt,
    virtual: false,
    kind: "number",
    readOnly: spec.readOnly ?? false,
    formInput: FORM_INPUTS[spec.uidt],
    systemOnly: spec.readOnly ?? false,
    search: "eq",
    index: spec.index ?? "eq",
    importsDisplayText: spec.importsDisplayText ?? false,
    options: spec.options,
    storage: spec.storage,
    filterOps: spec.filterOps ?? NUMERIC_OPS,
    fromApi: (value, ctx) => (isNone(value) ? NONE : accept(value, numberFromApi(value, spec.percent), ctx)),
    toApi(stored) {
      if (stored === null || stored === "") return null;
      const n = Number(stored);
      return Number.isFinite(n) ? n : stored;
    },
    parseText(text, ctx) {
      if (text.trim() === "") return NONE;
      const own = spec.textLocale?.(ctx.options);
      const n = parseNumberText(text, {
        locales: [ctx.locale, own?.locale],
        currency: own?.currency,
        percent: spec.percent,
      });
      return accept(text.trim(), n, ctx);
    },
    formatText(stored, ctx) {
      if (stored === null) return "";
      const n = Number(stored);
      if (!Number.isFinite(n)) return String(stored);
      return spec.format ? spec.format(n, ctx) : String(n);
    },
  };
}
