import { z } from "zod";
import { COMPUTED_OPS } from "./common/ops";
import { COMPUTED, virtualType } from "./common/virtual";

/** `formula_raw` refers to columns by {Title}; the stored `formula` uses {{cl_id}} (API-CONTRACT 4.3). */
const options = z.looseObject({
  formula_raw: z.string().min(1),
  formula: z.string().nullish(),
  error: z.string().nullish(),
});

export const FormulaField = virtualType("Formula", options, COMPUTED_OPS, COMPUTED);
