import { numericType } from "./common/numeric-type";
import { NO_OPTIONS } from "./common/options";
import { byDialect } from "./common/storage";
import type { FieldType } from "./types";

/** Auto-increment primary key. */
export const IDField: FieldType = {
  ...numericType({
    uidt: "ID",
    options: NO_OPTIONS,
    storage: byDialect("INTEGER", "bigint", "bigint"),
    whole: true,
    readOnly: true,
    check: (n, ctx) => (n >= 1 ? null : `${ctx.title}: ${n} is not a positive whole number`),
  }),
  key: "primary",
};
