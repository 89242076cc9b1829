import { Hono, type Context } from "hono";
import { z } from "zod";
import { columnInput } from "../../../db/schema/column-def";
import { createTableInput, updateTableInput } from "../../../db/schema/tables";
import { projectRoom, unwrap } from "../../lib/room";
import { dropShares, publicViewIds } from "../../lib/shared-views";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import { readerOf } from "../../../db/access/rules";
import type { AppEnv } from "../../types";
import { withVisibleViews } from "../../../db/views/kinds";
import { callerOf } from "../../lib/caller";
import { actorOf } from "../data/context";

type Ctx = Context<AppEnv>;
const room = (c: Ctx) => projectRoom(c.env, c.get("project").id);
const pid = (c: Ctx) => c.get("project").id;

export async function listTables(c: Ctx) {
  const includeM2M = c.req.query("includeM2M") === "true";
  const tables = await unwrap(room(c).schema({ op: "listTables", projectId: pid(c), includeM2M }));
  return c.json({ list: tables });
}

export const reorderInput = z.object({ order: z.number({ error: "order must be a number" }) });

export async function createTable(c: Ctx) {
  const body = await jsonBody(c, createTableInput);
  const table = await unwrap(room(c).schema({ op: "createTable", projectId: pid(c), input: body }));
  return c.json(withVisibleViews(table, callerOf(c)));
}

export async function readTable(c: Ctx) {
  // Narrowed roles get the fields as they may see them (db/access/meta.ts).
  const user = c.get("user");
  return c.json(
    withVisibleViews(
      await unwrap(
        room(c).schema({
          op: "readTable",
          projectId: pid(c),
          tableId: c.req.param("tableId")!,
          reader: readerOf(c.get("roles") ?? {}, user?.id, user?.email),
        }),
      ),
      callerOf(c),
    ),
  );
}

export async function updateTable(c: Ctx) {
  const body = await jsonBody(c, updateTableInput);
  await unwrap(room(c).schema({ op: "updateTable", tableId: c.req.param("tableId")!, input: body }));
  return c.json({ msg: "The table has been updated successfully" });
}

export async function deleteTable(c: Ctx) {
  const gone = await unwrap(room(c).schema({ op: "deleteTable", tableId: c.req.param("tableId")!, actor: actorOf(c) }));
  // The table goes to the trash with its views, and their public links stay for a restore;
  // what is gone for good (views of junction tables) loses its links (db/trash/tables.ts).
  await dropShares(c.env.META, pid(c), gone);
  return c.json(true);
}

export async function addColumn(c: Ctx) {
  const body = await jsonBody(c, columnInput);
  const shared = await publicViewIds(c.env.META, pid(c));
  const table = await unwrap(
    room(c).schema({
      op: "addColumn",
      projectId: pid(c),
      tableId: c.req.param("tableId")!,
      input: body,
      hiddenIn: shared,
    }),
  );
  return c.json(withVisibleViews(table, callerOf(c)));
}

export async function updateColumn(c: Ctx) {
  const body = await jsonBody(c, columnInput);
  return c.json(
    withVisibleViews(
      await unwrap(
        room(c).schema({ op: "updateColumn", projectId: pid(c), columnId: c.req.param("columnId")!, input: body }),
      ),
      callerOf(c),
    ),
  );
}

export async function deleteColumn(c: Ctx) {
  const table = await unwrap(
    room(c).schema({ op: "deleteColumn", projectId: pid(c), columnId: c.req.param("columnId")!, actor: actorOf(c) }),
  );
  return c.json(withVisibleViews(table, callerOf(c)));
}

/** Tables and columns (contract 4.2, 4.3): thin HTTP over the project room's schema engine. */
export const tables = new Hono<AppEnv>()
  .get("/projects/:projectId/tables", need("tableList"), listTables)
  .get("/projects/:projectId/:baseId/tables", need("tableList"), listTables)
  .post("/projects/:projectId/tables", need("tableCreate"), body(createTableInput), createTable)
  .post("/projects/:projectId/:baseId/tables", need("tableCreate"), body(createTableInput), createTable)
  .get("/tables/:tableId", need("tableGet"), readTable)
  .patch("/tables/:tableId", need("tableUpdate"), body(updateTableInput), updateTable)
  .delete("/tables/:tableId", need("tableDelete"), deleteTable)
  .post("/tables/:tableId/reorder", need("tableReorder"), body(reorderInput), async (c) => {
    const { order } = await jsonBody(c, reorderInput);
    return c.json(await unwrap(room(c).schema({ op: "reorderTable", tableId: c.req.param("tableId"), order })));
  })
  .post("/tables/:tableId/columns", need("columnAdd"), body(columnInput), addColumn)
  .get("/columns/:columnId", need("columnList"), async (c) => {
    const user = c.get("user");
    const reader = readerOf(c.get("roles") ?? {}, user?.id, user?.email);
    return c.json(
      await unwrap(room(c).schema({ op: "readColumn", projectId: pid(c), columnId: c.req.param("columnId"), reader })),
    );
  })
  .patch("/columns/:columnId", need("columnUpdate"), body(columnInput), updateColumn)
  .delete("/columns/:columnId", need("columnDelete"), deleteColumn)
  .post("/columns/:columnId/primary", need("columnSetAsPrimary"), async (c) =>
    c.json(await unwrap(room(c).schema({ op: "setPrimaryColumn", columnId: c.req.param("columnId") }))),
  );
