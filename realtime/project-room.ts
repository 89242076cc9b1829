import { Server, type Connection } from "partyserver";
import * as columnsApi from "../db/schema/columns";
import { SchemaError } from "../db/schema/names";
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
    if (err instanceof SchemaError) return { ok: false, status: err.status, msg: err.message };
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
    return guard(() => tablesApi.createTable(this.store, projectId, input));
  }
  updateTable(tableId: string, input: Parameters<typeof tablesApi.updateTable>[2]) {
    return guard(() => tablesApi.updateTable(this.store, tableId, input));
  }
  reorderTable(tableId: string, order: number) {
    return guard(() => tablesApi.reorderTable(this.store, tableId, order));
  }
  deleteTable(tableId: string) {
    return guard(() => tablesApi.deleteTable(this.store, tableId));
  }
  readColumn(projectId: string, columnId: string) {
    return guard(() => {
      const c = columnsApi.findColumn(this.store, columnId);
      return tablesApi.readTable(this.store, projectId, c.modelId).columnsById[c.id]!;
    });
  }
  addColumn(projectId: string, tableId: string, input: Parameters<typeof columnsApi.addColumn>[3]) {
    return guard(() => columnsApi.addColumn(this.store, projectId, tableId, input));
  }
  updateColumn(projectId: string, columnId: string, input: Parameters<typeof columnsApi.updateColumn>[3]) {
    return guard(() => columnsApi.updateColumn(this.store, projectId, columnId, input));
  }
  deleteColumn(projectId: string, columnId: string) {
    return guard(() => columnsApi.deleteColumn(this.store, projectId, columnId));
  }
  setPrimaryColumn(columnId: string) {
    return guard(() => columnsApi.setPrimary(this.store, columnId));
  }
}
