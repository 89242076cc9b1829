import { numericType } from "./common/numeric-type";
import { NO_OPTIONS } from "./common/options";
import { byDialect } from "./common/storage";

export const YearField = numericType({
  uidt: "Year",
  options: NO_OPTIONS,
  storage: byDialect("INTEGER", "integer", "int"),
  whole: true,
  check: (n, ctx) => (n >= 1000 && n <= 9999 ? null : `${ctx.title}: ${n} is not a year from 1000 to 9999`),
});
