import { Server, type Connection, type ConnectionContext } from "partyserver";
import { tableRef } from "../db/rows/table-ref";
import type { PresenceState } from "./presence";
import * as room from "./room-socket";
import * as auditApi from "../db/rows/audit";
import * as rowsApi from "../db/rows/api";
import * as readApi from "../db/rows/read";
import * as linksApi from "../db/rows/links";
import { exportCsv } from "../db/rows/export";
import type { ListParams } from "../db/query";
import { QueryError } from "../db/query";
import * as columnsApi from "../db/schema/columns";
import { DbError, missing } from "../db/errors";
import * as tablesApi from "../db/schema/tables";
import type { ProjectStore } from "../db/store/store";
import type { Env } from "../functions/env";
import { openProjectStore } from "./sqlite-store";
import { AccessGate, type GateClaims } from "./access-gate";
import * as filtersApi from "../db/views/filters";
import type { RowScope } from "../db/views/scope";
import * as sortsApi from "../db/views/sorts";
import * as viewColumnsApi from "../db/views/view-columns";
import * as viewsApi from "../db/views/views";
import { filesOfColumn, filesOfTable, type FileSink } from "../db/rows/files";
import { DEFAULT_GRACE_SECONDS, FileRemovals } from "./stored-files";
import { attachmentSecret, signValues } from "../db/files/signed-links";
import * as createApi from "../db/views/create";
import * as formApi from "../db/views/form/settings";
import * as submitApi from "../db/views/form/submit";
import * as galleryApi from "../db/views/gallery/settings";
import * as kanbanApi from "../db/views/kanban/settings";
import * as groupApi from "../db/views/kanban/group";
import * as calendarApi from "../db/views/calendar/settings";
import { checkViewRef, type Caller, type KindMode, type ViewRef } from "../db/views/kinds";
import type { ViewKind } from "../db/views/types";

/** What crosses the RPC boundary: data, or the status and message of a refusal. */
export type RoomResult<T> = { ok: true; data: T } | { ok: false; status: number; msg: string };

function guard<T>(fn: () => T): RoomResult<T> {
  try {
    return { ok: true, data: fn() };
  } catch (err) {
    if (err instanceof DbError || err instanceof QueryError) return { ok: false, status: err.status, msg: err.message };
    // A backstop behind the size limits (db/limits.ts): SQLite's own refusal of an oversize
    // string or row is the caller's input, not a fault of the server.
    if (err instanceof Error && /SQLITE_TOOBIG|string or blob too big/i.test(err.message)) {
      return { ok: false, status: 400, msg: "A value is larger than the database accepts (2 MB)" };
    }
    throw err;
  }
}

/** The data methods a request may reach through `gated` (the one-hop access path). */
export const GATED_METHODS = [
  "listRows", "countRows", "groupBy", "exportCsv", "findOne", "readRow", "rowExists", "nestedList",
  "insertRow", "insertRows", "updateRow", "updateRows", "updateWhere", "deleteRow", "deleteRows", "deleteWhere", "setLink",
  "groupedList", "submitForm",
] as const;
export type GatedMethod = (typeof GATED_METHODS)[number];

/** A gated call's answer: the method's, or `fallback` when the Worker must run the full check. */
export type GatedResult = RoomResult<unknown> | { ok: false; fallback: true };

/**
 * One Durable Object per project (DESIGN.md): its SQLite holds the project's schema and rows,
 * and its sockets are the project's realtime room. Hibernation lets idle rooms cost nothing.
 */
export class ProjectRoom extends Server<Env> {
  static options = { hibernate: true };
  #store: ProjectStore | undefined;
  /** Exact row counts per table and filter; any write empties it. */
  #counts: readApi.CountCache = new Map();

  /** Members' access, memoised for the one-hop data path (access-gate.ts). */
  #gate = new AccessGate(() => this.env.META);

  /** Opened on first use, migrated once per start of the object. */
  get store(): ProjectStore {
    this.#store ??= openProjectStore(this.ctx.storage);
    return this.#store;
  }

  // The realtime room: the Worker has checked access before a socket gets here (socket-auth.ts).
  onConnect(connection: Connection<PresenceState>, ctx: ConnectionContext) {
    room.connect(this, connection, ctx.request);
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
   * A data request in one hop: the access check (the Worker verified the token's signature),
   * then the data method. Nothing of the project's storage is touched before access is settled.
   */
  async gated(claims: GateClaims, method: GatedMethod, args: unknown[]): Promise<GatedResult> {
    if (!(GATED_METHODS as readonly string[]).includes(method)) return { ok: false, status: 400, msg: "Not a data method" };
    const answer = await this.#gate.check(claims);
    if (!answer.ok) return answer.fallback ? answer : { ok: false, status: answer.status, msg: answer.msg };
    return (this[method] as (...a: unknown[]) => RoomResult<unknown>)(...args);
  }

  /** Drops memoised access (one user's, or everyone's): called after any change that may revoke it. */
  forgetAccess(userId?: string): RoomResult<null> {
    this.#gate.forget(userId);
    return { ok: true, data: null };
  }

  /** How often the gate read D1 since the room started (tests: the memo is used). */
  accessFills(): RoomResult<number> {
    return { ok: true, data: this.#gate.fills };
  }

  // Schema RPC (called by the Worker's tables and columns routes). projectId is this room's name.
  listTables(projectId: string, includeM2M: boolean) {
    return guard(() => tablesApi.listTables(this.store, projectId, includeM2M));
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
  schemaIds() {
    return guard(() => tablesApi.schemaIds(this.store));
  }
  readTable(projectId: string, tableId: string) {
    return guard(() => tablesApi.readTable(this.store, projectId, tableId));
  }
  createTable(projectId: string, input: tablesApi.CreateTableInput) {
    return this.#schema(() => tablesApi.createTable(this.store, projectId, input));
  }
  updateTable(tableId: string, input: Parameters<typeof tablesApi.updateTable>[2]) {
    return this.#schema(() => tablesApi.updateTable(this.store, tableId, input));
  }
  reorderTable(tableId: string, order: number) {
    return this.#schema(() => tablesApi.reorderTable(this.store, tableId, order));
  }
  deleteTable(tableId: string) {
    // Read before the drop; the object runs one call at a time, so nothing changes in between.
    const files = guard(() => filesOfTable(this.store, tableId));
    return this.#removingFiles(this.#schema(() => tablesApi.deleteTable(this.store, tableId)), files.ok ? files.data : []);
  }
  readColumn(projectId: string, columnId: string) {
    return guard(() => {
      const c = columnsApi.findColumn(this.store, columnId);
      return tablesApi.readTable(this.store, projectId, c.modelId).columnsById[c.id]!;
    });
  }
  // A formula added or changed is evaluated over the table in the same transaction (probeFormula).
  addColumn(projectId: string, tableId: string, input: Parameters<typeof columnsApi.addColumn>[3]) {
    return this.#schema(() => this.store.transaction(() => {
      const table = columnsApi.addColumn(this.store, projectId, tableId, input);
      const made = (table as { columns?: Array<{ id: string; title: string }> }).columns?.find((c) => c.title === input.title);
      if (made) readApi.probeFormula(this.store, made.id);
      return table;
    }));
  }
  updateColumn(projectId: string, columnId: string, input: Parameters<typeof columnsApi.updateColumn>[3]) {
    return this.#schema(() => this.store.transaction(() => {
      const table = columnsApi.updateColumn(this.store, projectId, columnId, input);
      readApi.probeFormula(this.store, columnId);
      return table;
    }));
  }
  deleteColumn(projectId: string, columnId: string) {
    const files = guard(() => filesOfColumn(this.store, columnId));
    return this.#removingFiles(this.#schema(() => columnsApi.deleteColumn(this.store, projectId, columnId)), files.ok ? files.data : []);
  }
  setPrimaryColumn(columnId: string) {
    return this.#schema(() => columnsApi.setPrimary(this.store, columnId));
  }

  /** A schema change: table refs and counts cached before it are no longer true. */
  #schema<T>(fn: () => T) {
    const result = guard(fn);
    this.store.schemaCache.clear();
    this.#counts.clear();
    // Committed: every tab reloads the schema it shows (tables, columns, views, filters, sorts).
    if (result.ok) room.broadcast(this, { type: "schema" }, "tableList");
    return result;
  }

  /** A row write: counts cached before it are no longer true; once committed, tabs are told. */
  #write<T>(fn: () => T, event: (data: T) => room.RoomEvent | room.RoomEvent[]) {
    this.#counts.clear();
    // One transaction around the write and the read of its answer: when the answer cannot be
    // read (a formula's result over the size limit), the write is undone rather than kept
    // behind a refusal.
    const result = guard(() => this.store.transaction(fn));
    if (result.ok) this.#tell([event(result.data)].flat());
    return result;
  }

  #told: Promise<void> = Promise.resolve();
  /**
   * Rows in events carry uploads: they get signed links as HTTP answers do (signedPath only, the
   * room knows no origin), on a copy, in one chain so that events keep their order.
   */
  #tell(events: room.RoomEvent[]) {
    const secret = attachmentSecret(this.env);
    this.#told = this.#told
      .then(async () => {
        for (const e of events) {
          room.broadcast(this, secret ? await signValues({ secret, projectId: this.name, origin: "" }, structuredClone(e)) : e, "dataList");
        }
      })
      .catch((err: unknown) => console.error("broadcast failed", err instanceof Error ? err.message : err));
  }

  get #files() {
    const grace = Number(this.env.ATTACHMENT_REMOVE_AFTER_SECONDS ?? DEFAULT_GRACE_SECONDS);
    return new FileRemovals(this.ctx.storage, this.env.ATTACHMENTS, Number.isFinite(grace) && grace >= 0 ? grace : DEFAULT_GRACE_SECONDS);
  }

  /** After a committed delete, its uploads are listed for removal without holding up the answer. */
  #removingFiles<T>(result: RoomResult<T>, files: FileSink) {
    if (result.ok && files.length) this.ctx.waitUntil(this.#files.schedule(this.name, files));
    return result;
  }

  /** After a committed write, files its body names stay (an undone delete brings them back). */
  #keepingFiles<T>(result: RoomResult<T>, body: unknown) {
    if (!result.ok) return result;
    const text = typeof body === "string" ? body : JSON.stringify(body ?? null);
    if (text.includes("download/noco/")) this.ctx.waitUntil(this.#files.keepNamedIn(this.name, text));
    return result;
  }

  async onAlarm() {
    await this.#files.run();
  }

  #tableId(tableKey: string) {
    return tableRef(this.store, tableKey).model.id;
  }

  /** Many rows changed (bulk, filtered, links): tabs showing the table refetch what they show. */
  #rows(tableKey: string, actor: auditApi.Actor): room.RoomEvent {
    return { type: "rows", tableId: this.#tableId(tableKey), by: actor };
  }

  // Rows RPC (the data API). tableKey is a table id or title.
  listRows(tableKey: string, params: ListParams, scope?: RowScope) {
    return guard(() => readApi.listRows(this.store, tableKey, params, this.#counts, scope));
  }
  countRows(tableKey: string, where: string | undefined, scope?: RowScope) {
    return guard(() => readApi.countRows(this.store, tableKey, where, this.#counts, scope));
  }
  groupedList(tableKey: string, columnId: string, params: ListParams, scope: RowScope, optionsArrJson?: string) {
    return guard(() => groupApi.groupedList(this.store, tableKey, columnId, params, scope, optionsArrJson));
  }
  /** A record through a form view: its fields and required rules apply (form/submit.ts). */
  submitForm(tableKey: string, viewKey: string, body: unknown, actor: auditApi.Actor) {
    return this.#write(
      () => submitApi.submitForm(this.store, tableKey, viewKey, body, actor),
      (res) => ({ type: "row", op: "insert", tableId: this.#tableId(tableKey), row: res.row, by: actor }),
    );
  }
  groupBy(tableKey: string, column: string, params: ListParams, scope?: RowScope) {
    return guard(() => readApi.groupBy(this.store, tableKey, column, params, scope));
  }
  exportCsv(tableKey: string, params: ListParams, scope?: RowScope) {
    return guard(() => exportCsv(this.store, tableKey, params, scope));
  }
  updateWhere(tableKey: string, where: string | undefined, body: unknown, actor: auditApi.Actor) {
    return this.#keepingFiles(this.#write(() => rowsApi.updateWhere(this.store, tableKey, where, body, actor), () => this.#rows(tableKey, actor)), body);
  }
  deleteWhere(tableKey: string, where: string | undefined, actor: auditApi.Actor) {
    const files: FileSink = [];
    return this.#removingFiles(this.#write(() => rowsApi.deleteWhere(this.store, tableKey, where, actor, files), () => this.#rows(tableKey, actor)), files);
  }
  findOne(tableKey: string, params: ListParams, scope?: RowScope) {
    return guard(() => readApi.findOne(this.store, tableKey, params, scope));
  }
  insertRow(tableKey: string, body: unknown, actor: auditApi.Actor) {
    const result = this.#write(
      () => rowsApi.insertOne(this.store, tableKey, body, actor),
      (row) => ({ type: "row", op: "insert", tableId: this.#tableId(tableKey), row, by: actor }),
    );
    return this.#keepingFiles(result, body);
  }
  insertRows(tableKey: string, bodies: unknown[] | string, actor: auditApi.Actor) {
    return this.#keepingFiles(this.#write(() => rowsApi.insertMany(this.store, tableKey, bodies, actor), () => this.#rows(tableKey, actor)), bodies);
  }
  readRow(tableKey: string, rowId: string) {
    return guard(() => rowsApi.readOne(this.store, tableKey, rowId));
  }
  rowExists(tableKey: string, rowId: string) {
    return guard(() => rowsApi.exists(this.store, tableKey, rowId));
  }
  updateRow(tableKey: string, rowId: string, body: unknown, actor: auditApi.Actor) {
    const result = this.#write(
      () => rowsApi.updateOne(this.store, tableKey, rowId, body, actor),
      (row) => ({ type: "row", op: "update", tableId: this.#tableId(tableKey), row, changed: Object.keys((body ?? {}) as object), by: actor }),
    );
    return this.#keepingFiles(result, body);
  }
  updateRows(tableKey: string, bodies: unknown[], actor: auditApi.Actor) {
    return this.#keepingFiles(this.#write(() => rowsApi.updateMany(this.store, tableKey, bodies, actor), () => this.#rows(tableKey, actor)), bodies);
  }
  deleteRow(tableKey: string, rowId: string, actor: auditApi.Actor) {
    const files: FileSink = [];
    return this.#removingFiles(
      this.#write(
        () => rowsApi.deleteOne(this.store, tableKey, rowId, actor, files),
        () => ({ type: "row", op: "delete", tableId: this.#tableId(tableKey), rowId, by: actor }),
      ),
      files,
    );
  }
  deleteRows(tableKey: string, bodies: unknown[], actor: auditApi.Actor) {
    const files: FileSink = [];
    return this.#removingFiles(this.#write(() => rowsApi.deleteMany(this.store, tableKey, bodies, actor, files), () => this.#rows(tableKey, actor)), files);
  }
  nestedList(tableKey: string, rowId: string, columnKey: string, params: ListParams, linked: boolean) {
    return guard(() => linksApi.nestedList(this.store, tableKey, rowId, columnKey, params, linked));
  }
  setLink(tableKey: string, rowId: string, columnKey: string, refRowId: string, add: boolean, actor: auditApi.Actor) {
    // Both sides show the link: tabs on either table refetch.
    return this.#write(
      () => linksApi.setLink(this.store, tableKey, rowId, columnKey, refRowId, add, actor),
      (res) => [this.#rows(tableKey, actor), this.#rows(res.relatedTableId, actor)],
    );
  }
  addComment(tableId: string, rowId: string, actor: auditApi.Actor, text: string) {
    // A comment belongs to a row that exists: by id, in a table of this project (an id of
    // another kind, such as a column's, names no table).
    const result = guard(() => {
      if (tableRef(this.store, tableId).model.id !== tableId) throw missing("Table not found");
      if (!rowsApi.exists(this.store, tableId, rowId)) throw missing("Row not found");
      return auditApi.addComment(this.store, tableId, rowId, actor, text);
    });
    if (result.ok) room.broadcast(this, { type: "comment", tableId, rowId, by: actor }, "commentList");
    return result;
  }
  listAudit(tableId: string, rowId: string, commentsOnly: boolean) {
    return guard(() => auditApi.listAudit(this.store, tableId, rowId, commentsOnly));
  }
  countComments(tableId: string, rowIds: string[]) {
    return guard(() => auditApi.countComments(this.store, tableId, rowIds));
  }

  // Views RPC (contract 4.4, 4.6, 4.7): views, view columns, saved filters and sorts. Every change
  // goes through #schema, since table refs, view scopes and counts cached before it are stale.
  listViews(projectId: string, tableId: string, caller?: Caller) {
    return guard(() => viewsApi.listViews(this.store, projectId, tableId, caller));
  }
  createView(projectId: string, tableId: string, kind: ViewKind, input: Parameters<typeof createApi.createView>[4], userId: string | null) {
    return this.#schema(() => createApi.createView(this.store, projectId, tableId, kind, input, userId));
  }
  /** Refuses a locked or another person's personal view before a route acts on it (kinds.ts). */
  checkViewKind(ref: ViewRef, caller: Caller, mode: KindMode) {
    return guard(() => checkViewRef(this.store, ref, caller, mode));
  }
  updateView(projectId: string, viewId: string, input: Parameters<typeof viewsApi.updateView>[3], userId: string | null) {
    return this.#schema(() => viewsApi.updateView(this.store, projectId, viewId, input, userId));
  }
  readForm(projectId: string, viewId: string) {
    return guard(() => formApi.readForm(this.store, projectId, viewId));
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
  deleteView(viewId: string) {
    return this.#schema(() => viewsApi.deleteView(this.store, viewId));
  }
  updateGrid(viewId: string, input: Parameters<typeof viewsApi.updateGrid>[2]) {
    return this.#schema(() => viewsApi.updateGrid(this.store, viewId, input));
  }
  listViewColumns(projectId: string, viewId: string) {
    return guard(() => viewColumnsApi.listViewColumns(this.store, projectId, viewId));
  }
  markViewColumnsIndexed(ids: string[]) {
    return guard(() => viewColumnsApi.markIndexed(this.store, ids));
  }
  saveViewColumn(projectId: string, viewId: string, input: Parameters<typeof viewColumnsApi.saveViewColumn>[3]) {
    return this.#schema(() => viewColumnsApi.saveViewColumn(this.store, projectId, viewId, input));
  }
  updateViewColumn(viewId: string | null, viewColumnId: string, input: Parameters<typeof viewColumnsApi.updateViewColumn>[3]) {
    return this.#schema(() => viewColumnsApi.updateViewColumn(this.store, viewId, viewColumnId, input));
  }
  setAllViewColumns(viewId: string, show: boolean, ignoreIds: string[]) {
    return this.#schema(() => viewColumnsApi.setAllColumns(this.store, viewId, show, ignoreIds));
  }
  listFilters(projectId: string, viewId: string) {
    return guard(() => filtersApi.listFilters(this.store, projectId, viewId));
  }
  listFilterChildren(projectId: string, groupId: string) {
    return guard(() => filtersApi.listChildren(this.store, projectId, groupId));
  }
  readFilter(projectId: string, filterId: string) {
    return guard(() => filtersApi.readFilter(this.store, projectId, filterId));
  }
  createFilter(projectId: string, viewId: string, input: Parameters<typeof filtersApi.createFilter>[3]) {
    return this.#schema(() => filtersApi.createFilter(this.store, projectId, viewId, input));
  }
  updateFilter(filterId: string, input: Parameters<typeof filtersApi.updateFilter>[2]) {
    return this.#schema(() => filtersApi.updateFilter(this.store, filterId, input));
  }
  deleteFilter(filterId: string) {
    return this.#schema(() => filtersApi.deleteFilter(this.store, filterId));
  }
  listSorts(projectId: string, viewId: string) {
    return guard(() => sortsApi.listSorts(this.store, projectId, viewId));
  }
  readSort(projectId: string, sortId: string) {
    return guard(() => sortsApi.readSort(this.store, projectId, sortId));
  }
  createSort(projectId: string, viewId: string, input: Parameters<typeof sortsApi.createSort>[3]) {
    return this.#schema(() => sortsApi.createSort(this.store, projectId, viewId, input));
  }
  updateSort(sortId: string, input: Parameters<typeof sortsApi.updateSort>[2]) {
    return this.#schema(() => sortsApi.updateSort(this.store, sortId, input));
  }
  deleteSort(sortId: string) {
    return this.#schema(() => sortsApi.deleteSort(this.store, sortId));
  }
}
