import { z } from "zod";
import { numericType } from "./common/numeric-type";
import { byDialect } from "./common/storage";

/**
 * An amount; locale and code drive display in the web, and typed or imported text may be written
 * the way they show it ("1.234,50 €" in de-DE). Text export stays a plain number so any locale's
 * import reads it back.
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
  textLocale: (o) => ({ locale: o.currency_locale, currency: o.currency_code }),
});
