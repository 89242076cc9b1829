import { numericType } from "./common/numeric-type";
import { NO_OPTIONS } from "./common/options";
import { byDialect } from "./common/storage";

/** Stored as the percentage itself: 45 means 45 %, and text "45%" or "45" both give 45. */
export const PercentField = numericType({
  importsDisplayText: true,
  uidt: "Percent",
  options: NO_OPTIONS,
  storage: byDialect("REAL", "double precision", "double"),
  percent: true,
  format: (n) => `${n}%`,
});
