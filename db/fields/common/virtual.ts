/**
 * Builds the virtual types (links, lookups, rollups, formulas): no physical column, values are
 * computed by the query compiler. Writing a value is refused with a sentence naming the column;
 * the API layer skips virtual keys on plain inserts before asking (API-CONTRACT 1.11).
 */
import type { z } from "zod";
import type { FieldType, FilterOp, ResultShape, UIType } from "../types";
import { NONE, fail } from "./result";
import { FORM_INPUTS } from "../form-inputs";

export function virtualType<O>(
  uidt: UIType,
  options: z.ZodType<O>,
  filterOps: readonly FilterOp[],
  refusal: string,
  filtersAs: (shape: ResultShape) => UIType,
  /** The facts that set this type apart (a link; what a computed column reads). */
  more: Pick<FieldType<O>, "link" | "computed" | "aliases">,
): FieldType<O> {
  return {
    ...more,
    uidt,
    filtersAs,
    virtual: true,
    kind: "text",
    readOnly: true,
    formInput: FORM_INPUTS[uidt],
    systemOnly: false,
    // Computed in SQL per row: neither searched nor indexed.
    search: "none",
    index: "none",
    importsDisplayText: false,
    options,
    storage: () => null,
    filterOps,
    fromApi: (value, ctx) =>
      value === null || value === undefined || value === "" ? NONE : fail(`${ctx.title}: ${refusal}`),
    toApi: (stored) => stored,
    parseText: (text, ctx) => (text.trim() === "" ? NONE : fail(`${ctx.title}: ${refusal}`)),
    formatText: (stored) => (stored === null ? "" : String(stored)),
  };
}

export const COMPUTED = "this field is computed and read-only";

/** A column id named in settings read as they are stored (not yet checked by the schema). */
export const idOf = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
