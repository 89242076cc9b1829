/** Creating and shaping views of every type, their settings and the grouped list (API-CONTRACT 4.4, 5.1). */
import type { z } from "zod";
import type { updateCalendarInput } from "../../db/views/calendar/settings";
import type { updateFormColumnInput, updateFormInput } from "../../db/views/form/inputs";
import type { updateGalleryInput } from "../../db/views/gallery/settings";
import type { createViewInput, saveViewColumnInput, updateViewInput } from "../../db/views/inputs";
import type { updateKanbanInput } from "../../db/views/kanban/settings";
import type { updateTimelineInput } from "../../db/views/timeline/settings";
import type { Answer } from "./app-types";
import type { Row } from "./view-types";
import { wire } from "./wire";

const meta = "/api/v1/db/meta";
const viewRows = "/api/v1/db/data/:orgs/:projectName/:tableName/views/:viewName";

export type ViewKind = "grid" | "form" | "gallery" | "kanban" | "calendar" | "timeline";
const ROUTE = {
  grid: `${meta}/tables/:tableId/grids`,
  form: `${meta}/tables/:tableId/forms`,
  gallery: `${meta}/tables/:tableId/galleries`,
  kanban: `${meta}/tables/:tableId/kanbans`,
  calendar: `${meta}/tables/:tableId/calendars`,
  timeline: `${meta}/tables/:tableId/timelines`,
} as const satisfies Record<ViewKind, string>;

export type CreateViewBody = z.input<typeof createViewInput>;
/** Collaborative, locked or personal (SPEC 3 view kinds). */
export type LockType = NonNullable<z.input<typeof updateViewInput>["lock_type"]>;
export type ViewColumn = Answer<`${typeof meta}/views/:viewId/columns`, "$get">["list"][number];
type FormAnswer = Answer<`${typeof meta}/forms/:viewId`, "$get">;
export type FormSettings = Omit<FormAnswer, "columns">;
/** A question; its free-form `meta` holds the rules (db/views/form/rules.ts), edited as a record. */
export type FormColumn = Omit<FormAnswer["columns"][number], "meta"> & { meta?: Record<string, unknown> };
export type KanbanSettings = Answer<`${typeof meta}/kanbans/:viewId`, "$get">;
export type GallerySettings = Answer<`${typeof meta}/galleries/:viewId`, "$get">;
export type CalendarSettings = Answer<`${typeof meta}/calendars/:viewId`, "$get">;
export type TimelineSettings = Answer<`${typeof meta}/timelines/:viewId`, "$get">;
export type Group = Answer<`${typeof viewRows}/group/:columnId`, "$get">[number];

export const viewKindsApi = {
  create: (kind: ViewKind, tableId: string, body: CreateViewBody) => wire.post(ROUTE[kind], { tableId }, body),
  update: (viewId: string, body: z.input<typeof updateViewInput>) =>
    wire.patch(`${meta}/views/:viewId`, { viewId }, body),
  remove: (viewId: string) => wire.del(`${meta}/views/:viewId`, { viewId }),
  columns: async (viewId: string) => (await wire.get(`${meta}/views/:viewId/columns`, { viewId })).list,
  setColumn: (viewId: string, columnId: string, body: { show?: boolean; order?: number }) =>
    wire.post(`${meta}/views/:viewId/columns`, { viewId }, {
      fk_column_id: columnId,
      ...body,
    } satisfies z.input<typeof saveViewColumnInput>),
  setAll: (viewId: string, show: boolean) =>
    show
      ? wire.post(`${meta}/views/:viewId/show-all`, { viewId })
      : wire.post(`${meta}/views/:viewId/hide-all`, { viewId }),
  form: (viewId: string): Promise<FormSettings & Record<"columns", FormColumn[]>> =>
    wire.get(`${meta}/forms/:viewId`, { viewId }),
  updateForm: (viewId: string, body: z.input<typeof updateFormInput>) =>
    wire.patch(`${meta}/forms/:viewId`, { viewId }, body),
  updateFormColumn: (formViewColumnId: string, body: z.input<typeof updateFormColumnInput>) =>
    wire.patch(`${meta}/form-columns/:formViewColumnId`, { formViewColumnId }, body),
  gallery: (viewId: string) => wire.get(`${meta}/galleries/:viewId`, { viewId }),
  updateGallery: (viewId: string, body: z.input<typeof updateGalleryInput>) =>
    wire.patch(`${meta}/galleries/:viewId`, { viewId }, body),
  kanban: (viewId: string) => wire.get(`${meta}/kanbans/:viewId`, { viewId }),
  updateKanban: (viewId: string, body: z.input<typeof updateKanbanInput>) =>
    wire.patch(`${meta}/kanbans/:viewId`, { viewId }, body),
  calendar: (viewId: string) => wire.get(`${meta}/calendars/:viewId`, { viewId }),
  updateCalendar: (viewId: string, body: z.input<typeof updateCalendarInput>) =>
    wire.patch(`${meta}/calendars/:viewId`, { viewId }, body),
  timeline: (viewId: string) => wire.get(`${meta}/timelines/:viewId`, { viewId }),
  updateTimeline: (viewId: string, body: z.input<typeof updateTimelineInput>) =>
    wire.patch(`${meta}/timelines/:viewId`, { viewId }, body),
  /** A timeline's records overlapping from..to, or (`unscheduled`) those without a start; paged. */
  timelineRows: (
    projectId: string,
    tableId: string,
    viewId: string,
    q: { from?: string; to?: string; unscheduled?: boolean; limit: number; offset: number },
    signal?: AbortSignal,
  ) =>
    wire.get(
      `${viewRows}/timeline`,
      { orgs: "noco", projectName: projectId, tableName: tableId, viewName: viewId },
      {
        signal,
        query: {
          from: q.from,
          to: q.to,
          unscheduled: q.unscheduled ? "true" : undefined,
          limit: q.limit,
          offset: q.offset,
        },
      },
    ),
  openFeed: (viewId: string) => wire.post(`${meta}/calendars/:viewId/ical`, { viewId }),
  closeFeed: (viewId: string) => wire.del(`${meta}/calendars/:viewId/ical`, { viewId }),
  grouped: (
    projectId: string,
    tableId: string,
    viewId: string,
    columnId: string,
    q: { limit: number; offset?: number; keys?: Array<string | null>; where?: string },
  ) =>
    wire.get(
      `${viewRows}/group/:columnId`,
      { orgs: "noco", projectName: projectId, tableName: tableId, viewName: viewId, columnId },
      {
        query: {
          limit: q.limit,
          offset: q.offset ?? 0,
          optionsArrJson: q.keys ? JSON.stringify(q.keys) : undefined,
          where: q.where || undefined,
        },
      },
    ),
  submitForm: (projectId: string, tableId: string, viewId: string, row: Row) =>
    wire.post(viewRows, { orgs: "noco", projectName: projectId, tableName: tableId, viewName: viewId }, row),
};
