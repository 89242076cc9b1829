import { Hono } from "hono";
import { createTableInput, updateTableInput } from "../../../db/schema/tables";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { createTable, deleteTable, listTables, readTable, updateTable } from "../tables";
import { v2Errors } from "./errors";

/**
 * NocoDB v2's tables (`/api/v2/meta/bases/{baseId}/tables`, `/api/v2/meta/tables/{tableId}`,
 * nocodb-sdk 0.301 `api.dbTable`) through the v1 handlers (resources/tables). Mounted at
 * `/api/v2/meta`.
 */
export const v2Tables = new Hono<AppEnv>()
  .use("*", v2Errors)
  .get("/bases/:projectId/tables", need("tableList"), listTables)
  .post("/bases/:projectId/tables", need("tableCreate"), body(createTableInput), createTable)
  .get("/tables/:tableId", need("tableGet"), readTable)
  .patch("/tables/:tableId", need("tableUpdate"), body(updateTableInput), updateTable)
  .delete("/tables/:tableId", need("tableDelete"), deleteTable);
