import { Hono } from "hono";
import { filterInput, sortInput } from "../../../db/views/inputs";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { createFilter, listFilters } from "../views/filters";
import { viewKind } from "../views/kind";
import { createSort, listSorts } from "../views/sorts";
import { listViews } from "../views/views";
import { v2Errors } from "./errors";

/**
 * NocoDB v2's views of a table and their filters and sorts (`/api/v2/meta/tables/{tableId}/views`,
 * `/api/v2/meta/views/{viewId}/filters`, `/sorts`) through the v1 handlers, with the same view
 * kind checks (a personal view is its creator's, a locked one changes only for builders).
 * Mounted at `/api/v2/meta`.
 */
export const v2Views = new Hono<AppEnv>()
  .use("*", v2Errors)
  .get("/tables/:tableId/views", need("viewList"), listViews)
  .get("/views/:viewId/filters", need("filterList"), viewKind("read"), listFilters)
  .post("/views/:viewId/filters", need("filterCreate"), viewKind("shape"), body(filterInput), createFilter)
  .get("/views/:viewId/sorts", need("sortList"), viewKind("read"), listSorts)
  .post("/views/:viewId/sorts", need("sortCreate"), viewKind("shape"), body(sortInput), createSort);
