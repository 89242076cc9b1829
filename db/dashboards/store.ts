import { and, asc, eq } from "drizzle-orm";
import { missing as notFound } from "../errors";
import { newId } from "../ids";
import { checkTimeZone } from "../query/time-zone";
import { dashboards, widgets, type DashboardRow, type WidgetRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import type { DashboardInput, DashboardUpdateInput, WidgetConfig, WidgetInput, WidgetUpdateInput } from "./inputs";

/**
 * Dashboards and widgets as project meta (issue 38): rows of `_nc_dashboards` and `_nc_widgets`
 * answered in the API's shape (snake_case, JSON parsed). A widget names its table, view and fields
 * by id; nothing here checks them against the schema, so a later delete leaves the widget, and its
 * data answers which one is gone (widget-data.ts).
 */
interface DashboardMeta {
  time_zone?: string;
  layout?: Record<string, unknown>;
}

const parse = <T>(text: string, fallback: T): T => {
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
};

export function dashboardJson(d: DashboardRow) {
  const meta = parse<DashboardMeta>(d.meta, {});
  return {
    id: d.id,
    title: d.title,
    order: d.order,
    time_zone: meta.time_zone ?? "UTC",
    layout: meta.layout ?? {},
    created_at: d.createdAt,
    updated_at: d.updatedAt,
  };
}
export type DashboardJson = ReturnType<typeof dashboardJson>;

export function widgetJson(w: WidgetRow) {
  return {
    id: w.id,
    dashboard_id: w.dashboardId,
    type: w.type,
    title: w.title,
    table_id: w.tableId,
    view_id: w.viewId,
    config: parse<WidgetConfig>(w.config, {}),
    position: parse<Record<string, number>>(w.position, {}),
    created_at: w.createdAt,
    updated_at: w.updatedAt,
  };
}
export type WidgetJson = ReturnType<typeof widgetJson>;

export function dashboardRow(store: ProjectStore, id: string): DashboardRow {
  const row = store.meta.select().from(dashboards).where(eq(dashboards.id, id)).get();
  if (!row) throw notFound("Dashboard not found");
  return row;
}

export function widgetRow(store: ProjectStore, dashboardId: string, id: string): WidgetRow {
  const row = store.meta
    .select()
    .from(widgets)
    .where(and(eq(widgets.id, id), eq(widgets.dashboardId, dashboardId)))
    .get();
  if (!row) throw notFound("Widget not found");
  return row;
}

export function listDashboards(store: ProjectStore) {
  return store.meta
    .select()
    .from(dashboards)
    .orderBy(asc(dashboards.order), asc(dashboards.createdAt))
    .all()
    .map(dashboardJson);
}

export function readDashboard(store: ProjectStore, id: string) {
  const d = dashboardJson(dashboardRow(store, id));
  const list = store.meta
    .select()
    .from(widgets)
    .where(eq(widgets.dashboardId, id))
    .orderBy(asc(widgets.createdAt))
    .all()
    .map(widgetJson);
  return { ...d, widgets: list };
}

export function createDashboard(store: ProjectStore, input: DashboardInput) {
  const now = new Date().toISOString();
  const last = store.exec("SELECT max(sort_order) AS o FROM _nc_dashboards")[0]?.o;
  const meta: DashboardMeta = input.time_zone ? { time_zone: checkTimeZone(input.time_zone) } : {};
  const row: DashboardRow = {
    id: newId("db_"),
    title: input.title,
    order: (typeof last === "number" ? last : 0) + 1,
    meta: JSON.stringify(meta),
    createdAt: now,
    updatedAt: now,
  };
  store.meta.insert(dashboards).values(row).run();
  return dashboardJson(row);
}

export function updateDashboard(store: ProjectStore, id: string, input: DashboardUpdateInput) {
  const row = dashboardRow(store, id);
  const meta = parse<DashboardMeta>(row.meta, {});
  if (input.time_zone !== undefined) meta.time_zone = checkTimeZone(input.time_zone);
  if (input.layout !== undefined) meta.layout = input.layout;
  const set = {
    title: input.title ?? row.title,
    order: input.order ?? row.order,
    meta: JSON.stringify(meta),
    updatedAt: new Date().toISOString(),
  };
  store.meta.update(dashboards).set(set).where(eq(dashboards.id, id)).run();
  return dashboardJson({ ...row, ...set });
}

export function createWidget(store: ProjectStore, dashboardId: string, input: WidgetInput) {
  dashboardRow(store, dashboardId);
  const now = new Date().toISOString();
  const row: WidgetRow = {
    id: newId("wd_"),
    dashboardId,
    type: input.type,
    title: input.title ?? "",
    tableId: input.table_id ?? null,
    viewId: input.view_id ?? null,
    config: JSON.stringify(input.config ?? {}),
    position: JSON.stringify(input.position ?? {}),
    createdAt: now,
    updatedAt: now,
  };
  store.meta.insert(widgets).values(row).run();
  return widgetJson(row);
}

export function updateWidget(store: ProjectStore, dashboardId: string, id: string, input: WidgetUpdateInput) {
  const row = widgetRow(store, dashboardId, id);
  const set = {
    type: input.type ?? row.type,
    title: input.title ?? row.title,
    tableId: input.table_id !== undefined ? input.table_id : row.tableId,
    viewId: input.view_id !== undefined ? input.view_id : row.viewId,
    config: input.config !== undefined ? JSON.stringify(input.config) : row.config,
    position: input.position !== undefined ? JSON.stringify(input.position) : row.position,
    updatedAt: new Date().toISOString(),
  };
  store.meta.update(widgets).set(set).where(eq(widgets.id, id)).run();
  return widgetJson({ ...row, ...set });
}

export function deleteWidget(store: ProjectStore, dashboardId: string, id: string) {
  widgetRow(store, dashboardId, id);
  store.meta.delete(widgets).where(eq(widgets.id, id)).run();
  return true;
}

/** The dashboard's time zone (its date buckets and periods). */
export const timeZoneOf = (store: ProjectStore, dashboardId: string) =>
  dashboardJson(dashboardRow(store, dashboardId)).time_zone;
