/**
 * Dashboards and widgets (issue 38 API), through the typed client: each call names the route as
 * the Worker declares it, and its answer is the type that route's handler returns. Write bodies
 * are the server's own schemas (db/dashboards/inputs.ts, `z.input`).
 */
import type { z } from "zod";
import type { dashboardInput, dashboardUpdateInput, widgetInput, widgetUpdateInput } from "../../db/dashboards/inputs";
import type { shareInput } from "@gridbase/worker/resources/dashboards/index";
import { api } from "../lib/api";
import { fromDb, wire } from "../api/wire";
import type { Dashboard, WidgetData } from "./types";
import type { BatchItem } from "./widget-batch";

const list = "/api/v1/db/meta/projects/:projectId/dashboards";
const board = "/api/v1/db/meta/dashboards/:dashboardId";
const widgets = `${board}/widgets` as const;
const widget = `${board}/widgets/:widgetId` as const;

export type WidgetInput = z.input<typeof widgetInput>;

const pw = (password: string | null): Record<string, string> => (password ? { "xc-password": password } : {});

export const dashboardsApi = {
  list: (projectId: string) => wire.get(list, { projectId }),
  create: (projectId: string, title: string) =>
    wire.post(list, { projectId }, { title } satisfies z.input<typeof dashboardInput>),
  read: (dashboardId: string) => wire.get(board, { dashboardId }),
  rename: (dashboardId: string, title: string) => wire.patch(board, { dashboardId }, { title }),
  update: (dashboardId: string, body: z.input<typeof dashboardUpdateInput>) => wire.patch(board, { dashboardId }, body),
  remove: (dashboardId: string) => wire.del(board, { dashboardId }),
  share: (dashboardId: string, body: z.input<typeof shareInput> = {}) =>
    wire.post(`${board}/share`, { dashboardId }, body),
  unshare: (dashboardId: string) => wire.del(`${board}/share`, { dashboardId }),
  addWidget: (dashboardId: string, body: WidgetInput) => wire.post(widgets, { dashboardId }, body),
  updateWidget: (dashboardId: string, widgetId: string, body: z.input<typeof widgetUpdateInput>) =>
    wire.patch(widget, { dashboardId, widgetId }, body),
  removeWidget: (dashboardId: string, widgetId: string) => wire.del(widget, { dashboardId, widgetId }),
  // The room answers one of several shapes by the widget's type (db/dashboards/widget-data.ts);
  // Hono's JSON typing flattens that union, so the db/ side's shape types it (wire.ts `fromDb`).
  data: (dashboardId: string, widgetId: string, signal?: AbortSignal) =>
    wire.get(`${widget}/data`, { dashboardId, widgetId }, { signal }).then(fromDb<WidgetData>()),
  /** Several widgets' data in one request (widget-batch.ts): each a widget's answer or its error. */
  dataMany: (dashboardId: string, widgetIds: string[]) =>
    wire
      .get(`${board}/data`, { dashboardId }, { query: { widget_ids: widgetIds.join(",") } })
      .then(fromDb<{ list: BatchItem[] }>()),
};

/**
 * A shared dashboard read without signing in; the password, when it has one, in a header. The
 * public reads answer cached `Response`s (no JSON type to take), in the signed-in reads' shapes.
 */
export const publicDashboardsApi = {
  read: (uuid: string, password: string | null) =>
    api.get<Dashboard>(`/api/v1/db/public/dashboards/${encodeURIComponent(uuid)}`, { headers: pw(password) }),
  data: (uuid: string, widgetId: string, password: string | null, signal?: AbortSignal) =>
    api.get<WidgetData>(
      `/api/v1/db/public/dashboards/${encodeURIComponent(uuid)}/widgets/${encodeURIComponent(widgetId)}/data`,
      { headers: pw(password), signal },
    ),
};
