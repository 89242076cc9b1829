import { Hono } from "hono";
import { createViewInput, updateGridInput, updateViewInput } from "../../../db/views/inputs";
import { unindexIds } from "../../lib/meta-index";
import { unwrap } from "../../lib/room";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { indexNew, pid, room } from "./context";

/** Grid views of a table and their settings (contract 4.4). Only owners and creators shape views. */
export const viewRoutes = new Hono<AppEnv>()
  .get("/tables/:tableId/views", need("viewList"), async (c) => c.json({ list: await unwrap(room(c).listViews(pid(c), c.req.param("tableId"))) }))
  .post("/tables/:tableId/grids", need("viewCreate"), body(createViewInput), async (c) => {
    const body = await jsonBody(c, createViewInput);
    const { view, newIds } = await unwrap(room(c).createGridView(pid(c), c.req.param("tableId"), body));
    await indexNew(c, newIds);
    return c.json(view);
  })
  .patch("/views/:viewId", need("viewUpdate"), body(updateViewInput), async (c) => {
    const body = await jsonBody(c, updateViewInput);
    return c.json(await unwrap(room(c).updateView(pid(c), c.req.param("viewId"), body)));
  })
  .delete("/views/:viewId", need("viewDelete"), async (c) => {
    await unindexIds(c.env.META, await unwrap(room(c).deleteView(c.req.param("viewId"))));
    return c.json(true);
  })
  // Row height and grid meta are display settings: editors may change them (contract 8, "grid view options").
  .patch("/grids/:viewId", need("gridColumnUpdate"), body(updateGridInput), async (c) => {
    const body = await jsonBody(c, updateGridInput);
    return c.json(await unwrap(room(c).updateGrid(c.req.param("viewId"), body)));
  });
