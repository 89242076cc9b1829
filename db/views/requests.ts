import { z } from "zod";
import { checked } from "../checked";
import type { Reader } from "../access/rules";
import type { Actor } from "../rows/audit";
import type * as calendarApi from "./calendar/settings";
import type * as timelineApi from "./timeline/settings";
import type * as colourApi from "./colour-rules";
import type * as templateApi from "./record-template";
import type * as createApi from "./create";
import type * as filtersApi from "./filters";
import type * as formApi from "./form/settings";
import type * as galleryApi from "./gallery/settings";
import type * as kanbanApi from "./kanban/settings";
import type { Caller, KindMode, ViewRef } from "./kinds";
import type * as sortsApi from "./sorts";
import type { ViewKind } from "./types";
import type * as viewColumnsApi from "./view-columns";
import type * as viewsApi from "./views";

const id = z.string();
/** Filters and sorts as that role may see them: one on a field hidden from it is not found. */
const reader = checked<Reader | null>().optional();
const userId = z.string().nullable();

/**
 * The room's view requests (`ProjectRoom.views`, contract 4.4, 4.6, 4.7): views, their kind
 * settings, view columns, saved filters and sorts. projectId is the room's name.
 */
export const viewRequest = z.discriminatedUnion("op", [
  z.object({ op: z.literal("listViews"), projectId: id, tableId: id, caller: checked<Caller>().optional() }),
  z.object({
    op: z.literal("createView"),
    projectId: id,
    tableId: id,
    kind: checked<ViewKind>(),
    input: checked<Parameters<typeof createApi.createView>[4]>(),
    userId,
  }),
  /** Refuses a locked or another person's personal view before a route acts on it (kinds.ts). */
  z.object({
    op: z.literal("checkViewKind"),
    ref: checked<ViewRef>(),
    caller: checked<Caller>(),
    mode: checked<KindMode>(),
  }),
  z.object({
    op: z.literal("updateView"),
    projectId: id,
    viewId: id,
    input: checked<Parameters<typeof viewsApi.updateView>[3]>(),
    userId,
  }),
  /** `actor`: who deletes, named by the trash entry. */
  z.object({ op: z.literal("deleteView"), viewId: id, actor: checked<Actor>().optional() }),
  z.object({ op: z.literal("updateGrid"), viewId: id, input: checked<Parameters<typeof viewsApi.updateGrid>[2]>() }),
  /** A view's colour rules (issue 37, colour-rules.ts): read by anyone who reads the view. */
  z.object({ op: z.literal("readColourRules"), viewId: id, reader }),
  z.object({
    op: z.literal("saveColourRules"),
    viewId: id,
    input: checked<Parameters<typeof colourApi.saveColourRules>[2]>(),
  }),
  /** A view's record template (issue 37, record-template.ts): read by anyone who reads the view. */
  z.object({ op: z.literal("readRecordTemplate"), viewId: id, reader }),
  z.object({
    op: z.literal("saveRecordTemplate"),
    viewId: id,
    input: checked<Parameters<typeof templateApi.saveRecordTemplate>[2]>(),
  }),
  z.object({ op: z.literal("readForm"), projectId: id, viewId: id }),
  z.object({ op: z.literal("updateForm"), viewId: id, input: checked<Parameters<typeof formApi.updateForm>[2]>() }),
  z.object({
    op: z.literal("updateFormColumn"),
    viewColumnId: id,
    input: checked<Parameters<typeof formApi.updateFormColumn>[2]>(),
  }),
  z.object({ op: z.literal("readGallery"), projectId: id, viewId: id }),
  z.object({
    op: z.literal("updateGallery"),
    viewId: id,
    input: checked<Parameters<typeof galleryApi.updateGallery>[2]>(),
  }),
  z.object({ op: z.literal("readKanban"), projectId: id, viewId: id }),
  z.object({
    op: z.literal("updateKanban"),
    viewId: id,
    input: checked<Parameters<typeof kanbanApi.updateKanban>[2]>(),
  }),
  z.object({ op: z.literal("readCalendar"), projectId: id, viewId: id }),
  z.object({
    op: z.literal("updateCalendar"),
    projectId: id,
    viewId: id,
    input: checked<Parameters<typeof calendarApi.updateCalendar>[3]>(),
  }),
  z.object({ op: z.literal("readTimeline"), projectId: id, viewId: id }),
  z.object({
    op: z.literal("updateTimeline"),
    projectId: id,
    viewId: id,
    input: checked<Parameters<typeof timelineApi.updateTimeline>[3]>(),
  }),
  /** Opens (or replaces) a calendar's iCal feed: the Worker made the secret and passes only its hash. */
  z.object({ op: z.literal("openCalendarFeed"), viewId: id, hash: z.string() }),
  z.object({ op: z.literal("closeCalendarFeed"), viewId: id }),
  /** Reading a view's columns makes the rows of fields other paths added (db/views/sync.ts). */
  z.object({ op: z.literal("listViewColumns"), projectId: id, viewId: id }),
  z.object({
    op: z.literal("saveViewColumn"),
    projectId: id,
    viewId: id,
    input: checked<Parameters<typeof viewColumnsApi.saveViewColumn>[3]>(),
  }),
  z.object({
    op: z.literal("updateViewColumn"),
    viewId: id.nullable(),
    viewColumnId: id,
    input: checked<Parameters<typeof viewColumnsApi.updateViewColumn>[3]>(),
  }),
  z.object({ op: z.literal("setAllViewColumns"), viewId: id, show: z.boolean(), ignoreIds: z.array(id) }),
  z.object({ op: z.literal("listFilters"), projectId: id, viewId: id, reader }),
  z.object({ op: z.literal("listFilterChildren"), projectId: id, groupId: id, reader }),
  z.object({ op: z.literal("readFilter"), projectId: id, filterId: id, reader }),
  z.object({
    op: z.literal("createFilter"),
    projectId: id,
    viewId: id,
    input: checked<Parameters<typeof filtersApi.createFilter>[3]>(),
    reader,
  }),
  z.object({
    op: z.literal("updateFilter"),
    filterId: id,
    input: checked<Parameters<typeof filtersApi.updateFilter>[2]>(),
    reader,
  }),
  z.object({ op: z.literal("deleteFilter"), filterId: id, reader }),
  z.object({ op: z.literal("listSorts"), projectId: id, viewId: id, reader }),
  z.object({ op: z.literal("readSort"), projectId: id, sortId: id, reader }),
  z.object({
    op: z.literal("createSort"),
    projectId: id,
    viewId: id,
    input: checked<Parameters<typeof sortsApi.createSort>[3]>(),
    reader,
  }),
  z.object({
    op: z.literal("updateSort"),
    sortId: id,
    input: checked<Parameters<typeof sortsApi.updateSort>[2]>(),
    reader,
  }),
  z.object({ op: z.literal("deleteSort"), sortId: id, reader }),
]);
export type ViewRequest = z.infer<typeof viewRequest>;
