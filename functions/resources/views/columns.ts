import { Hono } from "hono";
import { saveViewColumnInput, viewColumnInput } from "../../../db/views/inputs";
import { unwrap } from "../../lib/room";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { viewKind } from "./kind";
import { pid, room, viewColumns, type Ctx } from "./context";

/** `ignoreIds[]=a&ignoreIds[]=b` as the SDK sends it, or a comma list. */
const ignoreIds = (c: Ctx) =>
  [...(c.req.queries("ignoreIds[]") ?? []), ...(c.req.queries("ignoreIds") ?? []).flatMap((v) => v.split(","))].filter(
    (v) => v.trim() !== "",
  );

async function setAll(c: Ctx, show: boolean) {
  return c.json(
    await unwrap(
      room(c).views({ op: "setAllViewColumns", viewId: c.req.param("viewId")!, show, ignoreIds: ignoreIds(c) }),
    ),
  );
}

/**
 * View columns (contract 4.4): which columns a view shows, in what order and how wide. Editors
 * may change them (contract 8: show/hide-all, grid column width), readers list them.
 */
export const viewColumnRoutes = new Hono<AppEnv>()
  .get("/grids/:viewId/grid-columns", need("viewList"), viewKind("read"), async (c) =>
    c.json(await viewColumns(c, c.req.param("viewId"))),
  )
  .patch(
    "/grid-columns/:gridViewColumnId",
    need("gridColumnUpdate"),
    viewKind("shape"),
    body(viewColumnInput),
    async (c) => {
      const body = await jsonBody(c, viewColumnInput);
      return c.json(
        await unwrap(
          room(c).views({
            op: "updateViewColumn",
            viewId: null,
            viewColumnId: c.req.param("gridViewColumnId"),
            input: body,
          }),
        ),
      );
    },
  )
  .get("/views/:viewId/columns", need("viewList"), viewKind("read"), async (c) =>
    c.json({ list: await viewColumns(c, c.req.param("viewId")) }),
  )
  .post("/views/:viewId/columns", need("gridColumnUpdate"), viewKind("shape"), body(saveViewColumnInput), async (c) => {
    const body = await jsonBody(c, saveViewColumnInput);
    return c.json(
      await unwrap(
        room(c).views({ op: "saveViewColumn", projectId: pid(c), viewId: c.req.param("viewId"), input: body }),
      ),
    );
  })
  .patch(
    "/views/:viewId/columns/:viewColumnId",
    need("gridColumnUpdate"),
    viewKind("shape"),
    body(viewColumnInput),
    async (c) => {
      const body = await jsonBody(c, viewColumnInput);
      return c.json(
        await unwrap(
          room(c).views({
            op: "updateViewColumn",
            viewId: c.req.param("viewId"),
            viewColumnId: c.req.param("viewColumnId"),
            input: body,
          }),
        ),
      );
    },
  )
  .post("/views/:viewId/show-all", need("gridColumnUpdate"), viewKind("shape"), (c) => setAll(c, true))
  .post("/views/:viewId/hide-all", need("gridColumnUpdate"), viewKind("shape"), (c) => setAll(c, false));
