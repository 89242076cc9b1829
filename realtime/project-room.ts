import { Server, type Connection } from "partyserver";
import * as auditApi from "../db/rows/audit";
import * as rowsApi from "../db/rows/api";
import * as readApi from "../db/rows/read";
import { exportCsv } from "../db/rows/export";
import type { ListParams } from "../db/query";
import { QueryError } from "../db/query";
import * as columnsApi from "../db/schema/columns";
import { DbError } from "../db/errors";
import * as tablesApi from "../db/schema/tables";
import type { ProjectStore } from "../db/store/store";
import type { Env } from "../functions/env";
import { openProjectStore } from "./sqlite-store";

/** What crosses the RPC boundary: data, or the status and message of a refusal. */
export type RoomResult<T> = { ok: true; data: T } | { ok: false; status: number; msg: string };

function guard<T>(fn: () => T): RoomResult<T> {
  try {
    return { ok: true, data: fn() };
  } catch (err) {
    if (err instanceof DbError || err instanceof QueryError) return { ok: false, status: err.status, msg: err.message };
    throw err;
  }
}

/**
 * One Durable Object per project (DESIGN.md): its SQLite holds the project's schema and rows,
 * and its sockets are the project's realtime room. Hibernation lets idle rooms cost nothing.
 */
export class ProjectRoom extends Server<Env> {
  static options = { hibernate: true };
  #store: ProjectStore | undefined;
  /** Exact row counts per table and filter; any write empties it. */
  #counts: readApi.CountCache = new Map();

  /** Opened on first use, migrated once per start of the object. */
  get store(): ProjectStore {
    this.#store ??= openProjectStore(this.ctx.storage);
    return this.#store;
  }

  onConnect(connection: Connection) {
    connection.send(JSON.stringify({ type: "welcome", room: this.name }));
  }

  onMessage(connection: Connection, message: string | ArrayBuffer | ArrayBufferView) {
    if (typeof message === "string" && message === "ping") connection.send("pong");
  }

  onRequest(): Response {
    return Response.json({ room: this.name });
  }

  // Schema RPC (called by the Worker's tables and columns routes). projectId is this room's name.
  listTables(projectId: string, includeM2M: boolean) {
    return guard(() => tablesApi.listTables(this.store, projectId, includeM2M));
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
    return this.#schema(() => tablesApi.deleteTable(this.store, tableId));
  }
  readColumn(projectId: string, columnId: string) {
    return guard(() => {
      const c = columnsApi.findColumn(this.store, columnId);
      return tablesApi.readTable(this.store, projectId, c.modelId).columnsById[c.id]!;
    });
  }
  addColumn(projectId: string, tableId: string, input: Parameters<typeof columnsApi.addColumn>[3]) {
    return this.#schema(() => columnsApi.addColumn(this.store, projectId, tableId, input));
  }
  updateColumn(projectId: string, columnId: string, input: Parameters<typeof columnsApi.updateColumn>[3]) {
    return this.#schema(() => columnsApi.updateColumn(this.store, projectId, columnId, input));
  }
  deleteColumn(projectId: string, columnId: string) {
    return this.#schema(() => columnsApi.deleteColumn(this.store, projectId, columnId));
  }
  setPrimaryColumn(columnId: string) {
    return this.#schema(() => columnsApi.setPrimary(this.store, columnId));
  }

  /** A schema change: table refs and counts cached before it are no longer true. */
  #schema<T>(fn: () => T) {
    const result = guard(fn);
    this.store.schemaCache.clear();
    this.#counts.clear();
    return result;
  }

  /** A row write: counts cached before it are no longer true. */
  #write<T>(fn: () => T) {
    this.#counts.clear();
    return guard(fn);
  }

  // Rows RPC (the data API). tableKey is a table id or title.
  listRows(tableKey: string, params: ListParams) {
    return guard(() => readApi.listRows(this.store, tableKey, params, this.#counts));
  }
  countRows(tableKey: string, where: string | undefined) {
    return guard(() => readApi.countRows(this.store, tableKey, where, this.#counts));
  }
  groupBy(tableKey: string, column: string, params: ListParams) {
    return guard(() => readApi.groupBy(this.store, tableKey, column, params));
  }
  exportCsv(tableKey: string, params: ListParams) {
    return guard(() => exportCsv(this.store, tableKey, params));
  }
  updateWhere(tableKey: string, where: string | undefined, body: unknown, actor: auditApi.Actor) {
    return this.#write(() => rowsApi.updateWhere(this.store, tableKey, where, body, actor));
  }
  deleteWhere(tableKey: string, where: string | undefined, actor: auditApi.Actor) {
    return this.#write(() => rowsApi.deleteWhere(this.store, tableKey, where, actor));
  }
  findOne(tableKey: string, params: ListParams) {
    return guard(() => readApi.findOne(this.store, tableKey, params));
  }
  insertRow(tableKey: string, body: unknown, actor: auditApi.Actor) {
    return this.#write(() => rowsApi.insertOne(this.store, tableKey, body, actor));
  }
  insertRows(tableKey: string, bodies: unknown[], actor: auditApi.Actor) {
    return this.#write(() => rowsApi.insertMany(this.store, tableKey, bodies, actor));
  }
  readRow(tableKey: string, rowId: string) {
    return guard(() => rowsApi.readOne(this.store, tableKey, rowId));
  }
  rowExists(tableKey: string, rowId: string) {
    return guard(() => rowsApi.exists(this.store, tableKey, rowId));
  }
  updateRow(tableKey: string, rowId: string, body: unknown, actor: auditApi.Actor) {
    return this.#write(() => rowsApi.updateOne(this.store, tableKey, rowId, body, actor));
  }
  updateRows(tableKey: string, bodies: unknown[], actor: auditApi.Actor) {
    return this.#write(() => rowsApi.updateMany(this.store, tableKey, bodies, actor));
  }
  deleteRow(tableKey: string, rowId: string, actor: auditApi.Actor) {
    return this.#write(() => rowsApi.deleteOne(this.store, tableKey, rowId, actor));
  }
  deleteRows(tableKey: string, bodies: unknown[], actor: auditApi.Actor) {
    return this.#write(() => rowsApi.deleteMany(this.store, tableKey, bodies, actor));
  }
  addComment(tableId: string, rowId: string, actor: auditApi.Actor, text: string) {
    return guard(() => auditApi.addComment(this.store, tableId, rowId, actor, text));
  }
  listAudit(tableId: string, rowId: string, commentsOnly: boolean) {
    return guard(() => auditApi.listAudit(this.store, tableId, rowId, commentsOnly));
  }
  countComments(tableId: string, rowIds: string[]) {
    return guard(() => auditApi.countComments(this.store, tableId, rowIds));
  }
}
