import { Hono } from "hono";
import { sortInput, updateSortInput } from "../../../db/views/inputs";
import { unwrap } from "../../lib/room";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { viewKind } from "./kind";
import { pid, readerOfCaller, room, type Ctx } from "./context";

export async function listSorts(c: Ctx) {
  return c.json({
    list: await unwrap(
      room(c).views({ op: "listSorts", projectId: pid(c), viewId: c.req.param("viewId")!, reader: readerOfCaller(c) }),
    ),
  });
}

export async function createSort(c: Ctx) {
  const body = await jsonBody(c, sortInput);
  return c.json(
    await unwrap(
      room(c).views({
        op: "createSort",
        projectId: pid(c),
        viewId: c.req.param("viewId")!,
        input: body,
        reader: readerOfCaller(c),
      }),
    ),
  );
}

/** Saved view sorts (contract 4.7). Readers list them, editors change them. */
export const sortRoutes = new Hono<AppEnv>()
  .get("/views/:viewId/sorts", need("sortList"), viewKind("read"), listSorts)
  .post("/views/:viewId/sorts", need("sortCreate"), viewKind("shape"), body(sortInput), createSort)
  .get("/sorts/:sortId", need("sortList"), viewKind("read"), async (c) =>
    c.json(
      await unwrap(
        room(c).views({ op: "readSort", projectId: pid(c), sortId: c.req.param("sortId"), reader: readerOfCaller(c) }),
      ),
    ),
  )
  .patch("/sorts/:sortId", need("sortUpdate"), viewKind("shape"), body(updateSortInput), async (c) => {
    const body = await jsonBody(c, updateSortInput);
    return c.json(
      await unwrap(
        room(c).views({ op: "updateSort", sortId: c.req.param("sortId"), input: body, reader: readerOfCaller(c) }),
      ),
    );
  })
  .delete("/sorts/:sortId", need("sortDelete"), viewKind("shape"), async (c) => {
    await unwrap(room(c).views({ op: "deleteSort", sortId: c.req.param("sortId"), reader: readerOfCaller(c) }));
    return c.json(true);
  });
