import { z } from "zod";
import type { ViewRow } from "../../store/schema";
import type { ProjectStore } from "../../store/store";
import { checkCardMeta } from "../card-meta";
import { columnFor } from "../columns-for";
import { tableColumns } from "../lookup";
import { metaText, readSub, viewOfType, writeSub } from "../sub-meta";

/**
 * The kanban sub-view (contract 1.10 "Kanban"). `meta` is a JSON string; the GUI keeps stack
 * order and collapse in `meta[fk_grp_col_id] = [{id, title, color, order, collapsed}]` with an
 * `uncategorized` entry, and this app adds the order of cards moved by hand within a stack.
 */
export const updateKanbanInput = z.object({
  fk_grp_col_id: z.string({ error: "must be a column id" }).nullish(),
  fk_cover_image_col_id: z.string({ error: "must be a column id" }).nullish(),
  meta: z.union([z.record(z.string(), z.unknown()), z.string()], { error: "must be a JSON object" }).nullish(),
});

export function kanbanJson(v: ViewRow, projectId: string) {
  const s = readSub(v);
  return {
    fk_view_id: v.id,
    base_id: `ds_${projectId.slice(2)}`,
    project_id: projectId,
    fk_grp_col_id: (s.fk_grp_col_id as string | null | undefined) ?? null,
    fk_cover_image_col_id: (s.fk_cover_image_col_id as string | null | undefined) ?? null,
    meta: (s.meta as string | undefined) ?? "{}",
    show: true,
    order: v.order,
    uuid: null,
    title: v.title,
    public: false,
    password: null,
    show_all_fields: false,
  };
}

export function readKanban(store: ProjectStore, projectId: string, viewId: string) {
  return kanbanJson(viewOfType(store, viewId, "kanban"), projectId);
}

export function updateKanban(store: ProjectStore, viewId: string, input: z.infer<typeof updateKanbanInput>) {
  const v = viewOfType(store, viewId, "kanban");
  const cols = tableColumns(store, v.modelId);
  const sub = readSub(v);
  if (input.fk_grp_col_id !== undefined && input.fk_grp_col_id !== null)
    sub.fk_grp_col_id = columnFor(cols, input.fk_grp_col_id, "stack", "fk_grp_col_id").id;
  if (input.fk_cover_image_col_id !== undefined) {
    sub.fk_cover_image_col_id =
      input.fk_cover_image_col_id === null
        ? null
        : columnFor(cols, input.fk_cover_image_col_id, "cover", "fk_cover_image_col_id").id;
  }
  if (input.meta !== undefined) sub.meta = checkCardMeta(metaText(input.meta), "kanban");
  writeSub(store, v.id, sub);
  return 1;
}
