import { Server, type Connection, type ConnectionContext } from "partyserver";
import type { PresenceState } from "./presence";
import * as room from "./room-socket";
import * as auditApi from "../db/rows/audit";
import * as readApi from "../db/rows/read";
import type { ProjectStore } from "../db/store/store";
import type { Env } from "./env";
import { openProjectStore } from "./sqlite-store";
import { AccessGate, type GateClaims } from "./access-gate";
import { SocketAccess } from "./socket-access";
import type { Reader } from "../db/access/rules";
import type { SourceRow } from "./external-source";
import type { RoomResult } from "./room-result";
import { withIds } from "./room-ids";
import { RoomFanout } from "./room-fanout";
import { RoomChanges } from "./room-changes";
import { RoomFiles } from "./room-files";
import { RoomHooks, maxDepth } from "./room-webhooks";
import { RoomAutomations } from "./room-automations";
import { RoomSource } from "./room-external";
import { WritePipeline } from "./write-pipeline";
import { ExternalTables, NativeTables, type RoomTables } from "./room-tables";
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
import { RoomTrash } from "./room-trash";
import { trashRequestIn, type TrashAnswers } from "./room-trash-requests";
import type { TrashRequest } from "../db/trash/requests";
import { RoomSnapshots } from "./room-snapshots";
import { snapshotRequestIn, type SnapshotAnswers } from "./room-snapshot-requests";
import type { SnapshotRequest } from "../db/project/snapshot-requests";
import type { SchemaRequest } from "../db/schema/requests";
import type { ViewRequest } from "../db/views/requests";
import type { HookRequest } from "../db/hooks/requests";
import type { CommentRequest } from "../db/rows/comment-requests";
import type { SourceRequest } from "../db/external/source-requests";
import { ReadRequest, RowChange, type DataCall } from "../db/data/requests";
import { dashboardRequestIn, type DashboardAnswers } from "./room-dashboard-requests";
import { dataStamp } from "./room-stamps";
import type { DashboardRequest } from "../db/dashboards/requests";
import { transferRequestIn, type TransferAnswers, type TransferRoom } from "./room-transfer-requests";
import type { TransferRequest } from "../db/project/transfer-requests";

export type { RoomResult, GatedResult };
export { TOO_MANY_COLUMNS } from "./room-guard";
import { PROJECT_DB_LIMIT_BYTES, projectNearlyFull, ROOM_CALL_MAX_BYTES } from "../db/limits";

/**
 * One Durable Object per project (DESIGN.md): its SQLite holds the project's schema and rows,
 * and its sockets are the project's realtime room. Hibernation lets idle rooms cost nothing.
 *
 * This class is its RPC surface: a few entry points, each taking a typed request (a zod union on
 * `op`, in db/). Rows go through `read` and `write` (db/data) on the source picked once
 * (room-tables.ts: the project's own tables or its external database) and, for writes, the one
 * write pipeline (write-pipeline.ts). Schema, views, hooks, comments and the external database
 * each have one entry point dispatched in a room-*-requests.ts module. The rest is in room-*.ts
 * beside it, each part given only the room members it uses: ids (id journal), gating (access by
 * the request's action), changes and fanout (schema commits, socket events), schema and
 * schema-source (which database a schema change goes to), external (the source's connection),
 * webhooks (hooks, alarm), files (uploads), comments (audit).
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
  /** Automations' runs (room-automations.ts): queued with the writes, run from the alarm. */
  #automations = new RoomAutomations(
    ((self) => ({
      get store() {
        return self.store;
      },
      data: () => self.#dataRoom,
      wake: () => self.#hooks.wake(),
      told: (automationId: string) => room.broadcast(self, { type: "automationRuns", automationId }, "hookList"),
    }))(this),
    this.ctx,
    this.env,
  );
  #changes = new RoomChanges(this, this.#counts);
  #fanout = new RoomFanout(this, this.env);
  /** Row writes, native or external: access → transaction → hooks → files → fan-out. */
  #pipeline = new WritePipeline(this.#counts, this.#files);
  /** Deleted records (and H2's fields, tables, views) kept to be restored; expiry (room-trash.ts). */
  #trash = new RoomTrash(this, this.ctx, this.env, {
    files: this.#files,
    counts: this.#counts,
    tell: (events) => this.#fanout.tell(events),
    schemaChanged: (result) => (result.ok ? this.#changes.schema(() => result.data) : result),
  });
  /** Where the rows are (room-tables.ts): picked on first use, again after any change of the database. */
  #tables: RoomTables | undefined;
  /** Snapshots in R2 (room-snapshots.ts): manual, daily, before destructive schema changes, safety. */
  #snapshots = new RoomSnapshots(this, this.ctx, this.env, this.#files);
  #schemaWrites = new schema.SchemaWrites(this, this.#changes, (cause, change) =>
    this.#snapshots.before(cause, change),
  );
  #externalSchema = new ExternalSchemaWrites(this.#external);
  /** What the meta requests (schema, views, hooks) need of the room (room-meta.ts). */
  #meta = metaRoom(this, (fn, countsKept) => this.#schema(fn, countsKept), {
    own: this.#schemaWrites,
    writes: () => schemaWritesOf(this.#external, this.#schemaWrites, this.#externalSchema),
    delivery: this.#hooks,
    automations: this.#automations,
    env: this.env,
  });

  get source(): SourceRow | null {
    return this.#external.row;
  }

  /**
   * The project's external database: attach, reconnect, meta diff and sync (room-source-requests.ts).
   * Not `source`: that is the database's row, read by the data methods.
   */
  async external<R extends SourceRequest>(req: R): Promise<SourceAnswers[R["op"]]> {
    try {
      return await sourceRequestIn(this.#external, req);
    } finally {
      // An attached or reconnected database: the rows' source is picked again on next use.
      this.#tables = undefined;
    }
  }

  #rowTables(): RoomTables {
    this.#tables ??= this.#external.row
      ? new ExternalTables(this, this.#external, this.#hooks)
      : new NativeTables(this.store, this.#counts, this.#hooks, this.#fanout);
    return this.#tables;
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
    if (!this.#store) {
      this.#store = openProjectStore(this.ctx.storage, () => this.#projectId());
      // Alarms are set unconfirmed (room-webhooks.ts wake): one lost with a reset is set again.
      this.#hooks.resume();
    }
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
    const checked = gating.checked(ReadRequest, req);
    return checked ? this.#dataRoom.read(checked, reader) : gating.NOT_DATA;
  }

  /** A row write (db/data/requests.ts) by `actor` as `reader`, through the write pipeline. */
  async write(change: RowChange, actor: auditApi.Actor, reader: Reader | null) {
    const checked = gating.checked(RowChange, change);
    return checked ? this.#dataRoom.write(checked, actor, reader) : gating.NOT_DATA;
  }

  /** The project's rows, on the database picked when the room opened (room-tables.ts). */
  #dataRoom: gating.DataRoom = {
    read: (req, reader) => this.#rowTables().read(req, reader),
    write: async (change, actor, reader) => {
      const tooBig = this.#roomFor(change);
      if (tooBig) return tooBig;
      const result = await this.#pipeline.write(this.#rowTables(), change, actor, reader);
      // Deleted records went to the trash: its expiry needs the alarm (once per object life).
      if (result.ok && change.op.startsWith("delete") && !this.#external.row) this.#trash.arm();
      // The daily snapshot, taken after the answer when the last one is a day old (room-snapshots.ts).
      if (result.ok) this.#snapshots.afterWrite();
      return result;
    },
  };

  /** The most the project's SQLite may hold (tests lower it: a real 10 GB cannot be filled here). */
  dbLimitBytes = PROJECT_DB_LIMIT_BYTES;

  /**
   * A bulk insert that would pass the limit is refused before any of it is written (README "Room
   * for the size"): its JSON is the estimate (the bench table's rows take 93–155 bytes stored,
   * indexes included, against ~190 as JSON). Smaller writes meet SQLITE_FULL, undone whole.
   */
  #roomFor(change: RowChange) {
    if (change.op !== "insertMany" || this.#external.row) return null;
    const left = this.dbLimitBytes - this.ctx.storage.sql.databaseSize;
    // Far from the limit no call can pass it: the rows are not serialised again to measure them.
    if (left > ROOM_CALL_MAX_BYTES) return null;
    const need = typeof change.bodies === "string" ? change.bodies.length : JSON.stringify(change.bodies).length;
    return need > left ? { ok: false as const, status: 413, msg: projectNearlyFull(need, left) } : null;
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
  #schema<T>(fn: () => T, countsKept = false) {
    return this.#changes.schema(fn, countsKept);
  }

  /** The id journal's changes go out on the answer (room-ids.ts). */
  #withIds<T>(result: RoomResult<T>, alsoAdded: string[] = []): RoomResult<T> {
    return withIds(this.store, result, alsoAdded);
  }

  /** The ids made or removed since the last answer that carried them (a new project's, once in D1). */
  pendingIds(): RoomResult<null> {
    return this.#withIds({ ok: true, data: null });
  }

  /**
   * Delivers due webhook messages (realtime/hook-delivery.ts), runs due automation steps
   * (room-automations.ts), runs due file removals and purges
   * trash entries past their keeping (room-trash.ts); each part sets the alarm only earlier.
   */
  async onAlarm() {
    await this.#hooks.alarm();
    await this.#automations.alarm();
    await this.#trash.alarm();
  }

  /**
   * The trash (issue 35, room-trash-requests.ts): list, restore (an entry, a batch, or the grid's
   * undo of deleted records), purge and empty.
   */
  async trash<R extends TrashRequest>(req: R): Promise<TrashAnswers[R["op"]]> {
    return trashRequestIn(this.#trash, req);
  }

  /** Webhooks (contract 4.8, room-hook-requests.ts): their settings, logs, redelivery and test. */
  async hooks<R extends HookRequest>(req: R): Promise<HookAnswers[R["op"]]> {
    return hookRequestIn(this.#meta, req);
  }

  /** A record's comments and history as the request's reader may see them (room-comments.ts). */
  async comments<R extends CommentRequest>(req: R): Promise<CommentAnswers[R["op"]]> {
    const answer = await commentRequestIn(this, req);
    // A new comment starts its table's comment.added automations (room-automations.ts).
    if (req.op === "addComment" && (answer as RoomResult<unknown>).ok)
      this.#automations.commented(req.tableId, req.rowId, req.actor, req.text, maxDepth(this.env));
    return answer;
  }

  /** The whole project: as a .zip, loaded from one, or purged for good (room-transfer-requests.ts). */
  async transfer<R extends TransferRequest>(req: R): Promise<TransferAnswers[R["op"]]> {
    return transferRequestIn(this.#transferRoom, req);
  }

  #transferRoom: TransferRoom = ((room) => ({
    get store() {
      return room.store;
    },
    get name() {
      return room.name;
    },
    get external() {
      return room.source !== null;
    },
    bucket: room.env.ATTACHMENTS,
    storage: room.ctx.storage,
    get limitBytes() {
      return room.dbLimitBytes;
    },
    schema: <T>(fn: () => T) => room.#schema(fn),
    forget: () => {
      room.#store = undefined;
      room.#tables = undefined;
      room.#counts.clear();
    },
  }))(this);

  /**
   * Snapshots of the project in R2 (issue 35, room-snapshot-requests.ts): take, list, delete,
   * restore in place, and load another project's snapshot into this new one.
   */
  async snapshots<R extends SnapshotRequest>(req: R): Promise<SnapshotAnswers[R["op"]]> {
    return snapshotRequestIn({ snapshots: this.#snapshots, load: (fn) => this.#schema(fn) }, req);
  }

  /**
   * Views (contract 4.4, 4.6, 4.7, room-view-requests.ts): their kinds' settings, view columns,
   * saved filters and sorts.
   */
  async views<R extends ViewRequest>(req: R): Promise<ViewAnswers[R["op"]]> {
    return viewRequestIn(this.#meta, req);
  }

  /**
   * Dashboards (issue 38, room-dashboard-requests.ts): dashboards and widgets, and a widget's
   * data read through the data port as the request's reader.
   */
  async dashboards<R extends DashboardRequest>(req: R): Promise<DashboardAnswers[R["op"]]> {
    return dashboardRequestIn(
      {
        meta: this.#meta,
        read: (q, reader) => this.#dataRoom.read(q, reader),
        dataStamp: () => (this.source ? null : dataStamp(this.#counts)),
      },
      req,
    );
  }
}
