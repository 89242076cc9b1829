/**
 * The project room's socket messages (realtime/room-socket.ts on the server; SPEC 4 real-time
 * socket, SPEC 7 socket events). Server messages are checked for their shape before use: a
 * message that does not fit is ignored, never half-applied.
 */
export type Row = Record<string, unknown>;

/** Who made a change; visitors see no e-mail addresses. */
export interface Actor {
  id: string;
  email?: string;
}

/** A cell being edited: table id, row key (as text) and column title. */
export interface EditingCell {
  tableId: string;
  rowId: string;
  column: string;
}

export interface PresenceUser {
  userId: string;
  name: string;
  email?: string;
  color: string;
  path: string | null;
  /** The table title when the user is on a table route. */
  table: string | null;
  editing: EditingCell | null;
}

export interface Me {
  userId: string;
  name: string;
  color: string;
}

export type RowEvent =
  | { type: "row"; op: "insert" | "update"; tableId: string; row: Row; changed?: string[]; by: Actor }
  | { type: "row"; op: "delete"; tableId: string; rowId: string; by: Actor };

export type DataEvent =
  | RowEvent
  | { type: "rows"; tableId: string; by: Actor }
  | { type: "comment"; tableId: string; rowId: string; by: Actor }
  | { type: "schema" };

export type ServerMessage = { type: "hello"; you: Me } | { type: "presence"; users: PresenceUser[] } | DataEvent;

export type ClientMessage =
  | { type: "page"; path: string; pid: string }
  | { type: "editing"; cell: EditingCell | null }
  | { type: "event"; event: string; data: unknown; extra: unknown; path: string; pid: string };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isStr = (v: unknown): v is string => typeof v === "string";

function actor(v: unknown): Actor | null {
  if (!isObj(v) || !isStr(v.id)) return null;
  return isStr(v.email) ? { id: v.id, email: v.email } : { id: v.id };
}

function editingCell(v: unknown): EditingCell | null {
  if (!isObj(v) || !isStr(v.tableId) || !isStr(v.column)) return null;
  return { tableId: v.tableId, rowId: String(v.rowId ?? ""), column: v.column };
}

function presenceUser(v: unknown): PresenceUser | null {
  if (!isObj(v) || !isStr(v.userId) || !isStr(v.color)) return null;
  return {
    userId: v.userId,
    name: isStr(v.name) ? v.name : "",
    ...(isStr(v.email) ? { email: v.email } : {}),
    color: v.color,
    path: isStr(v.path) ? v.path : null,
    table: isStr(v.table) ? v.table : null,
    editing: editingCell(v.editing),
  };
}

/** A server message from a socket frame; null for `pong`, non-JSON and unknown shapes. */
export function parseServerMessage(data: unknown): ServerMessage | null {
  if (!isStr(data) || !data.startsWith("{")) return null;
  let m: unknown;
  try {
    m = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObj(m)) return null;
  switch (m.type) {
    case "hello": {
      const you = m.you;
      if (!isObj(you) || !isStr(you.userId)) return null;
      return { type: "hello", you: { userId: you.userId, name: isStr(you.name) ? you.name : "", color: isStr(you.color) ? you.color : "#6b7280" } };
    }
    case "presence":
      return Array.isArray(m.users) ? { type: "presence", users: m.users.map(presenceUser).filter((u): u is PresenceUser => u !== null) } : null;
    case "schema":
      return { type: "schema" };
    case "rows":
    case "comment": {
      const by = actor(m.by);
      if (!by || !isStr(m.tableId)) return null;
      if (m.type === "rows") return { type: "rows", tableId: m.tableId, by };
      return m.rowId === undefined || m.rowId === null ? null : { type: "comment", tableId: m.tableId, rowId: String(m.rowId), by };
    }
    case "row": {
      const by = actor(m.by);
      if (!by || !isStr(m.tableId)) return null;
      if (m.op === "delete") return m.rowId === undefined || m.rowId === null ? null : { type: "row", op: "delete", tableId: m.tableId, rowId: String(m.rowId), by };
      if ((m.op !== "insert" && m.op !== "update") || !isObj(m.row)) return null;
      const changed = Array.isArray(m.changed) ? m.changed.filter(isStr) : undefined;
      return { type: "row", op: m.op, tableId: m.tableId, row: m.row, ...(changed ? { changed } : {}), by };
    }
    default:
      return null;
  }
}
