import { routePartykitRequest } from "partyserver";
import { app } from "./app";
import type { Env } from "./env";
import { sessionDb, withBookmark } from "./lib/d1-session";
import { authorizeSocket } from "./realtime/socket-auth";

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
      return routed ?? new Response("Not found", { status: 404 });
    }
    // D1 in one session per request (read replicas in production, d1-session.ts).
    const session = sessionDb(env.META, request);
    const response = await app.fetch(request, { ...env, META: session.db }, ctx);
    return withBookmark(request, response, session.bookmark());
  },
} satisfies ExportedHandler<Env>;
