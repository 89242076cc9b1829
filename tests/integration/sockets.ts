import { exports } from "cloudflare:workers";
import { expect } from "vitest";

/**
 * A socket to the project room through the Worker, collecting the JSON messages it receives and
 * its close code. The session token goes as the web client sends it: a subprotocol beside
 * `gridbase`, not in the URL. A refused upgrade answers its status and body instead.
 */
export async function connect(projectId: string, query: string, token?: string, extra: Record<string, string> = {}) {
  const headers: Record<string, string> = { Upgrade: "websocket", ...extra };
  if (token !== undefined) headers["Sec-WebSocket-Protocol"] = `gridbase, auth.${token}`;
  const res = await exports.default.fetch(
    new Request(`http://localhost/parties/project/${projectId}${query}`, { headers }),
  );
  if (!res.webSocket) return { status: res.status, body: await res.json<{ msg: string }>() };
  if (token !== undefined) expect(res.headers.get("Sec-WebSocket-Protocol")).toBe("gridbase");
  const ws = res.webSocket;
  const messages: Array<Record<string, any>> = [];
  const state = { closed: null as number | null };
  ws.accept();
  ws.addEventListener("message", (e) => {
    if (typeof e.data === "string" && e.data.startsWith("{")) messages.push(JSON.parse(e.data));
  });
  ws.addEventListener("close", (e) => {
    state.closed = e.code;
  });
  const next = async (type: string, where: (m: Record<string, any>) => boolean = () => true) => {
    for (let i = 0; i < 100; i++) {
      const idx = messages.findIndex((m) => m.type === type && where(m));
      if (idx >= 0) return messages.splice(idx, 1)[0]!;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no ${type} message; got ${JSON.stringify(messages)}`);
  };
  /** The close code the room sent, once it arrives (null: still open after a second). */
  const closeCode = async () => {
    for (let i = 0; i < 100 && state.closed === null; i++) await new Promise((r) => setTimeout(r, 10));
    return state.closed;
  };
  return { status: 101, ws, messages, next, closeCode };
}

export type OpenSocket = Extract<Awaited<ReturnType<typeof connect>>, { ws: WebSocket }>;
