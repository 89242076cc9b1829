import { Hono, type Context } from "hono";
import { describeRoute } from "hono-openapi";
import { accessInput } from "../../../db/access/rules";
import { projectRoom, unwrap } from "../../lib/room";
import { body } from "../../lib/openapi";
import { jsonBody } from "../../lib/validate";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";

type Ctx = Context<AppEnv>;
const room = (c: Ctx) => projectRoom(c.env, c.get("project").id);

const DESCRIPTION =
  "Field permissions and row rules of a table per role (editor, commenter, viewer): each field editable, read-only or hidden, " +
  "and a row rule in the filterArrJson shape whose values may be `@me` (the reader's user id or e-mail). Owners and creators always have full access. " +
  "A record outside a role's rule is not found (404) for that role; a write to a read-only or hidden field, or one that would leave the rule, is refused with 403.";

/** A table's access settings (issue 23): owners and creators read and set them. */
export const tableAccess = new Hono<AppEnv>()
  .get("/tables/:tableId/access", need("tableAccessGet"), describeRoute({ description: DESCRIPTION }), async (c) =>
    c.json(await unwrap(room(c).schema({ op: "readAccess", tableId: c.req.param("tableId") }))),
  )
  .put(
    "/tables/:tableId/access",
    need("tableAccessSet"),
    describeRoute({ description: DESCRIPTION }),
    body(accessInput),
    async (c) =>
      c.json(
        await unwrap(
          room(c).schema({ op: "saveAccess", tableId: c.req.param("tableId"), input: await jsonBody(c, accessInput) }),
        ),
      ),
  );
