import { z } from "zod";
import { COMPUTED_OPS } from "./common/ops";
import { COMPUTED, virtualType } from "./common/virtual";
import type { FormulaType } from "../formula/types";
import type { UIType } from "./types";

/** `formula_raw` refers to columns by {Title}; the stored `formula` uses {{cl_id}} (API-CONTRACT 4.3). */
const options = z.looseObject({
  formula_raw: z.string().min(1),
  formula: z.string().nullish(),
  error: z.string().nullish(),
});

/** A formula filters as its type checker's answer: date-times and text compare as text. */
const FILTERS_AS: Record<FormulaType, UIType> = {
  number: "Decimal",
  boolean: "Checkbox",
  date: "Date",
  datetime: "SingleLineText",
  string: "SingleLineText",
  null: "SingleLineText",
};

export const FormulaField = virtualType(
  "Formula",
  options,
  COMPUTED_OPS,
  COMPUTED,
  (shape) => FILTERS_AS[shape.formula as FormulaType] ?? "SingleLineText",
  { computed: { formula: true, numeric: "maybe" } },
);
