/**
 * Dashboards and widgets (issue 38 API). Until the server half's routes are in the app's route
 * table these calls name their paths directly, with the contract's shapes from ./types.
 */
import { api } from "../lib/api";
import type { Cell, Dashboard, WidgetConfig, WidgetData, WidgetType } from "./types";

const meta = "/api/v1/db/meta";
const enc = encodeURIComponent;
const board = (id: string) => `${meta}/dashboards/${enc(id)}`;
const widget = (dashboardId: string, widgetId: string) => `${board(dashboardId)}/widgets/${enc(widgetId)}`;

export interface WidgetInput {
  type: WidgetType;
  title: string;
  table_id: string;
  view_id?: string | null;
  config: WidgetConfig;
  position?: Cell;
}

export const dashboardsApi = {
  list: (projectId: string) => api.get<{ list: Dashboard[] }>(`${meta}/projects/${enc(projectId)}/dashboards`),
  create: (projectId: string, title: string) =>
    api.post<{ id: string; title: string }>(`${meta}/projects/${enc(projectId)}/dashboards`, { title }),
  read: (id: string) => api.get<Dashboard>(board(id)),
  rename: (id: string, title: string) => api.patch<unknown>(board(id), { title }),
  remove: (id: string) => api.del<unknown>(board(id)),
  share: (id: string, body: { password?: string | null; expires_at?: string | null } = {}) =>
    api.post<{ uuid: string }>(`${board(id)}/share`, body),
  unshare: (id: string) => api.del<unknown>(`${board(id)}/share`),
  addWidget: (dashboardId: string, body: WidgetInput) =>
    api.post<{ id: string }>(`${board(dashboardId)}/widgets`, body),
  updateWidget: (dashboardId: string, widgetId: string, body: Partial<WidgetInput>) =>
    api.patch<unknown>(widget(dashboardId, widgetId), body),
  removeWidget: (dashboardId: string, widgetId: string) => api.del<unknown>(widget(dashboardId, widgetId)),
  data: (dashboardId: string, widgetId: string, signal?: AbortSignal) =>
    api.get<WidgetData>(`${widget(dashboardId, widgetId)}/data`, { signal }),
};

/** A shared dashboard read without signing in; the password, when it has one, in a header. */
export const publicDashboardsApi = {
  read: (uuid: string, password: string | null) =>
    api.get<Dashboard>(`/api/v1/db/public/dashboards/${enc(uuid)}`, { headers: pw(password) }),
  data: (uuid: string, widgetId: string, password: string | null, signal?: AbortSignal) =>
    api.get<WidgetData>(`/api/v1/db/public/dashboards/${enc(uuid)}/widgets/${enc(widgetId)}/data`, {
      headers: pw(password),
      signal,
    }),
};

const pw = (password: string | null): Record<string, string> => (password ? { "xc-password": password } : {});
