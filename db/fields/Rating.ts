import { z } from "zod";
import { numericType } from "./common/numeric-type";
import { byDialect } from "./common/storage";
import type { FieldType } from "./types";

/** Icon and colour are the GUI's (an icon name or `{full, empty}`); only `max` bounds the value. */
const options = z.looseObject({
  max: z.int().min(1).max(10).default(5),
  icon: z.union([z.string(), z.looseObject({})]).optional(),
  color: z.string().optional(),
});

export const RatingField: FieldType<z.infer<typeof options>> = {
  ...numericType({
    // Its equality filter also matches blanks, so a plain index would not answer it exactly.
    index: "sort",
    uidt: "Rating",
    options,
    storage: byDialect("INTEGER", "integer", "int"),
    whole: true,
    check(n, ctx) {
      if (n < 0) return `${ctx.title}: ${n} is below the minimum of 0`;
      if (n > ctx.options.max) return `${ctx.title}: ${n} is above the maximum of ${ctx.options.max}`;
      return null;
    },
  }),
  // No stars is a rating of 0.
  emptyIsZero: true,
};
