import { routePartykitRequest } from "partyserver";
import { app } from "./app";
import type { Env } from "../realtime/env";
import { sessionDb, withBookmark } from "./lib/d1-session";
import { authorizeSocket, offeredProtocols, SOCKET_PROTOCOL } from "./lib/socket-auth";

export { ProjectRoom } from "../realtime/project-room";

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    // WebSocket rooms live at /parties/project/<projectId>; everything else is the Hono app.
    if (new URL(request.url).pathname.startsWith("/parties/")) {
      const routed = await routePartykitRequest(request, env, {
        // Every socket and every plain request into a room passes the same project access check.
        onBeforeConnect: (req, lobby) => authorizeSocket(req, env, lobby.name),
        onBeforeRequest: (req, lobby) => authorizeSocket(req, env, lobby.name),
      });
      if (!routed) return new Response("Not found", { status: 404 });
      // A browser drops a socket whose answer does not name one of the subprotocols it offered.
      if (routed.status === 101 && routed.webSocket && offeredProtocols(request).includes(SOCKET_PROTOCOL)) {
        return new Response(null, {
          status: 101,
          webSocket: routed.webSocket,
          headers: { "Sec-WebSocket-Protocol": SOCKET_PROTOCOL },
        });
      }
      return routed;
    }
    // D1 in one session per request (read replicas in production, d1-session.ts).
    const session = sessionDb(env.META, request);
    const response = await app.fetch(request, { ...env, META: session.db }, ctx);
    return withBookmark(request, response, session.bookmark());
  },
} satisfies ExportedHandler<Env>;
