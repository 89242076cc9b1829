import { routePartykitRequest } from "partyserver";
import { app } from "./app";
import type { Env } from "./env";

export { ProjectRoom } from "../realtime/project-room";

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    // WebSocket rooms live at /parties/project/<projectId>; everything else is the Hono app.
    if (new URL(request.url).pathname.startsWith("/parties/")) {
      return (await routePartykitRequest(request, env)) ?? new Response("Not found", { status: 404 });
    }
    return app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<Env>;
