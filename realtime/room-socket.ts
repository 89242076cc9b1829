import type { Connection, Server } from "partyserver";
import type { Action } from "../db/acl/matrix";
import type { Actor } from "../db/rows/audit";
import type { ProjectStore } from "../db/store/store";
import type { Env } from "../functions/env";
import { IDENTITY_HEADER, type SocketIdentity } from "./identity";
import { colorOf, presenceList, sendTo, tableOfPath, type PresenceState } from "./presence";

/**
 * The socket side of the project room (SPEC 4 real-time socket, 7 socket events). Rules:
 * - the Worker has already refused sockets without project access; the identity it attached is
 *   the only one trusted, and a socket without it is closed at once;
 * - every committed change is broadcast after the commit, to the sockets whose roles may see it;
 * - messages from clients: `page` {path, pid} moves the sender in presence, `editing` {tableId,
 *   rowId, column} or `editing` null outlines the cell for others, `event` {event, data, extra,
 *   path, pid} is a usage event, recorded in the room (the newest USAGE_KEEP only), `ping` → `pong`.
 */
export type RoomEvent =
  | { type: "row"; op: "insert" | "update"; tableId: string; row: unknown; changed?: string[]; by: Actor }
  | { type: "row"; op: "delete"; tableId: string; rowId: string; by: Actor }
  | { type: "rows"; tableId: string; by: Actor }
  | { type: "comment"; tableId: string; rowId: string; by: Actor }
  | { type: "schema" };

/** The project room as this module needs it: its sockets and its SQLite. */
type Room = Server<Env> & { store: ProjectStore };
const USAGE_KEEP = 10_000;

const conns = (r: Room) => r.getConnections<PresenceState>();

export function broadcast(r: Room, event: RoomEvent, action: Action) {
  sendTo(conns(r), event, action);
}

/**
 * One event per socket (field permissions and row rules, db/access): `eventFor` answers what
 * that socket's reader may receive, or null for nothing.
 */
export function broadcastEach(r: Room, eventFor: (state: PresenceState) => RoomEvent | null, action: Action) {
  for (const c of conns(r)) {
    if (!c.state) continue;
    const event = eventFor(c.state);
    if (event) sendTo([c], event, action);
  }
}

export function announcePresence(r: Room) {
  sendTo(conns(r), { type: "presence", users: presenceList(conns(r)) }, "dataList");
}

export function connect(r: Room, conn: Connection<PresenceState>, request: Request) {
  const raw = request.headers.get(IDENTITY_HEADER);
  if (!raw) {
    conn.close(4001, "Unauthorized access");
    return;
  }
  const who = JSON.parse(raw) as SocketIdentity;
  conn.setState({ ...who, color: colorOf(who.userId), path: null, table: null, editing: null, at: Date.now() });
  conn.send(JSON.stringify({ type: "hello", you: { userId: who.userId, name: who.name, color: colorOf(who.userId) } }));
  announcePresence(r);
}

function parse(message: string | ArrayBuffer | ArrayBufferView): Record<string, unknown> | null {
  if (typeof message !== "string" || message.length > 64_000) return null;
  try {
    const value = JSON.parse(message);
    return value && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}

const text = (v: unknown, max = 500) => (typeof v === "string" ? v.slice(0, max) : null);

export function message(r: Room, conn: Connection<PresenceState>, raw: string | ArrayBuffer | ArrayBufferView) {
  if (raw === "ping") return conn.send("pong");
  const msg = parse(raw);
  if (!msg || !conn.state) return;
  if (msg.type === "page") {
    const path = text(msg.path);
    conn.setState((s) => ({ ...s!, path, table: tableOfPath(path), editing: null, at: Date.now() }));
    return announcePresence(r);
  }
  if (msg.type === "editing") {
    const cell = msg.cell as Record<string, unknown> | null;
    const editing = cell && text(cell.tableId) && text(cell.column) ? { tableId: text(cell.tableId)!, rowId: String(cell.rowId ?? ""), column: text(cell.column)! } : null;
    conn.setState((s) => ({ ...s!, editing, at: Date.now() }));
    return announcePresence(r);
  }
  if (msg.type === "event") recordUsage(r, conn.state, msg);
}

/** Usage events (SPEC 7): kept in the room's SQLite, newest USAGE_KEEP only. */
function recordUsage(r: Room, who: PresenceState, msg: Record<string, unknown>) {
  const sql = r.store;
  sql.exec(`CREATE TABLE IF NOT EXISTS _nc_usage (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT, event TEXT,
    data TEXT, path TEXT, created_at TEXT NOT NULL)`);
  sql.exec(
    "INSERT INTO _nc_usage (user_id, event, data, path, created_at) VALUES (?, ?, ?, ?, ?)",
    who.userId, text(msg.event, 100), JSON.stringify({ data: msg.data ?? null, extra: msg.extra ?? null }).slice(0, 4000), text(msg.path),
    new Date().toISOString(),
  );
  sql.exec("DELETE FROM _nc_usage WHERE id <= (SELECT max(id) FROM _nc_usage) - ?", USAGE_KEEP);
}
