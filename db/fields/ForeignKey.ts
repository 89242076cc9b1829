import { numericType } from "./common/numeric-type";
import { NO_OPTIONS } from "./common/options";
import { byDialect } from "./common/storage";

/** The hidden key column a link adds to the child table; it holds the parent's ID. */
export const ForeignKeyField = numericType({
  uidt: "ForeignKey",
  options: NO_OPTIONS,
  storage: byDialect("INTEGER", "bigint", "bigint"),
  whole: true,
  readOnly: true,
  check: (n, ctx) => (n >= 1 ? null : `${ctx.title}: ${n} is not a positive whole number`),
});
