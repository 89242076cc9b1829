import type { ModelRow, ViewRow } from "../store/schema";
import { viewJson } from "../schema/shape";
import { calendarJson } from "./calendar/settings";
import { formJson } from "./form/settings";
import { galleryJson } from "./gallery/settings";
import { kanbanJson } from "./kanban/settings";
import { timelineJson } from "./timeline/settings";
import { VIEW_TYPE_NAME } from "./types";

/** The sub-view of any type (contract 1.10 "Sub-views"), as view lists carry it in `view`. */
function subViewJson(v: ViewRow, projectId: string) {
  const kind = VIEW_TYPE_NAME[v.type];
  if (kind === "form") return formJson(v, projectId);
  if (kind === "gallery") return galleryJson(v, projectId);
  if (kind === "kanban") return kanbanJson(v, projectId);
  if (kind === "calendar") return calendarJson(v, projectId);
  if (kind === "timeline") return timelineJson(v, projectId);
  return gridJson(v, projectId);
}

const baseId = (projectId: string) => `ds_${projectId.slice(2)}`;
const parse = (text: string | null) => (text ? (JSON.parse(text) as Record<string, unknown>) : {});

/** The grid sub-view, keyed by the view id. Its meta is a JSON string as upstream sends it. */
export function gridJson(v: ViewRow, projectId: string) {
  return {
    fk_view_id: v.id,
    base_id: baseId(projectId),
    project_id: projectId,
    uuid: null,
    row_height: v.rowHeight,
    meta: v.gridMeta,
    created_at: v.createdAt,
    updated_at: v.updatedAt,
  };
}

const NO_ROLE_DISABLED = { owner: false, creator: false, viewer: false, editor: false, commenter: false, guest: false };

/** A view with the extras view lists carry (table names, UI-ACL `disabled`, the grid sub-view). */
export function viewItemJson(v: ViewRow, projectId: string, model: ModelRow) {
  return {
    ...viewJson(v, projectId, model),
    ptype: model.type,
    table_meta: parse(model.meta),
    disabled: NO_ROLE_DISABLED,
    view: subViewJson(v, projectId),
  };
}
