import { numericType } from "./common/numeric-type";
import { NO_OPTIONS } from "./common/options";
import { byDialect } from "./common/storage";

/** Whole numbers; fractions belong in Decimal. */
export const NumberField = {
  ...numericType({
    uidt: "Number",
    options: NO_OPTIONS,
    storage: byDialect("INTEGER", "bigint", "bigint"),
    whole: true,
  }),
  // A timeline bar may take its length in days from it.
  viewUses: ["duration"] as const,
};
