import { z } from "zod";
import { checked } from "../checked";
import type { Reader } from "../access/reader";
import type { Actor } from "../rows/audit";
import { dashboardInput, dashboardUpdateInput, widgetInput, widgetUpdateInput } from "./inputs";

/**
 * The room's dashboard requests (`ProjectRoom.dashboards`, issue 38): dashboards and widgets (meta
 * of the project, in its SQLite), and a widget's data, read as `reader` through the data port (the
 * reader's hidden fields and row rules apply: a visitor of a public dashboard is VISITOR).
 */
const dashboardId = z.string();
const widgetId = z.string();
const reader = checked<Reader | null>();
/** The most widgets one batched data request reads (a dashboard holds far fewer). */
export const MAX_BATCH = 50;

export const dashboardRequest = z.discriminatedUnion("op", [
  z.object({ op: z.literal("list") }),
  z.object({ op: z.literal("get"), dashboardId }),
  z.object({ op: z.literal("create"), input: dashboardInput }),
  z.object({ op: z.literal("update"), dashboardId, input: dashboardUpdateInput }),
  /** Into the trash (db/trash/dashboards.ts), said to be deleted by `actor`. */
  z.object({ op: z.literal("delete"), dashboardId, actor: checked<Actor>().optional() }),
  z.object({ op: z.literal("createWidget"), dashboardId, input: widgetInput }),
  z.object({ op: z.literal("updateWidget"), dashboardId, widgetId, input: widgetUpdateInput }),
  z.object({ op: z.literal("deleteWidget"), dashboardId, widgetId }),
  /** `userId`: what `@me` means in the widget's filters. */
  z.object({ op: z.literal("widgetData"), dashboardId, widgetId, reader, userId: z.string().optional() }),
  /**
   * Several widgets' data in one room call (a dashboard's first paint, a change re-read): each
   * answered as `widgetData` would, a widget's refusal kept to that widget.
   */
  z.object({
    op: z.literal("widgetsData"),
    dashboardId,
    widgetIds: z.array(widgetId).min(1).max(MAX_BATCH),
    reader,
    userId: z.string().optional(),
  }),
  /** What a public widget's cached data keys on: null when it must not be cached (rows outside the room). */
  z.object({ op: z.literal("dataStamp") }),
]);
export type DashboardRequest = z.infer<typeof dashboardRequest>;
