import { z } from "zod";
import { COMPUTED_OPS } from "./common/ops";
import { metaId } from "./common/options";
import { COMPUTED, idOf, virtualType } from "./common/virtual";

export const ROLLUP_FUNCTIONS = [
  "count",
  "sum",
  "avg",
  "min",
  "max",
  "countDistinct",
  "sumDistinct",
  "avgDistinct",
] as const;

/** Functions that add up or average: their column must hold numbers. */
export const ROLLUP_NEEDS_NUMBERS: ReadonlySet<string> = new Set(["sum", "avg", "sumDistinct", "avgDistinct"]);

/** An aggregate of a linked table's column through a link column of this table. */
const options = z.looseObject({
  fk_relation_column_id: metaId,
  fk_rollup_column_id: metaId,
  rollup_function: z.enum(ROLLUP_FUNCTIONS),
});

// Every rollup function answers a number.
export const RollupField = virtualType("Rollup", options, COMPUTED_OPS, COMPUTED, () => "Decimal", {
  computed: {
    numeric: "always",
    through: (o) => ({ relation: idOf(o.fk_relation_column_id), target: idOf(o.fk_rollup_column_id) }),
  },
});
