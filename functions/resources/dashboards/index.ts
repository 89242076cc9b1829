import { Hono, type Context } from "hono";
import { z } from "zod";
import { hashPassword } from "../../../db/auth/password";
import { readerOf } from "../../../db/access/reader";
import { dashboardInput, dashboardUpdateInput, widgetInput, widgetUpdateInput } from "../../../db/dashboards/inputs";
import { MAX_BATCH } from "../../../db/dashboards/requests";
import { badRequest } from "../../lib/http-error";
import { body } from "../../lib/openapi";
import { projectRoom, unwrap } from "../../lib/room";
import { dropDashboardShare, saveDashboardShare, shareJson, shareOfDashboard } from "../../lib/shared-dashboards";
import { jsonBody } from "../../lib/validate";
import { actorOf } from "../data/context";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";

type Ctx = Context<AppEnv>;
const room = (c: Ctx) => projectRoom(c.env, c.get("project").id);
const dashboardId = (c: Ctx) => c.req.param("dashboardId")!;

export const shareInput = z
  .object({
    password: z.string().max(128, "password: must be at most 128 characters").nullable().optional(),
    /** The link stops working at this moment (ISO 8601 with a zone); null: never. */
    expires_at: z.iso
      .datetime({ offset: true, error: "expires_at must be an ISO date and time such as 2026-12-31T23:59:00Z" })
      .nullable()
      .optional(),
  })
  .strict();

/** Who reads a widget's data: the caller's role (hidden fields, row rules) and `@me`. */
function asCaller(c: Ctx) {
  const user = c.get("user");
  const reader = readerOf(c.get("roles") ?? {}, user?.id, user?.email);
  return { reader, ...(user?.id ? { userId: user.id } : {}) };
}

/** `widget_ids=a,b,c`: one to MAX_BATCH ids, each once. */
function widgetIdsOf(param: string | undefined): string[] {
  const ids = [
    ...new Set(
      (param ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) throw badRequest("widget_ids: name at least one widget id (widget_ids=a,b)");
  if (ids.length > MAX_BATCH) throw badRequest(`widget_ids: at most ${MAX_BATCH} widgets in one request`);
  return ids;
}

/**
 * Dashboards (issue 38): a project's dashboards and widgets, a widget's data as the caller's role
 * reads it, and the public link. Routes naming a dashboard find its project through the id index
 * (functions/middleware/acl.ts `dashboardId`).
 */
export const dashboards = new Hono<AppEnv>()
  .get("/projects/:projectId/dashboards", need("dashboardList"), async (c) =>
    c.json(await unwrap(room(c).dashboards({ op: "list" }))),
  )
  .post("/projects/:projectId/dashboards", need("dashboardCreate"), body(dashboardInput), async (c) => {
    const input = await jsonBody(c, dashboardInput);
    return c.json(await unwrap(room(c).dashboards({ op: "create", input })));
  })
  .get("/dashboards/:dashboardId", need("dashboardRead"), async (c) => {
    const [d, share] = await Promise.all([
      unwrap(room(c).dashboards({ op: "get", dashboardId: dashboardId(c) })),
      shareOfDashboard(c.env.META, dashboardId(c)),
    ]);
    return c.json({ ...d, share: shareJson(share) });
  })
  .patch("/dashboards/:dashboardId", need("dashboardUpdate"), body(dashboardUpdateInput), async (c) => {
    const input = await jsonBody(c, dashboardUpdateInput);
    return c.json(await unwrap(room(c).dashboards({ op: "update", dashboardId: dashboardId(c), input })));
  })
  // Into the project's trash with its widgets; its public link stays for a restore (404 meanwhile).
  .delete("/dashboards/:dashboardId", need("dashboardDelete"), async (c) => {
    await unwrap(room(c).dashboards({ op: "delete", dashboardId: dashboardId(c), actor: actorOf(c) }));
    return c.json(true);
  })
  .post("/dashboards/:dashboardId/widgets", need("dashboardUpdate"), body(widgetInput), async (c) => {
    const input = await jsonBody(c, widgetInput);
    return c.json(await unwrap(room(c).dashboards({ op: "createWidget", dashboardId: dashboardId(c), input })));
  })
  .patch("/dashboards/:dashboardId/widgets/:widgetId", need("dashboardUpdate"), body(widgetUpdateInput), async (c) => {
    const input = await jsonBody(c, widgetUpdateInput);
    return c.json(
      await unwrap(
        room(c).dashboards({
          op: "updateWidget",
          dashboardId: dashboardId(c),
          widgetId: c.req.param("widgetId"),
          input,
        }),
      ),
    );
  })
  .delete("/dashboards/:dashboardId/widgets/:widgetId", need("dashboardUpdate"), async (c) => {
    await unwrap(
      room(c).dashboards({ op: "deleteWidget", dashboardId: dashboardId(c), widgetId: c.req.param("widgetId") }),
    );
    return c.json(true);
  })
  .get("/dashboards/:dashboardId/widgets/:widgetId/data", need("dashboardRead"), async (c) =>
    c.json(
      await unwrap(
        room(c).dashboards({
          op: "widgetData",
          dashboardId: dashboardId(c),
          widgetId: c.req.param("widgetId"),
          ...asCaller(c),
        }),
      ),
    ),
  )
  // Several widgets' data in one request and one room call (the dashboard page's reads): `{ list }`
  // in the order asked, each item a widget's answer or `{ widget_id, error: { status, msg } }`.
  .get("/dashboards/:dashboardId/data", need("dashboardRead"), async (c) => {
    const widgetIds = widgetIdsOf(c.req.query("widget_ids"));
    return c.json(
      await unwrap(room(c).dashboards({ op: "widgetsData", dashboardId: dashboardId(c), widgetIds, ...asCaller(c) })),
    );
  })
  .post("/dashboards/:dashboardId/share", need("dashboardShare"), body(shareInput), async (c) => {
    // An empty body is `{}` (readJson): a plain link, no password, no expiry.
    const input = await jsonBody(c, shareInput);
    await unwrap(room(c).dashboards({ op: "get", dashboardId: dashboardId(c) }));
    const set: { passwordHash?: string | null; expiresAt?: string | null } = {};
    if (input.password !== undefined) set.passwordHash = input.password ? await hashPassword(input.password) : null;
    if (input.expires_at !== undefined) set.expiresAt = input.expires_at;
    const share = await saveDashboardShare(
      c.env.META,
      { dashboardId: dashboardId(c), projectId: c.get("project").id },
      set,
    );
    return c.json(shareJson(share));
  })
  .delete("/dashboards/:dashboardId/share", need("dashboardShare"), async (c) => {
    await dropDashboardShare(c.env.META, dashboardId(c));
    return c.json(true);
  });
