/**
 * The project's trash (issue 35): deleted records (and fields, tables, views) listed newest first,
 * restored whole, purged for good. The grid's Undo of a delete uses `restoreRecords`.
 */
import type { z } from "zod";
import type { restoreRecordsBody } from "@gridbase/worker/resources/projects/trash";
import type { Answer } from "./app-types";
import { wire } from "./wire";

export type TrashEntry = Answer<"/api/v1/db/meta/projects/:projectId/trash", "$get">["list"][number];
export type TrashType = TrashEntry["type"];
export type RestoreReport = Answer<"/api/v1/db/meta/projects/:projectId/trash/:trashId/restore", "$post">;
export type RecordsRestored = Answer<"/api/v1/db/meta/projects/:projectId/trash/restore", "$post">;

/** The list's query as the route reads it (`type`, `table_id`, `limit`, `offset`). */
export const listTrash = (
  projectId: string,
  query: { type?: TrashType; table_id?: string; limit?: number; offset?: number } = {},
) => wire.get("/api/v1/db/meta/projects/:projectId/trash", { projectId }, { query });

export const restoreEntry = (projectId: string, trashId: string) =>
  wire.post("/api/v1/db/meta/projects/:projectId/trash/:trashId/restore", { projectId, trashId }, {});

/** The same records (same Id, links, comments, history, files) back from the trash. */
export const restoreRecords = (projectId: string, tableId: string, rowIds: Array<string | number>) =>
  wire.post("/api/v1/db/meta/projects/:projectId/trash/restore", { projectId }, {
    table_id: tableId,
    row_ids: rowIds,
  } satisfies z.input<typeof restoreRecordsBody>);

export const purgeEntry = (projectId: string, trashId: string) =>
  wire.del("/api/v1/db/meta/projects/:projectId/trash/:trashId", { projectId, trashId });

export const emptyTrash = (projectId: string, type?: TrashType) =>
  wire.del("/api/v1/db/meta/projects/:projectId/trash", { projectId }, { query: { type } });

export const trashApi = {
  list: listTrash,
  restore: restoreEntry,
  restoreRecords,
  purge: purgeEntry,
  empty: emptyTrash,
};
