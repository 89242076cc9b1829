import { Hono } from "hono";
import { filterInput, type FilterInput } from "../../../db/views/inputs";
import { unwrap } from "../../lib/room";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { viewKind } from "./kind";
import { pid, readerOfCaller, room } from "./context";

/** Saved view filters and filter groups (contract 4.6). Readers list them, editors change them. */
export const filterRoutes = new Hono<AppEnv>()
  .get("/views/:viewId/filters", need("filterList"), viewKind("read"), async (c) =>
    c.json({ list: await unwrap(room(c).listFilters(pid(c), c.req.param("viewId"), readerOfCaller(c))) }),
  )
  .post("/views/:viewId/filters", need("filterCreate"), viewKind("shape"), body(filterInput), async (c) => {
    const body: FilterInput = await jsonBody(c, filterInput);
    return c.json(await unwrap(room(c).createFilter(pid(c), c.req.param("viewId"), body, readerOfCaller(c))));
  })
  .get("/filters/:filterGroupId/children", need("filterList"), viewKind("read"), async (c) =>
    c.json({ list: await unwrap(room(c).listFilterChildren(pid(c), c.req.param("filterGroupId"), readerOfCaller(c))) }),
  )
  .get("/filters/:filterId", need("filterList"), viewKind("read"), async (c) =>
    c.json(await unwrap(room(c).readFilter(pid(c), c.req.param("filterId"), readerOfCaller(c)))),
  )
  .patch("/filters/:filterId", need("filterUpdate"), viewKind("shape"), body(filterInput), async (c) => {
    const body: FilterInput = await jsonBody(c, filterInput);
    return c.json(await unwrap(room(c).updateFilter(c.req.param("filterId"), body, readerOfCaller(c))));
  })
  .delete("/filters/:filterId", need("filterDelete"), viewKind("shape"), async (c) => {
    await unwrap(room(c).deleteFilter(c.req.param("filterId"), readerOfCaller(c)));
    return c.json(true);
  });
