/**
 * The project's realtime connection (SPEC 4 real-time socket, SPEC 7 socket events), without
 * React or a real socket so it can be tested. Rules:
 * - it connects when there is a token (or a shared-base uuid, for visitors) and sends the token
 *   as a WebSocket subprotocol (`auth.<token>` beside `gridbase`), never in the URL, where it
 *   would be logged; both are read again on every attempt, so a reconnect carries the current token;
 * - sign-out (no token, and no shared base) closes it; a new token reconnects it at once;
 * - a connect error drops the attempt and the socket retries by the SPEC 9 policy (the socket's
 *   own job); the status follows: connecting, open, closed;
 * - `page` is sent on every navigation, and again after each (re)connect, since the server
 *   starts a new connection with no page; the same for the cell being edited;
 * - usage events (`track`) wait in the socket's queue while it is not open.
 */
import { parseServerMessage, type ClientMessage, type EditingCell, type ServerMessage } from "./protocol";

export type Status = "connecting" | "open" | "closed";
export type Query = Record<string, string | undefined>;

/** The subprotocol the server answers with; the token rides as a second one (functions/lib/socket-auth.ts). */
export const SOCKET_PROTOCOL = "gridbase";

/** What the connection needs of a socket: partysocket's PartySocket fits. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): unknown;
  close(): void;
  /** Closes and connects again (with a fresh query). */
  reconnect(): void;
  addEventListener(type: "open" | "close" | "error" | "message", listener: (event: { data?: unknown }) => void): void;
}

const OPEN = 1;

export interface ConnectionOptions {
  projectId: string;
  /** The shared-base uuid when the project was opened as a shared base. */
  sharedId: string | null;
  getToken(): string | null;
  getPreview(): string | null;
  /** Called on every session change (sign-in, sign-out, refreshed token). */
  subscribeSession(listener: () => void): () => void;
  /** `query` and `protocols` are read on every (re)connect attempt. */
  createSocket(query: () => Query, protocols: () => string[]): SocketLike;
  onMessage(message: ServerMessage): void;
  onStatus(status: Status): void;
}

export interface Connection {
  start(): void;
  stop(): void;
  setPage(path: string): void;
  setEditing(cell: EditingCell | null): void;
  track(event: string, data?: unknown, extra?: unknown): void;
}

export function createConnection(o: ConnectionOptions): Connection {
  let socket: SocketLike | null = null;
  let token: string | null = null;
  let page: string | null = null;
  let editing: EditingCell | null = null;
  let unsubscribe: (() => void) | null = null;

  const query = (): Query => ({ shared: o.sharedId ?? undefined, preview: o.getPreview() ?? undefined });
  const protocols = (): string[] => {
    const current = o.getToken();
    return current ? [SOCKET_PROTOCOL, `auth.${current}`] : [SOCKET_PROTOCOL];
  };
  const allowed = () => token !== null || o.sharedId !== null;
  const isOpen = () => socket !== null && socket.readyState === OPEN;
  const send = (m: ClientMessage) => void socket?.send(JSON.stringify(m));
  const pageMessage = (path: string): ClientMessage => ({ type: "page", path, pid: o.projectId });

  function open() {
    const s = o.createSocket(query, protocols);
    socket = s;
    o.onStatus("connecting");
    s.addEventListener("open", () => {
      if (socket !== s) return;
      o.onStatus("open");
      if (page !== null) send(pageMessage(page));
      if (editing) send({ type: "editing", cell: editing });
    });
    const down = () => {
      if (socket === s) o.onStatus("closed");
    };
    s.addEventListener("close", down);
    s.addEventListener("error", down);
    s.addEventListener("message", (e) => {
      if (socket !== s) return;
      const message = parseServerMessage(e.data);
      if (message) o.onMessage(message);
    });
  }

  function close() {
    const s = socket;
    socket = null;
    s?.close();
    o.onStatus("closed");
  }

  function onSession() {
    const next = o.getToken();
    if (next === token) return;
    token = next;
    if (!allowed()) close();
    else if (socket) {
      socket.reconnect();
      o.onStatus("connecting");
    } else open();
  }

  return {
    start() {
      if (unsubscribe) return;
      token = o.getToken();
      unsubscribe = o.subscribeSession(onSession);
      if (allowed()) open();
    },
    stop() {
      unsubscribe?.();
      unsubscribe = null;
      if (socket) close();
    },
    setPage(path) {
      if (path === page) return;
      page = path;
      editing = null;
      if (isOpen()) send(pageMessage(path));
    },
    setEditing(cell) {
      if (JSON.stringify(cell) === JSON.stringify(editing)) return;
      editing = cell;
      if (isOpen()) send({ type: "editing", cell });
    },
    track(event, data = null, extra = null) {
      if (socket) send({ type: "event", event, data, extra, path: page ?? "", pid: o.projectId });
    },
  };
}
