import { z } from "zod";
import { COMPUTED_OPS } from "./common/ops";
import { metaId } from "./common/options";
import { COMPUTED, idOf, virtualType } from "./common/virtual";

/** A column of the linked table, seen through a link column of this table. */
const options = z.looseObject({ fk_relation_column_id: metaId, fk_lookup_column_id: metaId });

/** A lookup through a belongs-to link has the looked-up column's type; a list's values joined as text. */
export const LookupField = virtualType(
  "Lookup",
  options,
  COMPUTED_OPS,
  COMPUTED,
  (shape) => (shape.list ? "LongText" : (shape.target ?? "SingleLineText")),
  { computed: { through: (o) => ({ relation: idOf(o.fk_relation_column_id), target: idOf(o.fk_lookup_column_id) }) } },
);
