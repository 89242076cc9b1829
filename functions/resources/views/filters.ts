import { Hono } from "hono";
import { filterInput, type FilterInput } from "../../../db/views/inputs";
import { unwrap } from "../../lib/room";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { viewKind } from "./kind";
import { pid, readerOfCaller, room, type Ctx } from "./context";

export async function listFilters(c: Ctx) {
  return c.json({
    list: await unwrap(
      room(c).views({
        op: "listFilters",
        projectId: pid(c),
        viewId: c.req.param("viewId")!,
        reader: readerOfCaller(c),
      }),
    ),
  });
}

export async function createFilter(c: Ctx) {
  const body: FilterInput = await jsonBody(c, filterInput);
  return c.json(
    await unwrap(
      room(c).views({
        op: "createFilter",
        projectId: pid(c),
        viewId: c.req.param("viewId")!,
        input: body,
        reader: readerOfCaller(c),
      }),
    ),
  );
}

/** Saved view filters and filter groups (contract 4.6). Readers list them, editors change them. */
export const filterRoutes = new Hono<AppEnv>()
  .get("/views/:viewId/filters", need("filterList"), viewKind("read"), listFilters)
  .post("/views/:viewId/filters", need("filterCreate"), viewKind("shape"), body(filterInput), createFilter)
  .get("/filters/:filterGroupId/children", need("filterList"), viewKind("read"), async (c) =>
    c.json({
      list: await unwrap(
        room(c).views({
          op: "listFilterChildren",
          projectId: pid(c),
          groupId: c.req.param("filterGroupId"),
          reader: readerOfCaller(c),
        }),
      ),
    }),
  )
  .get("/filters/:filterId", need("filterList"), viewKind("read"), async (c) =>
    c.json(
      await unwrap(
        room(c).views({
          op: "readFilter",
          projectId: pid(c),
          filterId: c.req.param("filterId"),
          reader: readerOfCaller(c),
        }),
      ),
    ),
  )
  .patch("/filters/:filterId", need("filterUpdate"), viewKind("shape"), body(filterInput), async (c) => {
    const body: FilterInput = await jsonBody(c, filterInput);
    return c.json(
      await unwrap(
        room(c).views({
          op: "updateFilter",
          filterId: c.req.param("filterId"),
          input: body,
          reader: readerOfCaller(c),
        }),
      ),
    );
  })
  .delete("/filters/:filterId", need("filterDelete"), viewKind("shape"), async (c) => {
    await unwrap(room(c).views({ op: "deleteFilter", filterId: c.req.param("filterId"), reader: readerOfCaller(c) }));
    return c.json(true);
  });
