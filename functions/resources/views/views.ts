import { Hono } from "hono";
import { createViewInput, updateGridInput, updateViewInput } from "../../../db/views/inputs";
import type { ViewKind } from "../../../db/views/types";
import { unwrap } from "../../lib/room";
import { dropShares } from "../../lib/shared-views";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { pid, room, type Ctx } from "./context";
import { callerOf, viewKind } from "./kind";
import { actorOf } from "../data/context";

async function create(c: Ctx, kind: ViewKind) {
  const body = await jsonBody(c, createViewInput);
  return c.json(
    await unwrap(
      room(c).views({
        op: "createView",
        projectId: pid(c),
        tableId: c.req.param("tableId")!,
        kind,
        input: body,
        userId: c.get("user")?.id ?? null,
      }),
    ),
  );
}

export async function listViews(c: Ctx) {
  return c.json({
    list: await unwrap(
      room(c).views({ op: "listViews", projectId: pid(c), tableId: c.req.param("tableId")!, caller: callerOf(c) }),
    ),
  });
}

/**
 * Views of a table (contract 4.4): every type is created by its own route; only owners and
 * creators shape views; a personal view is its creator's alone, a locked one its builders'.
 */
export const viewRoutes = new Hono<AppEnv>()
  .get("/tables/:tableId/views", need("viewList"), listViews)
  .post("/tables/:tableId/grids", need("viewCreate"), body(createViewInput), (c) => create(c, "grid"))
  .post("/tables/:tableId/forms", need("viewCreate"), body(createViewInput), (c) => create(c, "form"))
  .post("/tables/:tableId/galleries", need("viewCreate"), body(createViewInput), (c) => create(c, "gallery"))
  .post("/tables/:tableId/kanbans", need("viewCreate"), body(createViewInput), (c) => create(c, "kanban"))
  .post("/tables/:tableId/calendars", need("viewCreate"), body(createViewInput), (c) => create(c, "calendar"))
  .post("/tables/:tableId/timelines", need("viewCreate"), body(createViewInput), (c) => create(c, "timeline"))
  .patch("/views/:viewId", need("viewUpdate"), viewKind("shape"), body(updateViewInput), async (c) => {
    const body = await jsonBody(c, updateViewInput);
    return c.json(
      await unwrap(
        room(c).views({
          op: "updateView",
          projectId: pid(c),
          viewId: c.req.param("viewId"),
          input: body,
          userId: c.get("user")?.id ?? null,
        }),
      ),
    );
  })
  .delete("/views/:viewId", need("viewDelete"), viewKind("shape"), async (c) => {
    const gone = await unwrap(room(c).views({ op: "deleteView", viewId: c.req.param("viewId"), actor: actorOf(c) }));
    // The view goes to the trash (issue 35): its public link answers 404 at once and is kept for
    // a restore; the room answers the ids gone for good, whose links go.
    await dropShares(c.env.META, pid(c), gone);
    return c.json(true);
  })
  // Row height and grid meta are display settings: editors may change them (contract 8, "grid view options").
  .patch("/grids/:viewId", need("gridColumnUpdate"), viewKind("shape"), body(updateGridInput), async (c) => {
    const body = await jsonBody(c, updateGridInput);
    return c.json(await unwrap(room(c).views({ op: "updateGrid", viewId: c.req.param("viewId"), input: body })));
  });
