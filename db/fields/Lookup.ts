import { z } from "zod";
import { COMPUTED_OPS } from "./common/ops";
import { metaId } from "./common/options";
import { COMPUTED, virtualType } from "./common/virtual";

/** A column of the linked table, seen through a link column of this table. */
const options = z.looseObject({ fk_relation_column_id: metaId, fk_lookup_column_id: metaId });

export const LookupField = virtualType("Lookup", options, COMPUTED_OPS, COMPUTED);
