import { Hono } from "hono";
import { sortInput, updateSortInput } from "../../../db/views/inputs";
import { unwrap } from "../../lib/room";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { viewKind } from "./kind";
import { pid, readerOfCaller, room } from "./context";

/** Saved view sorts (contract 4.7). Readers list them, editors change them. */
export const sortRoutes = new Hono<AppEnv>()
  .get("/views/:viewId/sorts", need("sortList"), viewKind("read"), async (c) =>
    c.json({ list: await unwrap(room(c).listSorts(pid(c), c.req.param("viewId"), readerOfCaller(c))) }),
  )
  .post("/views/:viewId/sorts", need("sortCreate"), viewKind("shape"), body(sortInput), async (c) => {
    const body = await jsonBody(c, sortInput);
    return c.json(await unwrap(room(c).createSort(pid(c), c.req.param("viewId"), body, readerOfCaller(c))));
  })
  .get("/sorts/:sortId", need("sortList"), viewKind("read"), async (c) =>
    c.json(await unwrap(room(c).readSort(pid(c), c.req.param("sortId"), readerOfCaller(c)))),
  )
  .patch("/sorts/:sortId", need("sortUpdate"), viewKind("shape"), body(updateSortInput), async (c) => {
    const body = await jsonBody(c, updateSortInput);
    return c.json(await unwrap(room(c).updateSort(c.req.param("sortId"), body, readerOfCaller(c))));
  })
  .delete("/sorts/:sortId", need("sortDelete"), viewKind("shape"), async (c) => {
    await unwrap(room(c).deleteSort(c.req.param("sortId"), readerOfCaller(c)));
    return c.json(true);
  });
