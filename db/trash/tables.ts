import type { Actor } from "../rows/audit";
import { deleteTable, findModel } from "../schema/tables";
import type { ProjectStore } from "../store/store";
import type { TrashHandler } from "./handler";
import { purgeSchema, restoreSchema, trashing } from "./schema-entry";

/**
 * Tables in the trash (issue 35): the table renamed aside with its rows as they were; its meta
 * with its views, their settings, hooks, access rules, and the links on both sides with the
 * lookups and rollups elsewhere that read through them. History and comments stay keyed by the
 * table's id, untouched. Answers the ids deleteTable answers, less the table's and its views':
 * they come back, so their public links are kept (functions drops the shares of the ids answered).
 */
export function trashTable(store: ProjectStore, tableId: string, actor: Actor | null): string[] {
  const m = findModel(store, tableId);
  let kept = new Set<string>();
  const gone = trashing(store, "table", { main: m.id, title: m.title, tableId: m.id }, actor, (keeper) => {
    kept = new Set([m.id, ...viewIds(store, m.id)]);
    return deleteTable(store, tableId, keeper);
  });
  return gone.filter((id) => !kept.has(id));
}

const viewIds = (store: ProjectStore, modelId: string) =>
  store.exec("SELECT id FROM _nc_views WHERE fk_model_id = ?", modelId).map((r) => String(r.id));

export const tableHandler: TrashHandler = {
  restore: (store, entry) => restoreSchema(store, entry, null),
  purge: purgeSchema,
};
