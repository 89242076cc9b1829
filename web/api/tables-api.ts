/** Tables and columns (API-CONTRACT 4.2, 4.3). Column changes answer the whole table. */
import type { z } from "zod";
import type { createTableInput, updateTableInput } from "../../db/schema/tables";
import type { reorderInput } from "@gridbase/worker/resources/tables/index";
import type { ColumnPayload } from "./types";
import { wire } from "./wire";

const tables = "/api/v1/db/meta/projects/:projectId/tables";
const table = "/api/v1/db/meta/tables/:tableId";
const column = "/api/v1/db/meta/columns/:columnId";

export const tablesApi = {
  list: (projectId: string) => wire.get(tables, { projectId }),
  create: (projectId: string, title: string) => tablesApi.createWith(projectId, { table_name: title, title }),
  /** A table with its columns (an import's new table). */
  createWith: (projectId: string, body: z.input<typeof createTableInput>) => wire.post(tables, { projectId }, body),
  read: (tableId: string) => wire.get(table, { tableId }),
  rename: (projectId: string, tableId: string, title: string) =>
    wire.patch(table, { tableId }, { title, table_name: title, project_id: projectId } satisfies z.input<
      typeof updateTableInput
    >),
  remove: (tableId: string) => wire.del(table, { tableId }),
  reorder: (tableId: string, order: number) =>
    wire.post(`${table}/reorder`, { tableId }, { order } satisfies z.input<typeof reorderInput>),
  addColumn: (tableId: string, body: ColumnPayload) => wire.post(`${table}/columns`, { tableId }, body),
  updateColumn: (columnId: string, body: ColumnPayload) => wire.patch(column, { columnId }, body),
  deleteColumn: (columnId: string) => wire.del(column, { columnId }),
  setDisplayValue: (columnId: string) => wire.post(`${column}/primary`, { columnId }),
};
