import { Hono } from "hono";
import { verifyPassword } from "../../../db/auth/password";
import { VISITOR } from "../../../db/access/reader";
import { HttpError, notFound } from "../../lib/http-error";
import type { ProjectRow } from "../../lib/projects";
import { assertUnderLimit, clientAddress, countAttempt } from "../../lib/rate-limit";
import { edgeCached } from "../../lib/edge-cache";
import { projectRoom, unwrap } from "../../lib/room";
import { dashboardShareOfUuid, type DashboardShareRow } from "../../lib/shared-dashboards";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import type { Ctx } from "../data/context";
import { PASSWORD_ATTEMPTS_PER_MINUTE, SHARE_EXPIRED } from "../public/shared-view/access";

/**
 * A shared dashboard for visitors (issue 38), without signing in: the dashboard with its widgets,
 * and each widget's data read as VISITOR (the viewer role's hidden fields and row rules). Unknown
 * or unshared uuid: 404; past its expiry: 410 `SHARED_VIEW_EXPIRED`; a wrong `xc-password`: 403
 * (attempts counted per share and address, as shared views'). Both answers come from the edge
 * cache (functions/lib/edge-cache.ts): the dashboard keyed by the share's version and the project's
 * schema stamp (any change to the dashboard, its widgets or the schema renews it), a widget's data
 * by those and the room's data stamp (any write to the project's rows renews it:
 * realtime/room-stamps.ts), so a changed record shows at the next read. A password-protected
 * share is never cached, nor the data of a project whose rows live in an external database (they
 * change without the room knowing). A number comparing periods may show the period before for up
 * to the cache's five minutes after a period turns.
 */

async function openShared(c: Ctx): Promise<DashboardShareRow> {
  const uuid = c.req.param("uuid") ?? "";
  const share = uuid ? await dashboardShareOfUuid(c.env.META, uuid) : null;
  if (!share) throw notFound();
  if (share.expires_at && Date.parse(share.expires_at) <= Date.now()) throw new HttpError(410, SHARE_EXPIRED);
  const project = await c.env.META.prepare("SELECT * FROM projects WHERE id = ? AND deleted = 0")
    .bind(share.project_id)
    .first<ProjectRow>();
  if (!project) throw notFound();
  c.set("project", project);
  if (share.password_hash) {
    const key = `share-password:${share.uuid}|${clientAddress(c) ?? "local"}`;
    const given = c.req.header("xc-password") ?? "";
    await assertUnderLimit(c, [key]);
    if (!given || !(await verifyPassword(given, share.password_hash))) {
      const [count] = await countAttempt(c, [key]);
      if ((count ?? 0) > PASSWORD_ATTEMPTS_PER_MINUTE)
        throw new HttpError(429, "Too many wrong passwords, please try again in a minute");
      throw new HttpError(403, "INVALID_SHARED_VIEW_PASSWORD");
    }
  }
  return share;
}

/** The dashboard and its widgets as a visitor sees them: widget settings, no share details. */
async function publicDashboard(c: Ctx, share: DashboardShareRow) {
  const d = await unwrap(
    projectRoom(c.env, share.project_id).dashboards({ op: "get", dashboardId: share.dashboard_id }),
  );
  return { ...d, share: { uuid: share.uuid } };
}

export const publicDashboards = new Hono<AppEnv>()
  .get("/dashboards/:uuid", need("public"), async (c) => {
    const share = await openShared(c);
    const stamp = share.password_hash
      ? null
      : await unwrap(projectRoom(c.env, share.project_id).schema({ op: "schemaStamp" }));
    const key = stamp && `https://shared-dashboard.invalid/${share.uuid}/${share.version}/${stamp}`;
    return edgeCached(c, key, () => publicDashboard(c, share));
  })
  .get("/dashboards/:uuid/widgets/:widgetId/data", need("public"), async (c) => {
    const share = await openShared(c);
    const room = projectRoom(c.env, share.project_id);
    const widgetId = c.req.param("widgetId");
    const stamp = share.password_hash ? null : await unwrap(room.dashboards({ op: "dataStamp" }));
    const key =
      stamp &&
      `https://shared-dashboard-data.invalid/${share.uuid}/${share.version}/${encodeURIComponent(widgetId)}/${stamp}`;
    return edgeCached(c, key, () =>
      unwrap(room.dashboards({ op: "widgetData", dashboardId: share.dashboard_id, widgetId, reader: VISITOR })),
    );
  });
