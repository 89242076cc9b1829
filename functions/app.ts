import { Hono } from "hono";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";
import { MemoRouter } from "./lib/memo-router";
import { bodyLimit } from "./middleware/body-limit";
import { notFoundHandler, onError } from "./middleware/errors";
import { securityHeaders } from "./middleware/security-headers";
import { auth } from "./resources/auth";
import { connection } from "./resources/connection";
import { commentRoutes } from "./resources/data/comments";
import { bulkRoutes, rowRoutes } from "./resources/data/rows";
import { devOutbox } from "./resources/dev-outbox";
import { info } from "./resources/info";
import { apiTokens } from "./resources/api-tokens";
import { orgUsers } from "./resources/org-users";
import { projects } from "./resources/projects";
import { tables } from "./resources/tables";
import { tableAccess } from "./resources/tables/access";
import { views } from "./resources/views";
import { publicSharedBase } from "./resources/public/shared-base";
import { publicSharedView } from "./resources/public/shared-view";
import { publicCalendarFeed } from "./resources/public/calendar-feed";
import { shareRoutes } from "./resources/share/routes";
import { sharedPages } from "./resources/public/shared-page";
import { storage } from "./resources/storage";
import { mountOpenApi } from "./resources/openapi";
import { swagger } from "./resources/swagger";
import { hooks } from "./resources/hooks";
import { apps } from "./resources/apps";
import type { AppEnv } from "./types";

/**
 * The HTTP API: one sub-app per resource. Non-strict so `/x` and `/x/` route alike. Hono's own
 * routers, behind a memo of their matches (lib/memo-router.ts).
 */
export function createApp() {
  const app = new Hono<AppEnv>({
    strict: false,
    router: new MemoRouter(new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] })),
  });
  app.onError(onError);
  app.notFound(notFoundHandler);
  app.use("*", securityHeaders);
  app.use("*", bodyLimit);
  app.route("/", info);
  // Accounts API and its legacy aliases (API-CONTRACT §2).
  app.route("/api/v1/auth", auth);
  app.route("/api/v1/db/auth", auth);
  app.route("/auth", auth);
  app.route("/", devOutbox);
  app.route("/api/v1/db/meta/projects", projects);
  app.route("/api/v1/db/meta/projects", swagger);
  app.route("/api/v1/db/meta", tables);
  app.route("/api/v1/db/meta", tableAccess);
  app.route("/api/v1/db/meta", views);
  app.route("/api/v1/db/meta", commentRoutes);
  app.route("/api/v1/db/meta", hooks);
  app.route("/api/v1/db/data/bulk", bulkRoutes);
  app.route("/api/v1/db/data", rowRoutes);
  app.route("/api/v1/db/meta", shareRoutes);
  app.route("/api/v1/db/public", publicSharedBase);
  app.route("/api/v1/db/public", publicSharedView);
  app.route("/api/v1/db/public", publicCalendarFeed);
  app.route("/api/v1", connection);
  app.route("/api/v1", orgUsers);
  app.route("/api/v1", apiTokens);
  app.route("/", storage);
  app.route("/", sharedPages);
  app.route("/api/v1", apps);
  mountOpenApi(app);
  return app;
}

export const app = createApp();
