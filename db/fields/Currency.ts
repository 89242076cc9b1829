import { z } from "zod";
import { numericType } from "./common/numeric-type";
import { byDialect } from "./common/storage";

/**
 * An amount; locale and code only drive display in the web. Text export stays a plain number so
 * any locale's import reads it back (parsing "1.234,50 €" would need guessing).
 */
const options = z.looseObject({
  currency_locale: z
    .string()
    .regex(/^[a-z]{2,3}(?:[-_][a-z0-9]{2,8})*$/i, "use a locale such as en-US")
    .default("en-US"),
  currency_code: z
    .string()
    .regex(/^[A-Z]{3}$/, "use three capital letters such as USD")
    .default("USD"),
});

export const CurrencyField = numericType({
  uidt: "Currency",
  options,
  storage: byDialect("REAL", "double precision", "double"),
});
