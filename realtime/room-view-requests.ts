import { readingAs } from "../db/access/narrow";
import * as calendarApi from "../db/views/calendar/settings";
import * as feedApi from "../db/views/calendar/feed";
import * as timelineApi from "../db/views/timeline/settings";
import * as colourApi from "../db/views/colour-rules";
import * as templateApi from "../db/views/record-template";
import * as createApi from "../db/views/create";
import * as filtersApi from "../db/views/filters";
import * as formApi from "../db/views/form/settings";
import * as galleryApi from "../db/views/gallery/settings";
import * as kanbanApi from "../db/views/kanban/settings";
import { checkViewRef } from "../db/views/kinds";
import { viewRequest, type ViewRequest } from "../db/views/requests";
import * as sortsApi from "../db/views/sorts";
import * as viewColumnsApi from "../db/views/view-columns";
import * as viewsApi from "../db/views/views";
import { trashView } from "../db/trash/views";
import { dispatch, type Answers, type Handlers } from "./room-dispatch";
import { guard } from "./room-guard";
import { withIds } from "./room-ids";
import type { MetaRoom } from "./room-meta";

/**
 * The room's view requests (db/views/requests.ts) to their db/views functions. Every change is a
 * schema change (room-meta.ts), since table refs, view scopes and counts cached before it are
 * stale. Saved filters and sorts run as their `reader`: one on a field hidden from that role is
 * not listed nor found, and it may not name one (db/views/hidden-settings.ts).
 */
const handlers = {
  listViews: (r, q) => guard(() => viewsApi.listViews(r.store, q.projectId, q.tableId, q.caller)),
  createView: (r, q) =>
    r.schemaChange(() => createApi.createView(r.store, q.projectId, q.tableId, q.kind, q.input, q.userId)),
  checkViewKind: (r, q) => guard(() => checkViewRef(r.store, q.ref, q.caller, q.mode)),
  updateView: (r, q) => r.schemaChange(() => viewsApi.updateView(r.store, q.projectId, q.viewId, q.input, q.userId)),
  // Into the trash (issue 35); the route answers as before.
  deleteView: (r, q) => r.schemaChange(() => trashView(r.store, q.viewId, q.actor ?? null)),
  updateGrid: (r, q) => r.schemaChange(() => viewsApi.updateGrid(r.store, q.viewId, q.input)),
  readColourRules: (r, q) =>
    guard(() => readingAs(r.store, q.reader, () => colourApi.readColourRules(r.store, q.viewId))),
  saveColourRules: (r, q) => r.schemaChange(() => colourApi.saveColourRules(r.store, q.viewId, q.input)),
  readRecordTemplate: (r, q) =>
    guard(() => readingAs(r.store, q.reader, () => templateApi.readRecordTemplate(r.store, q.viewId))),
  saveRecordTemplate: (r, q) => r.schemaChange(() => templateApi.saveRecordTemplate(r.store, q.viewId, q.input)),
  readForm: (r, q) =>
    withIds(
      r.store,
      guard(() => formApi.readForm(r.store, q.projectId, q.viewId)),
    ),
  updateForm: (r, q) => r.schemaChange(() => formApi.updateForm(r.store, q.viewId, q.input)),
  updateFormColumn: (r, q) => r.schemaChange(() => formApi.updateFormColumn(r.store, q.viewColumnId, q.input)),
  readGallery: (r, q) => guard(() => galleryApi.readGallery(r.store, q.projectId, q.viewId)),
  updateGallery: (r, q) => r.schemaChange(() => galleryApi.updateGallery(r.store, q.viewId, q.input)),
  readKanban: (r, q) => guard(() => kanbanApi.readKanban(r.store, q.projectId, q.viewId)),
  updateKanban: (r, q) => r.schemaChange(() => kanbanApi.updateKanban(r.store, q.viewId, q.input)),
  readCalendar: (r, q) => guard(() => calendarApi.readCalendar(r.store, q.projectId, q.viewId)),
  updateCalendar: (r, q) => r.schemaChange(() => calendarApi.updateCalendar(r.store, q.projectId, q.viewId, q.input)),
  readTimeline: (r, q) => guard(() => timelineApi.readTimeline(r.store, q.projectId, q.viewId)),
  updateTimeline: (r, q) => r.schemaChange(() => timelineApi.updateTimeline(r.store, q.projectId, q.viewId, q.input)),
  openCalendarFeed: (r, q) => r.schemaChange(() => feedApi.openFeed(r.store, q.viewId, q.hash)),
  closeCalendarFeed: (r, q) => r.schemaChange(() => feedApi.closeFeed(r.store, q.viewId)),
  // Reading a view's columns makes the rows of fields other paths added (db/views/sync.ts).
  listViewColumns: (r, q) =>
    withIds(
      r.store,
      guard(() => viewColumnsApi.listViewColumns(r.store, q.projectId, q.viewId)),
    ),
  // A field's width, place or visibility in a view moves no count: the counts stay (`true`).
  saveViewColumn: (r, q) =>
    r.schemaChange(() => viewColumnsApi.saveViewColumn(r.store, q.projectId, q.viewId, q.input), true),
  updateViewColumn: (r, q) =>
    r.schemaChange(() => viewColumnsApi.updateViewColumn(r.store, q.viewId, q.viewColumnId, q.input), true),
  setAllViewColumns: (r, q) =>
    r.schemaChange(() => viewColumnsApi.setAllColumns(r.store, q.viewId, q.show, q.ignoreIds), true),
  listFilters: (r, q) =>
    guard(() => readingAs(r.store, q.reader, () => filtersApi.listFilters(r.store, q.projectId, q.viewId))),
  listFilterChildren: (r, q) =>
    guard(() => readingAs(r.store, q.reader, () => filtersApi.listChildren(r.store, q.projectId, q.groupId))),
  readFilter: (r, q) =>
    guard(() => readingAs(r.store, q.reader, () => filtersApi.readFilter(r.store, q.projectId, q.filterId))),
  createFilter: (r, q) =>
    r.schemaChange(() =>
      readingAs(r.store, q.reader, () => filtersApi.createFilter(r.store, q.projectId, q.viewId, q.input)),
    ),
  updateFilter: (r, q) =>
    r.schemaChange(() => readingAs(r.store, q.reader, () => filtersApi.updateFilter(r.store, q.filterId, q.input))),
  deleteFilter: (r, q) =>
    r.schemaChange(() => readingAs(r.store, q.reader, () => filtersApi.deleteFilter(r.store, q.filterId))),
  listSorts: (r, q) =>
    guard(() => readingAs(r.store, q.reader, () => sortsApi.listSorts(r.store, q.projectId, q.viewId))),
  readSort: (r, q) =>
    guard(() => readingAs(r.store, q.reader, () => sortsApi.readSort(r.store, q.projectId, q.sortId))),
  // A sort moves no count either.
  createSort: (r, q) =>
    r.schemaChange(
      () => readingAs(r.store, q.reader, () => sortsApi.createSort(r.store, q.projectId, q.viewId, q.input)),
      true,
    ),
  updateSort: (r, q) =>
    r.schemaChange(() => readingAs(r.store, q.reader, () => sortsApi.updateSort(r.store, q.sortId, q.input)), true),
  deleteSort: (r, q) =>
    r.schemaChange(() => readingAs(r.store, q.reader, () => sortsApi.deleteSort(r.store, q.sortId)), true),
} satisfies Handlers<MetaRoom, ViewRequest>;

/** What each view request answers (functions/lib/room.ts types the Worker's calls with it). */
export type ViewAnswers = Answers<typeof handlers>;

export function viewRequestIn<R extends ViewRequest>(room: MetaRoom, req: R) {
  return dispatch(viewRequest, handlers, room, req);
}
