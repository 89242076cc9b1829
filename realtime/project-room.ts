import type { GatedMethod } from "./gated-methods";
import { Server, type Connection, type ConnectionContext } from "partyserver";
import type { PresenceState } from "./presence";
import * as room from "./room-socket";
import * as auditApi from "../db/rows/audit";
import * as rowsApi from "../db/rows/api";
import * as readApi from "../db/rows/read";
import * as linksApi from "../db/rows/links";
import { exportCsv } from "../db/rows/export";
import type { ListParams } from "../db/query";
import { unsupported } from "../db/errors";
import type { ProjectStore } from "../db/store/store";
import type { Env } from "./env";
import { openProjectStore } from "./sqlite-store";
import { AccessGate, type GateClaims } from "./access-gate";
import { SocketAccess } from "./socket-access";
import type { Reader } from "../db/access/rules";
import type { RowScope } from "../db/views/scope";
import * as ext from "../db/external/rows";
import * as extExport from "../db/external/export";
import type { SourceRow } from "./external-source";
import type { FormLink } from "../db/rows/submit-with-links";
import * as groupApi from "../db/views/kanban/group";
import * as feedApi from "../db/views/calendar/feed";
import type { RoomResult } from "./room-result";
import { guard } from "./room-guard";
import { withIds } from "./room-ids";
import { RoomFanout } from "./room-fanout";
import { RoomChanges } from "./room-changes";
import { RoomFiles } from "./room-files";
import { RoomHooks } from "./room-webhooks";
import { RoomSource } from "./room-external";
import * as extRows from "./room-external-rows";
import { RowWrites } from "./room-rows";
import * as schema from "./room-schema";
import * as gating from "./room-gating";
import type { GatedResult } from "./room-gating";
import { metaRoom } from "./room-meta";
import { ExternalSchemaWrites, schemaWritesOf } from "./room-schema-source";
import { schemaRequestIn, type SchemaAnswers } from "./room-schema-requests";
import { viewRequestIn, type ViewAnswers } from "./room-view-requests";
import { hookRequestIn, type HookAnswers } from "./room-hook-requests";
import { commentRequestIn, type CommentAnswers } from "./room-comments";
import { sourceRequestIn, type SourceAnswers } from "./room-source-requests";
import type { SchemaRequest } from "../db/schema/requests";
import type { ViewRequest } from "../db/views/requests";
import type { HookRequest } from "../db/hooks/requests";
import type { CommentRequest } from "../db/rows/comment-requests";
import type { SourceRequest } from "../db/external/source-requests";

export type { RoomResult, GatedResult };
export { TOO_MANY_COLUMNS } from "./room-guard";

/**
 * One Durable Object per project (DESIGN.md): its SQLite holds the project's schema and rows,
 * and its sockets are the project's realtime room. Hibernation lets idle rooms cost nothing.
 *
 * This class is its RPC surface (the Worker calls methods by name). Schema, views, hooks, comments
 * and the external database each have one entry point taking a typed request (a zod union on
 * `op`, in db/), dispatched in a room-*-requests.ts module. The work is in room-*.ts beside it,
 * each part given only the room members it uses: guard (refusals), ids (id journal), gating
 * (access), changes and fanout (commits, socket events), rows and schema (own tables),
 * schema-source (which database a schema change goes to), external and external-rows (the
 * source), webhooks (hooks, alarm), files (uploads), comments (audit).
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
  #changes = new RoomChanges(this, this.#counts, new RoomFanout(this, this.env));
  #rows = new RowWrites(this, this.#changes, this.#hooks, this.#files);
  #schemaWrites = new schema.SchemaWrites(this, this.#changes, this.#files);
  #externalSchema = new ExternalSchemaWrites(this.#external);
  /** What the meta requests (schema, views, hooks) need of the room (room-meta.ts). */
  #meta = metaRoom(this, (fn) => this.#schema(fn), {
    own: this.#schemaWrites,
    writes: () => schemaWritesOf(this.#external, this.#schemaWrites, this.#externalSchema),
    delivery: this.#hooks,
  });

  get source(): SourceRow | null {
    return this.#external.row;
  }

  /**
   * The project's external database: attach, reconnect, meta diff and sync (room-source-requests.ts).
   * Not `source`: that is the database's row, read by the data methods.
   */
  async external<R extends SourceRequest>(req: R): Promise<SourceAnswers[R["op"]]> {
    return sourceRequestIn(this.#external, req);
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
   * A data request in one hop: the access check (the Worker verified the token's signature),
   * then the data method. Nothing of the project's storage is touched before access is settled.
   */
  async gated(claims: GateClaims, method: GatedMethod, args: unknown[]): Promise<GatedResult> {
    return gating.gated(this, this.#gate, claims, method, args);
  }

  /**
   * A data method for a caller whose access the Worker's full check settled (the fallback of
   * `gated`: super admins, shared bases, API tokens): the same method, narrowed to their role.
   */
  asReader(reader: Reader | null, method: GatedMethod, args: unknown[]) {
    return gating.asReader(this, reader, method, args);
  }

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

  /**
   * Tables, fields and their access rules (room-schema-requests.ts); a change goes to the
   * external database or the project's own tables, as room-schema-source.ts picks.
   */
  async schema<R extends SchemaRequest>(req: R): Promise<SchemaAnswers[R["op"]]> {
    return schemaRequestIn(this.#meta, req);
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

  /** Webhooks (contract 4.8, room-hook-requests.ts): their settings, logs, redelivery and test. */
  async hooks<R extends HookRequest>(req: R): Promise<HookAnswers[R["op"]]> {
    return hookRequestIn(this.#meta, req);
  }

  // Rows RPC (the data API). tableKey is a table id or title. A write goes to the external
  // database (room-external-rows.ts) or to the project's own tables (room-rows.ts).
  listRows(tableKey: string, params: ListParams, scope?: RowScope) {
    if (this.source) return this.#external.run((x) => ext.listRows(x, tableKey, params, scope));
    return guard(() => readApi.listRows(this.store, tableKey, params, this.#counts, scope));
  }
  countRows(tableKey: string, where: string | undefined, scope?: RowScope) {
    if (this.source) return this.#external.run((x) => ext.countRows(x, tableKey, where, scope));
    return guard(() => readApi.countRows(this.store, tableKey, where, this.#counts, scope));
  }
  groupedList(tableKey: string, columnId: string, params: ListParams, scope: RowScope, optionsArrJson?: string) {
    return guard(() => groupApi.groupedList(this.store, tableKey, columnId, params, scope, optionsArrJson));
  }
  /** A record through a form view: its fields and required rules apply (form/submit.ts). */
  submitForm(tableKey: string, viewKey: string, body: unknown, actor: auditApi.Actor) {
    return this.#rows.submitForm(tableKey, viewKey, body, actor);
  }
  /** A shared form's record with its link values, in the one transaction of a write (room-changes.ts). */
  submitFormWithLinks(tableKey: string, viewKey: string, body: unknown, links: FormLink[], actor: auditApi.Actor) {
    return this.#rows.submitFormWithLinks(tableKey, viewKey, body, links, actor);
  }
  groupBy(tableKey: string, column: string, params: ListParams, scope?: RowScope) {
    if (this.source) return this.#external.run((x) => ext.groupBy(x, tableKey, column, params, scope));
    return guard(() => readApi.groupBy(this.store, tableKey, column, params, scope));
  }
  /** `origin`: the site's public origin, for the links of uploads in the file. */
  exportCsv(tableKey: string, params: ListParams, scope?: RowScope, origin = "") {
    if (this.source) return this.#external.run((x) => extExport.exportCsv(x, tableKey, params, scope, origin));
    return guard(() => exportCsv(this.store, tableKey, params, scope, origin));
  }
  updateWhere(tableKey: string, where: string | undefined, body: unknown, actor: auditApi.Actor) {
    if (this.source) return extRows.updateWhere(this.#external, tableKey, where, body, actor);
    return this.#rows.updateWhere(tableKey, where, body, actor);
  }
  deleteWhere(tableKey: string, where: string | undefined, actor: auditApi.Actor) {
    if (this.source) return extRows.deleteWhere(this.#external, tableKey, where, actor);
    return this.#rows.deleteWhere(tableKey, where, actor);
  }
  findOne(tableKey: string, params: ListParams, scope?: RowScope) {
    if (this.source) return this.#external.run((x) => ext.findOne(x, tableKey, params, scope));
    return guard(() => readApi.findOne(this.store, tableKey, params, scope));
  }
  insertRow(tableKey: string, body: unknown, actor: auditApi.Actor) {
    if (this.source) return extRows.insertRow(this.#external, tableKey, body, actor);
    return this.#rows.insertRow(tableKey, body, actor);
  }
  insertRows(tableKey: string, bodies: unknown[] | string, actor: auditApi.Actor) {
    if (this.source) return extRows.insertRows(this.#external, tableKey, bodies, actor);
    return this.#rows.insertRows(tableKey, bodies, actor);
  }
  readRow(tableKey: string, rowId: string) {
    if (this.source) return this.#external.run((x) => ext.readRow(x, tableKey, rowId));
    return guard(() => rowsApi.readOne(this.store, tableKey, rowId));
  }
  rowExists(tableKey: string, rowId: string) {
    if (this.source) return this.#external.run((x) => ext.rowExists(x, tableKey, rowId));
    return guard(() => rowsApi.exists(this.store, tableKey, rowId));
  }
  updateRow(tableKey: string, rowId: string, body: unknown, actor: auditApi.Actor) {
    if (this.source) return extRows.updateRow(this.#external, tableKey, rowId, body, actor);
    return this.#rows.updateRow(tableKey, rowId, body, actor);
  }
  updateRows(tableKey: string, bodies: unknown[], actor: auditApi.Actor) {
    if (this.source) return extRows.updateRows(this.#external, tableKey, bodies, actor);
    return this.#rows.updateRows(tableKey, bodies, actor);
  }
  deleteRow(tableKey: string, rowId: string, actor: auditApi.Actor) {
    if (this.source) return extRows.deleteRow(this.#external, tableKey, rowId, actor);
    return this.#rows.deleteRow(tableKey, rowId, actor);
  }
  deleteRows(tableKey: string, bodies: unknown[], actor: auditApi.Actor) {
    if (this.source) return extRows.deleteRows(this.#external, tableKey, bodies, actor);
    return this.#rows.deleteRows(tableKey, bodies, actor);
  }
  nestedList(tableKey: string, rowId: string, columnKey: string, params: ListParams, linked: boolean) {
    if (this.source) return this.#external.run((x) => ext.nestedList(x, tableKey, rowId, columnKey, params, linked));
    return guard(() => linksApi.nestedList(this.store, tableKey, rowId, columnKey, params, linked));
  }
  setLink(tableKey: string, rowId: string, columnKey: string, refRowId: string, add: boolean, actor: auditApi.Actor) {
    if (this.source) return extRows.setLink(this.#external, tableKey, rowId, columnKey, refRowId, add, actor);
    return this.#rows.setLink(tableKey, rowId, columnKey, refRowId, add, actor);
  }
  /** A record's comments and history as the request's reader may see them (room-comments.ts). */
  async comments<R extends CommentRequest>(req: R): Promise<CommentAnswers[R["op"]]> {
    return commentRequestIn(this, req);
  }

  /**
   * Views (contract 4.4, 4.6, 4.7, room-view-requests.ts): their kinds' settings, view columns,
   * saved filters and sorts.
   */
  async views<R extends ViewRequest>(req: R): Promise<ViewAnswers[R["op"]]> {
    return viewRequestIn(this.#meta, req);
  }

  /** The feed's iCal text when `hash` is the open feed's; 404 otherwise. */
  calendarFeed(viewId: string, hash: string) {
    // The feed reads the project's own tables; a project on an external database has none here.
    if (this.source)
      return guard(() => {
        throw unsupported("Calendar feeds of tables on external databases are not supported");
      });
    return guard(() => feedApi.feedText(this.store, viewId, hash));
  }
}
