import { Hono } from "hono";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { SmartRouter } from "hono/router/smart-router";
import { TrieRouter } from "hono/router/trie-router";
import { MemoRouter } from "./lib/memo-router";
import { bodyLimit } from "./middleware/body-limit";
import { requestLimits } from "./middleware/request-limits";
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
import { securityLog } from "./resources/security-log";
import { projects } from "./resources/projects";
import { trash } from "./resources/projects/trash";
import { projectTrash } from "./resources/projects/project-trash";
import { projectTransfer } from "./resources/projects/transfer";
import { snapshots } from "./resources/projects/snapshots";
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
import { dashboards } from "./resources/dashboards";
import { publicDashboards } from "./resources/dashboards/public";
import { automationHooks, automations } from "./resources/automations";
import { apps } from "./resources/apps";
import { mcp } from "./resources/mcp";
import { v2Records } from "./resources/v2/records";
import { v2Bases } from "./resources/v2/bases";
import { v2Tables } from "./resources/v2/tables";
import { v2Columns } from "./resources/v2/columns";
import { v2Views } from "./resources/v2/views";
import type { AppEnv } from "./types";

/**
 * The HTTP API: one sub-app per resource. Non-strict so `/x` and `/x/` route alike. Hono's own
 * routers, behind a memo of their matches (lib/memo-router.ts).
 */
export function createApp() {
  const base = new Hono<AppEnv>({
    strict: false,
    router: new MemoRouter(new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] })),
  });
  base.onError(onError);
  base.notFound(notFoundHandler);
  base.use("*", securityHeaders);
  base.use("*", requestLimits);
  base.use("*", bodyLimit);
  // Chained, so the app's type carries every route's input and answer (the web derives its response
  // types from it: web/api/app-types.ts).
  const app = base
    .route("/", info)
    // The MCP server for AI assistants (issue 40), at the path its clients are configured with;
    // before the catch-all pages of shared views.
    .route("/mcp", mcp)
    // Accounts API and its legacy aliases (API-CONTRACT §2).
    .route("/api/v1/auth", auth)
    .route("/api/v1/db/auth", auth)
    .route("/auth", auth)
    .route("/", devOutbox)
    // Before the project routes: `/trash` and `/import` are not project ids (issue 35).
    .route("/api/v1/db/meta/projects", projectTrash)
    .route("/api/v1/db/meta/projects", projectTransfer)
    .route("/api/v1/db/meta/projects", projects)
    .route("/api/v1/db/meta/projects", swagger)
    .route("/api/v1/db/meta/projects", trash)
    .route("/api/v1/db/meta/projects", snapshots)
    .route("/api/v1/db/meta", automations)
    .route("/api/v1/db/meta", tables)
    .route("/api/v1/db/meta", tableAccess)
    .route("/api/v1/db/meta", views)
    .route("/api/v1/db/meta", commentRoutes)
    .route("/api/v1/db/meta", hooks)
    .route("/api/v1/db/meta", dashboards)
    .route("/api/v1/db/data/bulk", bulkRoutes)
    .route("/api/v1/db/data", rowRoutes)
    .route("/api/v1/db/meta", shareRoutes)
    .route("/api/v1/db/public", publicSharedBase)
    .route("/api/v1/db/public", publicSharedView)
    .route("/api/v1/db/public", publicCalendarFeed)
    .route("/api/v1/db/public", publicDashboards)
    .route("/api/v1", automationHooks)
    .route("/api/v1", connection)
    .route("/api/v1", orgUsers)
    .route("/api/v1", securityLog)
    .route("/api/v1", apiTokens)
    .route("/", storage)
    .route("/", sharedPages)
    .route("/api/v1", apps)
    // NocoDB's v2 API (issue 40): today's clients (nocodb-sdk 0.301, n8n), over the same handlers.
    .route("/api/v2/tables", v2Records)
    .route("/api/v2/meta/bases", v2Bases)
    .route("/api/v2/meta", v2Tables)
    .route("/api/v2/meta", v2Columns)
    .route("/api/v2/meta", v2Views);
  mountOpenApi(base);
  return app;
}

export const app = createApp();

/** The API's routes with their inputs and answers, for the web's types only (`import type`). */
export type AppType = typeof app;
