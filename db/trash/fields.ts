import type { Actor } from "../rows/audit";
import { deleteColumn, findColumn } from "../schema/columns";
import type { ProjectStore } from "../store/store";
import type { TrashHandler } from "./handler";
import { purgeSchema, restoreSchema, trashing } from "./schema-entry";

/**
 * Fields in the trash (issue 35): the delete keeps the column's data under a trash name, and its
 * meta with everything that went with it (view settings, a link's other side and FK column or
 * junction table). Answers what deleteColumn answers (the table), so the route is unchanged.
 */
export function trashColumn(store: ProjectStore, projectId: string, columnId: string, actor: Actor | null) {
  const c = findColumn(store, columnId);
  return trashing(store, "field", { main: c.id, title: c.title, tableId: c.modelId }, actor, (keeper) =>
    deleteColumn(store, projectId, columnId, keeper),
  );
}

export const fieldHandler: TrashHandler = {
  // A field comes back only into its table: 409 while that table is in the trash itself.
  restore: (store, entry) => restoreSchema(store, entry, entry.tableId),
  purge: purgeSchema,
};
