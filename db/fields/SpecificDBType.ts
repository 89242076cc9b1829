import { z } from "zod";
import { textType } from "./common/text";

/**
 * A column whose database type the user names (`varchar(20)`, `numeric(10,2)`); the value is kept
 * as text. The pattern keeps the name to words and one size, because it is written into DDL.
 */
export const DB_TYPE_PATTERN = /^[a-z][a-z0-9 _]*(\(\d+(,\d+)?\))?$/i;

const options = z.looseObject({
  dt: z.string().regex(DB_TYPE_PATTERN, "use a type name such as varchar(20)").default("text"),
});

export const SpecificDBTypeField = textType({
  uidt: "SpecificDBType",
  options,
  // Formulas have no functions for it: its text means something only to the database.
  inFormulas: false,
  storage: (_dialect, o) => o.dt,
});
