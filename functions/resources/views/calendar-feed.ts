import { Hono } from "hono";
import { feedHash, feedPath, newFeedSecret } from "../../lib/feed-secret";
import { unwrap } from "../../lib/room";
import { siteUrl } from "../../lib/site-url";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { room } from "./context";
import { viewKind } from "./kind";

/**
 * A calendar view's iCal feed, managed by builders (owners and creators): POST opens it or makes
 * a new address (the old one stops working) and answers the address once; DELETE revokes it.
 * Whether one is open shows in `GET /calendars/{viewId}` as `ical_feed`.
 */
export const calendarFeedRoutes = new Hono<AppEnv>()
  .post("/calendars/:viewId/ical", need("viewUpdate"), viewKind("shape"), async (c) => {
    const viewId = c.req.param("viewId");
    const secret = newFeedSecret();
    const { created_at } = await unwrap(
      room(c).views({ op: "openCalendarFeed", viewId, hash: await feedHash(secret) }),
    );
    return c.json({ url: `${siteUrl(c)}${feedPath(viewId, secret)}`, created_at });
  })
  .delete("/calendars/:viewId/ical", need("viewUpdate"), viewKind("shape"), async (c) => {
    await unwrap(room(c).views({ op: "closeCalendarFeed", viewId: c.req.param("viewId") }));
    return c.json(true);
  });
