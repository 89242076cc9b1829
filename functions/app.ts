import { Hono } from "hono";
import { notFoundHandler, onError } from "./middleware/errors";
import { info } from "./resources/info";
import { projects } from "./resources/projects";
import { publicSharedBase } from "./resources/public/shared-base";
import type { AppEnv } from "./types";

/** The HTTP API: one sub-app per resource. Non-strict so `/x` and `/x/` route alike. */
export function createApp() {
  const app = new Hono<AppEnv>({ strict: false });
  app.onError(onError);
  app.notFound(notFoundHandler);
  app.route("/", info);
  app.route("/api/v1/db/meta/projects", projects);
  app.route("/api/v1/db/public", publicSharedBase);
  return app;
}

export const app = createApp();
