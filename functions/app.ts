import { Hono } from "hono";
import { notFoundHandler, onError } from "./middleware/errors";
import { info } from "./resources/info";
import type { AppEnv } from "./types";

/** The HTTP API: one sub-app per resource. Non-strict so `/x` and `/x/` route alike. */
export function createApp() {
  const app = new Hono<AppEnv>({ strict: false });
  app.onError(onError);
  app.notFound(notFoundHandler);
  app.route("/", info);
  return app;
}

export const app = createApp();
