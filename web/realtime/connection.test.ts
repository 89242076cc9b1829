import { describe, expect, it } from "vitest";
import { createConnection, type Query, type SocketLike, type Status } from "./connection";
import type { ServerMessage } from "./protocol";

type Listener = (e: { data?: unknown }) => void;

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  /** Each attempt's query, with the token it offered as a subprotocol (never in the query). */
  urls: Query[] = [];
  closed = false;
  private listeners = new Map<string, Listener[]>();
  constructor(
    private readonly query: () => Query,
    private readonly protocols: () => string[],
  ) {
    this.attempt();
  }
  private attempt() {
    const offered = this.protocols();
    expect(offered[0]).toBe("gridbase");
    const auth = offered.find((p) => p.startsWith("auth."));
    expect(this.query()).not.toHaveProperty("token");
    this.urls.push({ token: auth?.slice("auth.".length), ...this.query() });
  }
  addEventListener(type: string, l: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
  }
  emit(type: string, e: { data?: unknown } = {}) {
    (this.listeners.get(type) ?? []).forEach((l) => l(e));
  }
  open() {
    this.readyState = 1;
    this.emit("open");
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
    this.emit("close");
  }
  reconnect() {
    this.readyState = 3;
    this.emit("close");
    this.attempt();
    this.readyState = 0;
  }
}

function harness(initialToken: string | null, sharedId: string | null = null) {
  let token = initialToken;
  const listeners = new Set<() => void>();
  const sockets: FakeSocket[] = [];
  const messages: ServerMessage[] = [];
  const statuses: Status[] = [];
  const conn = createConnection({
    projectId: "p1",
    sharedId,
    getToken: () => token,
    getPreview: () => null,
    subscribeSession: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    createSocket: (query, protocols) => {
      const s = new FakeSocket(query, protocols);
      sockets.push(s);
      return s;
    },
    onMessage: (m) => messages.push(m),
    onStatus: (s) => statuses.push(s),
  });
  const setToken = (next: string | null) => {
    token = next;
    listeners.forEach((l) => l());
  };
  return { conn, sockets, messages, statuses, setToken, listeners };
}

const sentOf = (s: FakeSocket) => s.sent.map((x) => JSON.parse(x));

describe("realtime connection", () => {
  it("connects with the token when signed in, and not at all when signed out", () => {
    const a = harness("t1");
    a.conn.start();
    expect(a.sockets).toHaveLength(1);
    expect(a.sockets[0]!.urls[0]).toEqual({ token: "t1", shared: undefined, preview: undefined });
    const b = harness(null);
    b.conn.start();
    expect(b.sockets).toHaveLength(0);
  });

  it("reconnects with the new token when the token changes, and ignores unchanged tokens", () => {
    const h = harness("t1");
    h.conn.start();
    const s = h.sockets[0]!;
    s.open();
    h.setToken("t1");
    expect(s.urls).toHaveLength(1);
    h.setToken("t2");
    expect(h.sockets).toHaveLength(1);
    expect(s.urls.map((q) => q.token)).toEqual(["t1", "t2"]);
    expect(h.statuses.at(-1)).toBe("connecting");
  });

  it("disconnects on sign-out and connects again on the next sign-in", () => {
    const h = harness("t1");
    h.conn.start();
    h.sockets[0]!.open();
    h.setToken(null);
    expect(h.sockets[0]!.closed).toBe(true);
    expect(h.statuses.at(-1)).toBe("closed");
    h.setToken("t3");
    expect(h.sockets).toHaveLength(2);
    expect(h.sockets[1]!.urls[0]!.token).toBe("t3");
  });

  it("keeps a shared-base visitor connected without a token", () => {
    const h = harness(null, "uuid-1");
    h.conn.start();
    expect(h.sockets[0]!.urls[0]).toEqual({ token: undefined, shared: "uuid-1", preview: undefined });
  });

  it("sends the page on navigation and again after every (re)connect, with the cell being edited", () => {
    const h = harness("t1");
    h.conn.start();
    const s = h.sockets[0]!;
    h.conn.setPage("/nc/p1/table/A");
    expect(s.sent).toEqual([]);
    s.open();
    expect(sentOf(s)).toEqual([{ type: "page", path: "/nc/p1/table/A", pid: "p1" }]);
    h.conn.setEditing({ tableId: "t", rowId: "1", column: "Title" });
    h.conn.setEditing({ tableId: "t", rowId: "1", column: "Title" });
    s.sent = [];
    s.emit("error");
    expect(h.statuses.at(-1)).toBe("closed");
    s.open();
    expect(sentOf(s)).toEqual([
      { type: "page", path: "/nc/p1/table/A", pid: "p1" },
      { type: "editing", cell: { tableId: "t", rowId: "1", column: "Title" } },
    ]);
    // A new page ends the editing.
    h.conn.setPage("/nc/p1/table/B");
    s.sent = [];
    s.reconnect();
    s.open();
    expect(sentOf(s)).toEqual([{ type: "page", path: "/nc/p1/table/B", pid: "p1" }]);
  });

  it("tracks usage events with the current path and project id; hands parsed messages on", () => {
    const h = harness("t1");
    h.conn.start();
    const s = h.sockets[0]!;
    s.open();
    h.conn.setPage("/nc/p1/table/A");
    s.sent = [];
    h.conn.track("row:expand", { tableId: "t" });
    expect(sentOf(s)).toEqual([
      { type: "event", event: "row:expand", data: { tableId: "t" }, extra: null, path: "/nc/p1/table/A", pid: "p1" },
    ]);
    s.emit("message", { data: "pong" });
    s.emit("message", { data: JSON.stringify({ type: "schema" }) });
    expect(h.messages).toEqual([{ type: "schema" }]);
  });

  it("stops: closes the socket and forgets the session", () => {
    const h = harness("t1");
    h.conn.start();
    h.conn.stop();
    expect(h.sockets[0]!.closed).toBe(true);
    expect(h.listeners.size).toBe(0);
    h.setToken("t2");
    expect(h.sockets).toHaveLength(1);
  });
});
