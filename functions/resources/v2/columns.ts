import { Hono } from "hono";
import { columnInput } from "../../../db/schema/column-def";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { addColumn, deleteColumn, updateColumn } from "../tables";
import { v2Errors } from "./errors";

/**
 * NocoDB v2's columns (`/api/v2/meta/tables/{tableId}/columns`, `/api/v2/meta/columns/{columnId}`,
 * nocodb-sdk 0.301 `api.dbTableColumn`) through the v1 handlers. `uidt: "Links"` with
 * `type: hm | mm | bt` is a link (the field registry's alias of LinkToAnotherRecord). Mounted at
 * `/api/v2/meta`.
 */
export const v2Columns = new Hono<AppEnv>()
  .use("*", v2Errors)
  .post("/tables/:tableId/columns", need("columnAdd"), body(columnInput), addColumn)
  .patch("/columns/:columnId", need("columnUpdate"), body(columnInput), updateColumn)
  .delete("/columns/:columnId", need("columnDelete"), deleteColumn);
