/** Builds the text-like field types: stored as text, optionally trimmed and checked. */
import type { z } from "zod";
import type { Dialect, FieldContext, FieldType, FilterOp, IndexUse, Result, Stored, UIType } from "../types";
import { TEXT_OPS } from "./ops";
import { NONE, fail, isNone, ok, show } from "./result";
import { FORM_INPUTS } from "../form-inputs";

export interface TextSpec<O> {
  uidt: UIType;
  options: z.ZodType<O>;
  storage: (dialect: Dialect, options: O) => string;
  /** Trim surrounding whitespace before checking and storing (formatted values, not prose). */
  trim?: boolean;
  /** Default "eq"; long values are never indexed. */
  index?: IndexUse;
  /** The error sentence for an invalid (trimmed) text, or null when it is fine. */
  check?: (text: string, ctx: FieldContext<O>) => string | null;
  filterOps?: readonly FilterOp[];
  inFormulas?: false;
}

export function textType<O>(spec: TextSpec<O>): FieldType<O> {
  const accept = (text: string, ctx: FieldContext<O>): Result<Stored> => {
    const value = spec.trim ? text.trim() : text;
    if (value === "") return NONE;
    const problem = spec.check?.(value, ctx);
    return problem ? fail(problem) : ok(value);
  };
  return {
    uidt: spec.uidt,
    virtual: false,
    kind: "text",
    readOnly: false,
    formInput: FORM_INPUTS[spec.uidt],
    ...(spec.inFormulas === false ? { inFormulas: false as const } : {}),
    options: spec.options,
    storage: spec.storage,
    filterOps: spec.filterOps ?? TEXT_OPS,
    systemOnly: false,
    search: "like",
    index: spec.index ?? "eq",
    importsDisplayText: true,
    fromApi(value, ctx) {
      if (isNone(value)) return NONE;
      if (typeof value === "string") return accept(value, ctx);
      if (typeof value === "number" || typeof value === "boolean") return accept(String(value), ctx);
      return fail(`${ctx.title}: ${show(value)} is not text`);
    },
    toApi: (stored) => (stored === null ? null : String(stored)),
    parseText: (text, ctx) => accept(text, ctx),
    formatText: (stored) => (stored === null ? "" : String(stored)),
  };
}
