import type { Actor } from "../rows/audit";
import type { ProjectStore } from "../store/store";
import { findView } from "../views/lookup";
import { deleteView } from "../views/views";
import type { TrashHandler } from "./handler";
import { purgeSchema, restoreSchema, trashing } from "./schema-entry";

/**
 * Views in the trash (issue 35): the view with its columns, filters and sorts. Its public link
 * (D1 `shared_views`) is kept while it is in the trash: the link answers 404 meanwhile, as for
 * any view that is not there, and works again once the view is restored. Answers the ids that
 * deleteView answers, less the view's own, so the route keeps the share.
 */
export function trashView(store: ProjectStore, viewId: string, actor: Actor | null): string[] {
  const v = findView(store, viewId);
  const gone = trashing(store, "view", { main: v.id, title: v.title, tableId: v.modelId }, actor, () =>
    deleteView(store, viewId),
  );
  return gone.filter((id) => id !== v.id);
}

export const viewHandler: TrashHandler = {
  restore: (store, entry) => restoreSchema(store, entry, entry.tableId),
  purge: purgeSchema,
};
