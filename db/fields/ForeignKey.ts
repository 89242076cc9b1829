import { numericType } from "./common/numeric-type";
import { NO_OPTIONS } from "./common/options";
import { byDialect } from "./common/storage";
import type { FieldType } from "./types";

/** The hidden key column a link adds to the child table; it holds the parent's ID. */
export const ForeignKeyField: FieldType = {
  ...numericType({
    uidt: "ForeignKey",
    options: NO_OPTIONS,
    storage: byDialect("INTEGER", "bigint", "bigint"),
    whole: true,
    readOnly: true,
    check: (n, ctx) => (n >= 1 ? null : `${ctx.title}: ${n} is not a positive whole number`),
  }),
  key: "foreign",
  // The link shows it: the key column itself is never offered.
  hidden: true,
};
