import { z } from "zod";
import { LINK_OPS } from "./common/ops";
import { metaId, optionalMetaId } from "./common/options";
import { virtualType } from "./common/virtual";

/** colOptions of a link (API-CONTRACT 1.10): hm has-many, bt belongs-to, mm many-to-many via a junction table. */
const options = z.looseObject({
  type: z.enum(["hm", "bt", "mm"]),
  fk_related_model_id: metaId,
  fk_child_column_id: optionalMetaId,
  fk_parent_column_id: optionalMetaId,
  fk_mm_model_id: optionalMetaId,
  fk_mm_child_column_id: optionalMetaId,
  fk_mm_parent_column_id: optionalMetaId,
  fk_index_name: z.string().nullish(),
  ur: z.string().nullish(),
  dr: z.string().nullish(),
  virtual: z.union([z.boolean(), z.number()]).nullish(),
});

export const LinkToAnotherRecordField = virtualType(
  "LinkToAnotherRecord",
  options,
  LINK_OPS,
  "links are read-only here; add and remove them through the link routes",
);
