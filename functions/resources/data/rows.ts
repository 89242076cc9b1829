import { Hono } from "hono";
import { badRequest } from "../../lib/http-error";
import { unwrap } from "../../lib/room";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { actorOf, anyJson, room, type Ctx } from "./context";

const table = (c: Ctx) => c.req.param("tableName")!;
const rowId = (c: Ctx) => c.req.param("rowId")!;

async function arrayBody(c: Ctx): Promise<unknown[]> {
  const body = await anyJson(c);
  if (!Array.isArray(body)) throw badRequest("Request body must be a JSON array of rows");
  if (body.length > 10_000) throw badRequest("At most 10000 rows per request");
  return body;
}

/**
 * Single-row routes and bulk routes (contract 5.1, 5.3) below `/{orgs}/{projectName}/{tableName}`.
 * Literal segments are registered before `:rowId`, so `count` or `find-one` never read as a row id.
 */
export const rowRoutes = new Hono<AppEnv>()
  .post("/:orgs/:projectName/:tableName", need("dataInsert"), async (c) =>
    c.json(await unwrap(room(c).insertRow(table(c), await anyJson(c), actorOf(c)))),
  )
  .get("/:orgs/:projectName/:tableName/:rowId/exist", need("dataRead"), async (c) =>
    c.json(await unwrap(room(c).rowExists(table(c), rowId(c)))),
  )
  .get("/:orgs/:projectName/:tableName/:rowId", need("dataRead"), async (c) =>
    c.json(await unwrap(room(c).readRow(table(c), rowId(c)))),
  )
  .patch("/:orgs/:projectName/:tableName/:rowId", need("dataUpdate"), async (c) =>
    c.json(await unwrap(room(c).updateRow(table(c), rowId(c), await anyJson(c), actorOf(c)))),
  )
  .delete("/:orgs/:projectName/:tableName/:rowId", need("dataDelete"), async (c) =>
    c.json(await unwrap(room(c).deleteRow(table(c), rowId(c), actorOf(c)))),
  );

export const bulkRoutes = new Hono<AppEnv>()
  .post("/:orgs/:projectName/:tableName", need("dataInsert"), async (c) =>
    c.json(await unwrap(room(c).insertRows(table(c), await arrayBody(c), actorOf(c)))),
  )
  .patch("/:orgs/:projectName/:tableName", need("dataUpdate"), async (c) =>
    c.json(await unwrap(room(c).updateRows(table(c), await arrayBody(c), actorOf(c)))),
  )
  .delete("/:orgs/:projectName/:tableName", need("dataDelete"), async (c) =>
    c.json(await unwrap(room(c).deleteRows(table(c), await arrayBody(c), actorOf(c)))),
  );
