import { Hono } from "hono";
import { colourRulesInput } from "../../../db/views/colour-settings";
import { unwrap } from "../../lib/room";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { viewKind } from "./kind";
import { readerOfCaller, room } from "./context";

/**
 * A view's colour rules (issue 37; db/views/colour-rules.ts): who reads the view reads them, and
 * they are changed by those who change its filters (editors and up), as one whole list. The rows'
 * `_colour` comes with every list read through the view.
 */
export const colourRuleRoutes = new Hono<AppEnv>()
  .get("/views/:viewId/colour-rules", need("filterList"), viewKind("read"), async (c) =>
    c.json(
      await unwrap(room(c).views({ op: "readColourRules", viewId: c.req.param("viewId"), reader: readerOfCaller(c) })),
    ),
  )
  .put("/views/:viewId/colour-rules", need("filterCreate"), viewKind("shape"), body(colourRulesInput), async (c) => {
    const input = await jsonBody(c, colourRulesInput);
    return c.json(await unwrap(room(c).views({ op: "saveColourRules", viewId: c.req.param("viewId"), input })));
  });
