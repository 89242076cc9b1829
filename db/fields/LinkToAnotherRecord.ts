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
  // Its display values as text: one (belongs-to) or joined with ", " (has-many, many-to-many).
  (shape) => (shape.list ? "LongText" : "SingleLineText"),
  // A link reads its records through the link routes: no column of this table.
  // NocoDB v2's name for it (`uidt: "Links"` with `type: hm | mm | bt`).
  { link: true, computed: {}, aliases: ["Links"] },
);

export interface LinkOptions {
  type: "hm" | "bt" | "mm";
  fk_related_model_id: string;
  /** hm/bt: the ForeignKey column in the child table. mm: this table's key. */
  fk_child_column_id: string;
  /** hm/bt: the parent's key. mm: the other table's key. */
  fk_parent_column_id: string;
  fk_mm_model_id?: string;
  /** mm: junction column pointing at this table, and at the other. */
  fk_mm_child_column_id?: string;
  fk_mm_parent_column_id?: string;
  /** The link column on the other table that shows the same links from its side. */
  fk_reverse_column_id: string;
}

/** A link column's settings (stored by the schema engine, so already valid). */
export const linkOptions = (c: { colOptions: string | null }) => JSON.parse(c.colOptions ?? "{}") as LinkOptions;
