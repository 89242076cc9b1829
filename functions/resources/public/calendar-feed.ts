import { Hono } from "hono";
import { FEED_SECRET, feedHash } from "../../lib/feed-secret";
import { notFound } from "../../lib/http-error";
import { projectOfId } from "../../lib/meta-index";
import { unwrap } from "../../lib/room";
import { VISITOR } from "../../../db/access/reader";
import { dataAs } from "../data/context";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";

/**
 * The iCal feed of a calendar view (RFC 5545), for calendar apps that subscribe by address: no
 * login, the secret in the path is the credential. A malformed, wrong or revoked secret and an
 * unknown view all answer the same 404. The feed holds no more than the project's viewer role sees.
 */
export const publicCalendarFeed = new Hono<AppEnv>().get("/calendars/:viewId/ical/:file", need("public"), async (c) => {
  const viewId = c.req.param("viewId");
  const secret = c.req.param("file").replace(/\.ics$/, "");
  if (!FEED_SECRET.test(secret)) throw notFound();
  const projectId = await projectOfId(c.env.META, viewId);
  if (!projectId) throw notFound();
  // Read as a public shared view's visitor: a viewer without an identity (db/access).
  const text = await unwrap(
    dataAs(c, projectId, () => VISITOR).read({ op: "calendarFeed", viewId, hash: await feedHash(secret) }),
  );
  return c.body(text, 200, { "content-type": "text/calendar; charset=utf-8", "cache-control": "private, max-age=300" });
});
