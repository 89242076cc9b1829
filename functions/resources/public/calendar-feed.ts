import { Hono } from "hono";
import { FEED_SECRET, feedHash } from "../../lib/feed-secret";
import { notFound } from "../../lib/http-error";
import { projectOfId } from "../../lib/meta-index";
import { projectRoom, unwrap } from "../../lib/room";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";

/**
 * The iCal feed of a calendar view (RFC 5545), for calendar apps that subscribe by address: no
 * login, the secret in the path is the credential. A malformed, wrong or revoked secret and an
 * unknown view all answer the same 404.
 */
export const publicCalendarFeed = new Hono<AppEnv>().get("/calendars/:viewId/ical/:file", need("public"), async (c) => {
  const viewId = c.req.param("viewId");
  const secret = c.req.param("file").replace(/\.ics$/, "");
  if (!FEED_SECRET.test(secret)) throw notFound();
  const projectId = await projectOfId(c.env.META, viewId);
  if (!projectId) throw notFound();
  const text = await unwrap(projectRoom(c.env, projectId).calendarFeed(viewId, await feedHash(secret)));
  return c.body(text, 200, { "content-type": "text/calendar; charset=utf-8", "cache-control": "private, max-age=300" });
});
