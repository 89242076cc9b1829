import { z } from "zod";
import { numericType } from "./common/numeric-type";
import { byDialect } from "./common/storage";

/** `precision` is how many decimals the grid shows; the stored value keeps every digit. */
const options = z.looseObject({ precision: z.int().min(0).max(8).default(1) });

export const DecimalField = {
  ...numericType({
    uidt: "Decimal",
    options,
    storage: byDialect("REAL", "double precision", "double"),
  }),
  // A timeline bar may take its length in days from it.
  viewUses: ["duration"] as const,
};
