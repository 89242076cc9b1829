import { Hono } from "hono";
import { recordTemplateInput } from "../../../db/views/record-template";
import { unwrap } from "../../lib/room";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { viewKind } from "./kind";
import { readerOfCaller, room } from "./context";

/**
 * A view's record template (issue 37; db/views/record-template.ts): the default values of the
 * records made in the view. Who reads the view reads it (the web fills "+ New record" and the form
 * with it); those who change the view's filters (editors and up) replace it, as one whole object.
 */
export const recordTemplateRoutes = new Hono<AppEnv>()
  .get("/views/:viewId/record-template", need("filterList"), viewKind("read"), async (c) =>
    c.json(
      await unwrap(
        room(c).views({ op: "readRecordTemplate", viewId: c.req.param("viewId"), reader: readerOfCaller(c) }),
      ),
    ),
  )
  .put(
    "/views/:viewId/record-template",
    need("filterCreate"),
    viewKind("shape"),
    body(recordTemplateInput),
    async (c) => {
      const input = await jsonBody(c, recordTemplateInput);
      return c.json(await unwrap(room(c).views({ op: "saveRecordTemplate", viewId: c.req.param("viewId"), input })));
    },
  );
