import * as api from "../db/dashboards/store";
import { dashboardRequest, type DashboardRequest } from "../db/dashboards/requests";
import { valueNames, widgetAnswer, widgetRead } from "../db/dashboards/widget-data";
import type { Reader } from "../db/access/reader";
import type { AggregateRow } from "../db/query/compile-aggregate";
import type { ReadRequest } from "../db/data/requests";
import { dispatch, type Answers, type Handlers } from "./room-dispatch";
import { trashDashboard } from "../db/trash/dashboards";
import { guard } from "./room-guard";
import { schemaStamp } from "./room-stamps";
import type { MetaRoom } from "./room-meta";
import type { RoomResult } from "./room-result";

/** What the dashboard requests need of the room: its meta, and row reads through the data port. */
export interface DashboardRoom {
  meta: MetaRoom;
  read(req: ReadRequest, reader: Reader | null): RoomResult<unknown> | Promise<RoomResult<unknown>>;
  /** Renewed by any write to the rows (room-stamps.ts); null when the rows live in an external database. */
  dataStamp(): number | null;
}

/**
 * The room's dashboard requests (db/dashboards/requests.ts). Changes go through `schemaChange`:
 * the tabs hear of them, the dashboard ids reach the Worker's id index, and the schema stamp a
 * public dashboard's edge cache keys on is renewed. A widget's data is one read of the data port
 * (the same path as a list: the reader's hidden fields and row rules, native or external rows).
 */
const handlers = {
  list: (r) => guard(() => ({ list: api.listDashboards(r.meta.store) })),
  get: (r, q) => guard(() => api.readDashboard(r.meta.store, q.dashboardId)),
  create: (r, q) => r.meta.schemaChange(() => api.createDashboard(r.meta.store, q.input)),
  update: (r, q) => r.meta.schemaChange(() => api.updateDashboard(r.meta.store, q.dashboardId, q.input)),
  // Into the trash with its widgets (issue 38); the route answers as before.
  delete: (r, q) => r.meta.schemaChange(() => trashDashboard(r.meta.store, q.dashboardId, q.actor ?? null)),
  createWidget: (r, q) => r.meta.schemaChange(() => api.createWidget(r.meta.store, q.dashboardId, q.input)),
  updateWidget: (r, q) => r.meta.schemaChange(() => api.updateWidget(r.meta.store, q.dashboardId, q.widgetId, q.input)),
  deleteWidget: (r, q) => r.meta.schemaChange(() => api.deleteWidget(r.meta.store, q.dashboardId, q.widgetId)),
  // Any change to the dashboard, its widgets, the schema or the rows gives another stamp. An
  // external database changes without the room knowing: its widgets are never cached.
  dataStamp: (r) => {
    const data = r.dataStamp();
    return { ok: true as const, data: data === null ? null : `${schemaStamp(r.meta.store)}.${data}` };
  },
  widgetData: (r, q) => widgetData(r, q),
  // One after another in this one call: the room runs one query at a time anyway, and the Worker's
  // access check and the call itself are paid once. A refused or broken widget answers its error.
  widgetsData: async (r, q) => {
    const list: Record<string, unknown>[] = [];
    for (const widgetId of q.widgetIds) {
      const res = await widgetData(r, { ...q, op: "widgetData", widgetId });
      list.push(res.ok ? res.data : { widget_id: widgetId, error: { status: res.status, msg: res.msg } });
    }
    return { ok: true as const, data: { list } };
  },
} satisfies Handlers<DashboardRoom, DashboardRequest>;

/** A widget's data: one read of the data port as the request's reader. */
async function widgetData(r: DashboardRoom, q: Extract<DashboardRequest, { op: "widgetData" }>) {
  const store = r.meta.store;
  const plan = guard(() => {
    const w = api.widgetJson(api.widgetRow(store, q.dashboardId, q.widgetId));
    const zone = api.timeZoneOf(store, q.dashboardId);
    return { w, read: widgetRead(store, w, q.reader, zone, q.userId), names: valueNames(store, w.config) };
  });
  if (!plan.ok) return plan;
  const { w, read, names } = plan.data;
  const base = { widget_id: w.id, table_id: w.table_id };
  if (read.kind === "none") return { ok: true as const, data: { ...base } as Record<string, unknown> };
  const res = await r.read(read.req, q.reader);
  if (!res.ok) return res;
  if (read.kind === "records") return { ok: true as const, data: { ...base, ...(res.data as object) } };
  const rows = (res.data as { rows: AggregateRow[] }).rows;
  return { ok: true as const, data: { ...base, ...widgetAnswer(w, read.req.spec, rows, names) } };
}

/** What each dashboard request answers (functions/lib/room.ts types the Worker's calls with it). */
export type DashboardAnswers = Answers<typeof handlers>;

export function dashboardRequestIn<R extends DashboardRequest>(room: DashboardRoom, req: R) {
  return dispatch(dashboardRequest, handlers, room, req);
}
