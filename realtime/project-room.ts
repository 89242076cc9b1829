import { Server, type Connection, type ConnectionContext } from "partyserver";
import { fullTableRef } from "../db/rows/table-ref";
import type { PresenceState } from "./presence";
import * as room from "./room-socket";
import * as auditApi from "../db/rows/audit";
import * as readApi from "../db/rows/read";
import * as columnsApi from "../db/schema/columns";
import * as tablesApi from "../db/schema/tables";
import type { ProjectStore } from "../db/store/store";
import type { Env } from "./env";
import { openProjectStore } from "./sqlite-store";
import { AccessGate, type GateClaims } from "./access-gate";
import { SocketAccess } from "./socket-access";
import type { Reader } from "../db/access/rules";
import * as accessApi from "../db/access/rules";
import { metaFor } from "../db/access/meta";
import { readingAs } from "../db/access/narrow";
import * as filtersApi from "../db/views/filters";
import * as sortsApi from "../db/views/sorts";
import * as viewColumnsApi from "../db/views/view-columns";
import * as viewsApi from "../db/views/views";
import * as hooksApi from "../db/hooks/hooks";
import type { HookInput, HookOperation, HookUpdateInput } from "../db/hooks/inputs";
import { samplePayload } from "../db/hooks/trigger";
import type { FilterInput } from "../db/views/inputs";
import * as extSchema from "../db/external/schema-ops";
import type { SourceRow } from "./external-source";
import * as createApi from "../db/views/create";
import * as formApi from "../db/views/form/settings";
import * as galleryApi from "../db/views/gallery/settings";
import * as kanbanApi from "../db/views/kanban/settings";
import * as calendarApi from "../db/views/calendar/settings";
import * as feedApi from "../db/views/calendar/feed";
import { checkViewRef, type Caller, type KindMode, type ViewRef } from "../db/views/kinds";
import type { ViewKind } from "../db/views/types";
import type { RoomResult } from "./room-result";
import { guard } from "./room-guard";
import { withIds } from "./room-ids";
import { RoomFanout } from "./room-fanout";
import { RoomChanges } from "./room-changes";
import { RoomFiles } from "./room-files";
import { RoomHooks } from "./room-webhooks";
import { RoomSource } from "./room-external";
import { WritePipeline } from "./write-pipeline";
import { ExternalTables, NativeTables, type RoomTables } from "./room-tables";
import * as schema from "./room-schema";
import * as comments from "./room-comments";
import * as gating from "./room-gating";
import type { GatedResult } from "./room-gating";
import type { DataCall, ReadRequest, RowChange } from "../db/data/requests";

export type { RoomResult, GatedResult };
export { TOO_MANY_COLUMNS } from "./room-guard";

/**
 * One Durable Object per project (DESIGN.md): its SQLite holds the project's schema and rows,
 * and its sockets are the project's realtime room. Hibernation lets idle rooms cost nothing.
 *
 * This class is its RPC surface (the Worker calls methods by name). Rows go through two entry
 * points, `read` and `write` (typed requests, db/data), on the source picked once (room-tables.ts:
 * the project's own tables or its external database) and, for writes, the one write pipeline
 * (write-pipeline.ts). The rest is in room-*.ts beside it, each part given only the room members
 * it uses: guard (refusals), ids (id journal), gating (access by the request's action), changes
 * and fanout (schema commits, socket events), schema (own tables), external (the source's
 * connection), webhooks (hooks, alarm), files (uploads), comments (audit).
 */
export class ProjectRoom extends Server<Env> {
  static options = { hibernate: true };
  #store: ProjectStore | undefined;
  /** Exact row counts per table and filter; any write empties it. */
  #counts: readApi.CountCache = new Map();

  /** Members' access, memoised for the one-hop data path (access-gate.ts). */
  #gate = new AccessGate(() => this.env.META);
  /** Open sockets' access, kept in step with revocations (socket-access.ts). */
  #sockets = new SocketAccess(this, () => this.env.META);
  /** The project's external database, if it is one (room-external.ts). */
  #external = new RoomSource(this, this.env, this.#counts);
  #files = new RoomFiles(this.ctx, this.env, this);
  #hooks = new RoomHooks(this, this.ctx, this.env, this.#files);
  #changes = new RoomChanges(this, this.#counts);
  #fanout = new RoomFanout(this, this.env);
  /** Row writes, native or external: access → transaction → hooks → files → fan-out. */
  #pipeline = new WritePipeline(this.#counts, this.#files);
  /** Where the rows are (room-tables.ts): picked on first use, again once a database is attached. */
  #tables: RoomTables | undefined;
  #schemaWrites = new schema.SchemaWrites(this, this.#changes, this.#files);

  get source(): SourceRow | null {
    return this.#external.row;
  }

  /**
   * Connects the project to its external database: opens it, reads its schema into the project's
   * meta and keeps the encrypted connection. Nothing is kept when the database refuses.
   */
  async attachSource(projectId: string, input: SourceRow) {
    const attached = await this.#external.attach(projectId, input);
    this.#tables = undefined;
    return attached;
  }

  #rowTables(): RoomTables {
    this.#tables ??= this.#external.row
      ? new ExternalTables(this, this.#external)
      : new NativeTables(this.store, this.#counts, this.#hooks, this.#fanout);
    return this.#tables;
  }

  /** A new connection to the project's database, e.g. a rotated password (room-external.ts). */
  async reconnectSource(raw: unknown) {
    return this.#external.reconnect(raw);
  }

  /** What changed in the database outside the app (contract 4.1 meta-diff). */
  metaDiff() {
    return this.#external.metaDiff();
  }

  /** Brings the meta in line with the database; every tab reloads its schema. */
  async metaSync() {
    return this.#external.metaSync();
  }

  /** The room's name, its project's id; unknown only before the object was first addressed. */
  #projectId(): string | undefined {
    try {
      return this.name;
    } catch {
      return undefined;
    }
  }

  /** Opened on first use, migrated once per start of the object. */
  get store(): ProjectStore {
    this.#store ??= openProjectStore(this.ctx.storage, () => this.#projectId());
    return this.#store;
  }

  // The realtime room: the Worker has checked access before a socket gets here (socket-auth.ts).
  async onConnect(connection: Connection<PresenceState>, ctx: ConnectionContext) {
    room.connect(this, connection, ctx.request);
    if (await this.#sockets.recheck(connection)) room.announcePresence(this);
  }

  onMessage(connection: Connection<PresenceState>, message: string | ArrayBuffer | ArrayBufferView) {
    room.message(this, connection, message);
  }

  onClose() {
    room.announcePresence(this);
  }

  onRequest(): Response {
    return Response.json({ room: this.name, online: [...this.getConnections()].length });
  }

  /**
   * A data request in one hop: the access check of the request's action (the Worker verified the
   * token's signature), then the read or write. Nothing of the project's storage is touched before
   * access is settled.
   */
  async gated(claims: GateClaims, call: DataCall): Promise<GatedResult> {
    return gating.gated(this.#dataRoom, this.#gate, claims, call);
  }

  /**
   * A row read (db/data/requests.ts) as `reader` may see it, on whichever database holds the
   * project's rows. Called by the Worker when its full check settled access (super admins,
   * shared bases, API tokens, visitors) and through `gated`.
   */
  read(req: ReadRequest, reader: Reader | null) {
    const checked = gating.readRequest(req);
    return checked ? this.#dataRoom.read(checked, reader) : gating.NOT_DATA;
  }

  /** A row write (db/data/requests.ts) by `actor` as `reader`, through the write pipeline. */
  async write(change: RowChange, actor: auditApi.Actor, reader: Reader | null) {
    const checked = gating.rowChange(change);
    return checked ? this.#dataRoom.write(checked, actor, reader) : gating.NOT_DATA;
  }

  /** The project's rows, on the database picked when the room opened (room-tables.ts). */
  #dataRoom: gating.DataRoom = {
    read: (req, reader) => this.#rowTables().read(req, reader),
    write: (change, actor, reader) => this.#pipeline.write(this.#rowTables(), change, actor, reader),
  };

  /**
   * Drops memoised access (one user's, or everyone's) and re-authorises the open sockets it
   * covers (socket-access.ts): called after any change that may revoke it.
   */
  async forgetAccess(userId?: string): Promise<RoomResult<null>> {
    this.#gate.forget(userId);
    if (await this.#sockets.revoke(userId)) room.announcePresence(this);
    return { ok: true, data: null };
  }

  /** How often the gate read D1 since the room started (tests: the memo is used). */
  accessFills(): RoomResult<number> {
    return { ok: true, data: this.#gate.fills };
  }

  // Schema RPC (called by the Worker's tables and columns routes). projectId is this room's name.
  listTables(projectId: string, includeM2M: boolean) {
    const result = guard(() => tablesApi.listTables(this.store, projectId, includeM2M));
    // Heals an index row lost between a commit and its D1 write (one write per project open).
    return this.#withIds(result, result.ok ? result.data.map((t) => t.id) : []);
  }
  /**
   * A value that changes whenever the schema cache is emptied, i.e. after any change to tables,
   * fields, views or their settings: part of the edge cache key of shared-view meta.
   */
  schemaStamp(): RoomResult<string> {
    let stamp = this.store.schemaCache.get("stamp:shared") as string | undefined;
    if (!stamp) this.store.schemaCache.set("stamp:shared", (stamp = crypto.randomUUID()));
    return { ok: true, data: stamp };
  }
  /** `reader`: the meta as that role sees it (hidden fields left out, read-only ones marked). */
  readTable(projectId: string, tableId: string, reader?: Reader | null) {
    return guard(() => metaFor(this.store, tablesApi.readTable(this.store, projectId, tableId), reader ?? null));
  }
  createTable(projectId: string, input: tablesApi.CreateTableInput) {
    if (this.source) return this.#external.schema((x) => extSchema.createTable(x, projectId, input));
    return this.#schema(() => tablesApi.createTable(this.store, projectId, input));
  }
  updateTable(tableId: string, input: Parameters<typeof tablesApi.updateTable>[2]) {
    if (this.source)
      return this.#external.schema(async (x) => {
        await extSchema.updateTable(x, tableId, input);
        if (input.title !== undefined || input.meta) tablesApi.updateTable(this.store, tableId, input);
      });
    return this.#schema(() => tablesApi.updateTable(this.store, tableId, input));
  }
  reorderTable(tableId: string, order: number) {
    return this.#schema(() => tablesApi.reorderTable(this.store, tableId, order));
  }
  deleteTable(tableId: string) {
    if (this.source) return this.#external.schema((x) => extSchema.deleteTable(x, tableId));
    return this.#schemaWrites.deleteTable(tableId);
  }
  /** `reader`: a field hidden from a narrowed role is not found for it (db/access/meta.ts). */
  readColumn(projectId: string, columnId: string, reader?: Reader | null) {
    return schema.readColumn(this, projectId, columnId, reader);
  }
  /** `hiddenIn`: views with a public link, where the new field starts hidden (issue 42). */
  addColumn(
    projectId: string,
    tableId: string,
    input: Parameters<typeof columnsApi.addColumn>[3],
    hiddenIn: readonly string[] = [],
  ) {
    if (this.source) return this.#external.schema((x) => extSchema.addColumn(x, projectId, tableId, input));
    return this.#schemaWrites.addColumn(projectId, tableId, input, hiddenIn);
  }
  updateColumn(projectId: string, columnId: string, input: Parameters<typeof columnsApi.updateColumn>[3]) {
    if (this.source) return this.#external.schema((x) => extSchema.updateColumn(x, projectId, columnId, input));
    return this.#schemaWrites.updateColumn(projectId, columnId, input);
  }
  deleteColumn(projectId: string, columnId: string) {
    if (this.source) return this.#external.schema((x) => extSchema.deleteColumn(x, projectId, columnId));
    return this.#schemaWrites.deleteColumn(projectId, columnId);
  }
  /** A table's field permissions and row rules (db/access); a change empties every cached ref. */
  readAccess(tableId: string) {
    return guard(() => accessApi.accessJson(this.store, fullTableRef(this.store, tableId).model.id));
  }
  saveAccess(tableId: string, input: accessApi.AccessInput) {
    return this.#schemaWrites.saveAccess(tableId, input);
  }
  setPrimaryColumn(columnId: string) {
    return this.#schema(() => columnsApi.setPrimary(this.store, columnId));
  }

  /** A schema change: table refs and counts cached before it are no longer true (room-changes.ts). */
  #schema<T>(fn: () => T) {
    return this.#changes.schema(fn);
  }

  /** The id journal's changes go out on the answer (room-ids.ts). */
  #withIds<T>(result: RoomResult<T>, alsoAdded: string[] = []): RoomResult<T> {
    return withIds(this.store, result, alsoAdded);
  }

  /** The ids made or removed since the last answer that carried them (a new project's, once in D1). */
  pendingIds(): RoomResult<null> {
    return this.#withIds({ ok: true, data: null });
  }

  /** Delivers due webhook messages (realtime/hook-delivery.ts) and sleeps until the next one. */
  async onAlarm() {
    return this.#hooks.alarm();
  }

  // Webhooks RPC (contract 4.8). Changes go through #schema: the trigger memoises hooks there.
  listHooks(projectId: string, tableId: string) {
    return guard(() => hooksApi.listHooks(this.store, projectId, tableId));
  }
  readHook(projectId: string, hookId: string) {
    return guard(() => hooksApi.hookJson(hooksApi.findHook(this.store, hookId), projectId));
  }
  createHook(projectId: string, tableId: string, input: HookInput) {
    return this.#schema(() => hooksApi.createHook(this.store, projectId, tableId, input));
  }
  updateHook(projectId: string, hookId: string, input: HookUpdateInput) {
    return this.#schema(() => hooksApi.updateHook(this.store, projectId, hookId, input));
  }
  deleteHook(hookId: string) {
    return this.#schema(() => hooksApi.deleteHook(this.store, hookId));
  }
  listHookFilters(projectId: string, hookId: string) {
    return guard(() => hooksApi.listHookFilters(this.store, projectId, hookId));
  }
  addHookFilter(projectId: string, hookId: string, input: FilterInput) {
    return this.#schema(() => hooksApi.addHookFilter(this.store, projectId, hookId, input));
  }
  listHookLogs(hookId: string, limit: number, offset: number) {
    return guard(() => hooksApi.listHookLogs(this.store, hookId, limit, offset));
  }
  hookSamplePayload(tableKey: string, operation: HookOperation) {
    return guard(() => samplePayload(this.store, tableKey, operation));
  }
  /** The delivery log's "Redeliver": the logged payload queued again for the hook. */
  redeliverHook(hookId: string, logId: number) {
    return this.#hooks.redeliver(hookId, logId);
  }
  /** The test button: one delivery now, no retries; logged when the hook is saved. */
  testHook(tableKey: string, hook: HookInput & { id?: string }, payload: unknown) {
    return this.#hooks.test(tableKey, hook, payload);
  }

  /** `reader`: a narrowed role may comment only on records within its rule (db/access). */
  addComment(tableId: string, rowId: string, actor: auditApi.Actor, text: string, reader?: Reader | null) {
    return comments.addComment(this, tableId, rowId, actor, text, reader);
  }
  /** `reader`: a narrowed role gets no record outside its rule and no value of a hidden field. */
  listAudit(tableId: string, rowId: string, commentsOnly: boolean, reader?: Reader | null) {
    return comments.listAudit(this, tableId, rowId, commentsOnly, reader);
  }
  /** `reader`: counts of records outside a narrowed role's rule are left out. */
  countComments(tableId: string, rowIds: string[], reader?: Reader | null) {
    return comments.countComments(this, tableId, rowIds, reader);
  }

  // Views RPC (contract 4.4, 4.6, 4.7): views, view columns, saved filters and sorts. Every change
  // goes through #schema, since table refs, view scopes and counts cached before it are stale.
  listViews(projectId: string, tableId: string, caller?: Caller) {
    return guard(() => viewsApi.listViews(this.store, projectId, tableId, caller));
  }
  createView(
    projectId: string,
    tableId: string,
    kind: ViewKind,
    input: Parameters<typeof createApi.createView>[4],
    userId: string | null,
  ) {
    return this.#schema(() => createApi.createView(this.store, projectId, tableId, kind, input, userId));
  }
  /** Refuses a locked or another person's personal view before a route acts on it (kinds.ts). */
  checkViewKind(ref: ViewRef, caller: Caller, mode: KindMode) {
    return guard(() => checkViewRef(this.store, ref, caller, mode));
  }
  updateView(
    projectId: string,
    viewId: string,
    input: Parameters<typeof viewsApi.updateView>[3],
    userId: string | null,
  ) {
    return this.#schema(() => viewsApi.updateView(this.store, projectId, viewId, input, userId));
  }
  readForm(projectId: string, viewId: string) {
    return this.#withIds(guard(() => formApi.readForm(this.store, projectId, viewId)));
  }
  updateForm(viewId: string, input: Parameters<typeof formApi.updateForm>[2]) {
    return this.#schema(() => formApi.updateForm(this.store, viewId, input));
  }
  updateFormColumn(viewColumnId: string, input: Parameters<typeof formApi.updateFormColumn>[2]) {
    return this.#schema(() => formApi.updateFormColumn(this.store, viewColumnId, input));
  }
  readGallery(projectId: string, viewId: string) {
    return guard(() => galleryApi.readGallery(this.store, projectId, viewId));
  }
  updateGallery(viewId: string, input: Parameters<typeof galleryApi.updateGallery>[2]) {
    return this.#schema(() => galleryApi.updateGallery(this.store, viewId, input));
  }
  readKanban(projectId: string, viewId: string) {
    return guard(() => kanbanApi.readKanban(this.store, projectId, viewId));
  }
  updateKanban(viewId: string, input: Parameters<typeof kanbanApi.updateKanban>[2]) {
    return this.#schema(() => kanbanApi.updateKanban(this.store, viewId, input));
  }
  readCalendar(projectId: string, viewId: string) {
    return guard(() => calendarApi.readCalendar(this.store, projectId, viewId));
  }
  updateCalendar(projectId: string, viewId: string, input: Parameters<typeof calendarApi.updateCalendar>[3]) {
    return this.#schema(() => calendarApi.updateCalendar(this.store, projectId, viewId, input));
  }
  /** Opens (or replaces) a calendar's iCal feed: the Worker made the secret and passes only its hash. */
  openCalendarFeed(viewId: string, hash: string) {
    return this.#schema(() => feedApi.openFeed(this.store, viewId, hash));
  }
  closeCalendarFeed(viewId: string) {
    return this.#schema(() => feedApi.closeFeed(this.store, viewId));
  }
  deleteView(viewId: string) {
    return this.#schema(() => viewsApi.deleteView(this.store, viewId));
  }
  updateGrid(viewId: string, input: Parameters<typeof viewsApi.updateGrid>[2]) {
    return this.#schema(() => viewsApi.updateGrid(this.store, viewId, input));
  }
  /** Reading a view's columns makes the rows of fields other paths added (db/views/sync.ts). */
  listViewColumns(projectId: string, viewId: string) {
    return this.#withIds(guard(() => viewColumnsApi.listViewColumns(this.store, projectId, viewId)));
  }
  saveViewColumn(projectId: string, viewId: string, input: Parameters<typeof viewColumnsApi.saveViewColumn>[3]) {
    return this.#schema(() => viewColumnsApi.saveViewColumn(this.store, projectId, viewId, input));
  }
  updateViewColumn(
    viewId: string | null,
    viewColumnId: string,
    input: Parameters<typeof viewColumnsApi.updateViewColumn>[3],
  ) {
    return this.#schema(() => viewColumnsApi.updateViewColumn(this.store, viewId, viewColumnId, input));
  }
  setAllViewColumns(viewId: string, show: boolean, ignoreIds: string[]) {
    return this.#schema(() => viewColumnsApi.setAllColumns(this.store, viewId, show, ignoreIds));
  }
  // Saved filters and sorts, each `reader`: one on a field hidden from that role is not listed
  // nor found, and it may not name one (db/views/hidden-settings.ts).
  listFilters(projectId: string, viewId: string, reader?: Reader | null) {
    return guard(() => readingAs(this.store, reader, () => filtersApi.listFilters(this.store, projectId, viewId)));
  }
  listFilterChildren(projectId: string, groupId: string, reader?: Reader | null) {
    return guard(() => readingAs(this.store, reader, () => filtersApi.listChildren(this.store, projectId, groupId)));
  }
  readFilter(projectId: string, filterId: string, reader?: Reader | null) {
    return guard(() => readingAs(this.store, reader, () => filtersApi.readFilter(this.store, projectId, filterId)));
  }
  createFilter(
    projectId: string,
    viewId: string,
    input: Parameters<typeof filtersApi.createFilter>[3],
    reader?: Reader | null,
  ) {
    return this.#schema(() =>
      readingAs(this.store, reader, () => filtersApi.createFilter(this.store, projectId, viewId, input)),
    );
  }
  updateFilter(filterId: string, input: Parameters<typeof filtersApi.updateFilter>[2], reader?: Reader | null) {
    return this.#schema(() =>
      readingAs(this.store, reader, () => filtersApi.updateFilter(this.store, filterId, input)),
    );
  }
  deleteFilter(filterId: string, reader?: Reader | null) {
    return this.#schema(() => readingAs(this.store, reader, () => filtersApi.deleteFilter(this.store, filterId)));
  }
  listSorts(projectId: string, viewId: string, reader?: Reader | null) {
    return guard(() => readingAs(this.store, reader, () => sortsApi.listSorts(this.store, projectId, viewId)));
  }
  readSort(projectId: string, sortId: string, reader?: Reader | null) {
    return guard(() => readingAs(this.store, reader, () => sortsApi.readSort(this.store, projectId, sortId)));
  }
  createSort(
    projectId: string,
    viewId: string,
    input: Parameters<typeof sortsApi.createSort>[3],
    reader?: Reader | null,
  ) {
    return this.#schema(() =>
      readingAs(this.store, reader, () => sortsApi.createSort(this.store, projectId, viewId, input)),
    );
  }
  updateSort(sortId: string, input: Parameters<typeof sortsApi.updateSort>[2], reader?: Reader | null) {
    return this.#schema(() => readingAs(this.store, reader, () => sortsApi.updateSort(this.store, sortId, input)));
  }
  deleteSort(sortId: string, reader?: Reader | null) {
    return this.#schema(() => readingAs(this.store, reader, () => sortsApi.deleteSort(this.store, sortId)));
  }
}
