import { z } from "zod";
import type { ViewRow } from "../../store/schema";
import type { ProjectStore } from "../../store/store";
import { checkCardMeta } from "../card-meta";
import { columnFor } from "../columns-for";
import { tableColumns } from "../lookup";
import { metaText, readSub, viewOfType, writeSub } from "../sub-meta";

/** The gallery sub-view (contract 1.10 "Gallery"): its cover field and display meta. */
export const updateGalleryInput = z.object({
  fk_cover_image_col_id: z.string({ error: "must be a column id" }).nullish(),
  meta: z.union([z.record(z.string(), z.unknown()), z.string()], { error: "must be a JSON object" }).nullish(),
});

export function galleryJson(v: ViewRow, projectId: string) {
  const s = readSub(v);
  return {
    fk_view_id: v.id,
    base_id: `ds_${projectId.slice(2)}`,
    project_id: projectId,
    next_enabled: null,
    prev_enabled: null,
    cover_image_idx: null,
    fk_cover_image_col_id: (s.fk_cover_image_col_id as string | null | undefined) ?? null,
    cover_image: null,
    restrict_types: null,
    restrict_size: null,
    restrict_number: null,
    public: null,
    dimensions: null,
    responsive_columns: null,
    meta: (s.meta as string | undefined) ?? "{}",
  };
}

export function readGallery(store: ProjectStore, projectId: string, viewId: string) {
  return galleryJson(viewOfType(store, viewId, "gallery"), projectId);
}

export function updateGallery(store: ProjectStore, viewId: string, input: z.infer<typeof updateGalleryInput>) {
  const v = viewOfType(store, viewId, "gallery");
  const sub = readSub(v);
  if (input.fk_cover_image_col_id !== undefined) {
    sub.fk_cover_image_col_id =
      input.fk_cover_image_col_id === null
        ? null
        : columnFor(tableColumns(store, v.modelId), input.fk_cover_image_col_id, "cover", "fk_cover_image_col_id").id;
  }
  if (input.meta !== undefined) sub.meta = checkCardMeta(metaText(input.meta), "gallery");
  writeSub(store, v.id, sub);
  return 1;
}
