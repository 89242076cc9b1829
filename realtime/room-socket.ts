import type { Connection, Server } from "partyserver";
import type { Action } from "../db/acl/matrix";
import {
  CLOSE_SESSION_ENDED,
  parseClientMessage,
  type ClientMessage,
  type DataEvent,
  type Row,
  type RowEvent,
} from "../db/sockets/protocol";
import type { ProjectStore } from "../db/store/store";
import type { Env } from "./env";
import { IDENTITY_HEADER, type SocketIdentity } from "./identity";
import { colorOf, sendPresence, sendTo, tableOfPath, type PresenceState } from "./presence";

/**
 * The socket side of the project room (SPEC 4 real-time socket, 7 socket events). Rules:
 * - the Worker has already refused sockets without project access; the identity it attached is
 *   the only one trusted, and a socket without it is closed at once;
 * - every committed change is broadcast after the commit, to the sockets whose roles may see it;
 * - messages from clients: `page` {path, pid} moves the sender in presence, `editing` {tableId,
 *   rowId, column} or `editing` null outlines the cell for others, `event` {event, data, extra,
 *   path, pid} is a usage event, recorded in the room (the newest USAGE_KEEP only), `ping` → `pong`.
 */
/**
 * A committed change as the sockets hear it (db/sockets/protocol.ts, the web reads the same). A
 * row the write could not read back goes out as null, which the web's parser ignores.
 */
export type RoomEvent = DataEvent | (Omit<Extract<RowEvent, { op: "insert" | "update" }>, "row"> & { row: Row | null });

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
  sendPresence(conns(r));
}

export function connect(r: Room, conn: Connection<PresenceState>, request: Request) {
  const raw = request.headers.get(IDENTITY_HEADER);
  if (!raw) {
    conn.close(CLOSE_SESSION_ENDED, "Unauthorized access");
    return;
  }
  const who = JSON.parse(raw) as SocketIdentity;
  conn.setState({ ...who, color: colorOf(who.userId), path: null, table: null, editing: null, at: Date.now() });
  conn.send(JSON.stringify({ type: "hello", you: { userId: who.userId, name: who.name, color: colorOf(who.userId) } }));
  announcePresence(r);
}

export function message(r: Room, conn: Connection<PresenceState>, raw: string | ArrayBuffer | ArrayBufferView) {
  if (raw === "ping") return conn.send("pong");
  const msg = parseClientMessage(raw);
  if (!msg || !conn.state) return;
  if (msg.type === "page") {
    conn.setState((s) => ({ ...s!, path: msg.path, table: tableOfPath(msg.path), editing: null, at: Date.now() }));
    return announcePresence(r);
  }
  if (msg.type === "editing") {
    const editing = msg.cell && msg.cell.tableId && msg.cell.column ? msg.cell : null;
    conn.setState((s) => ({ ...s!, editing, at: Date.now() }));
    return announcePresence(r);
  }
  recordUsage(r, conn.state, msg);
}

/** Usage events (SPEC 7): kept in the room's SQLite, newest USAGE_KEEP only. */
function recordUsage(r: Room, who: PresenceState, msg: Extract<ClientMessage, { type: "event" }>) {
  const sql = r.store;
  sql.exec(`CREATE TABLE IF NOT EXISTS _nc_usage (id INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT, event TEXT,
    data TEXT, path TEXT, created_at TEXT NOT NULL)`);
  sql.exec(
    "INSERT INTO _nc_usage (user_id, event, data, path, created_at) VALUES (?, ?, ?, ?, ?)",
    who.userId,
    msg.event,
    JSON.stringify({ data: msg.data ?? null, extra: msg.extra ?? null }).slice(0, 4000),
    msg.path,
    new Date().toISOString(),
  );
  sql.exec("DELETE FROM _nc_usage WHERE id <= (SELECT max(id) FROM _nc_usage) - ?", USAGE_KEEP);
}
