import { Hono } from "hono";
import { readerOf } from "../../db/access/rules";
import type { ColumnJson } from "../../db/schema/shape";
import { projectSwagger } from "../lib/project-swagger";
import { projectRoom, unwrap } from "../lib/room";
import { siteUrl } from "../lib/site-url";
import { need } from "../middleware/acl";
import type { AppEnv } from "../types";

/** Where the web build puts swagger-ui-dist's files (vite.config.ts): served as static assets, no CDN. */
const ASSETS = "/swagger-ui";
/** The web app's settings key (web/lib/settings.ts): the page reads the signed-in session from it. */
const SETTINGS_KEY = "gridbase:settings:v1";

/**
 * The page is a shell holding no project data, so it is public; it reads the session the web app
 * stored on this origin and fetches swagger.json with it, which only project members receive.
 * The session is added on the wire (a fetch wrapper), not to Swagger UI's request, so the curl
 * line "Try it out" shows carries no session token: scripts use an API token (Authorize, xc-token).
 */
function swaggerPage(docUrl: string, nonce: string) {
  const init = `
const s = (() => { try { return JSON.parse(localStorage.getItem(${JSON.stringify(SETTINGS_KEY)}) || "{}").settings || {}; } catch { return {}; } })();
const send = window.fetch.bind(window);
window.fetch = (input, init = {}) => {
  const url = new URL(typeof input === "string" ? input : input.url, location.href);
  const headers = new Headers(init.headers || (typeof input === "string" ? undefined : input.headers));
  if (s.token && url.origin === location.origin && !headers.has("xc-token") && !headers.has("xc-auth"))
    headers.set("xc-auth", s.token);
  return send(input, { ...init, headers });
};
window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(docUrl)}, dom_id: "#swagger-ui", deepLinking: true, persistAuthorization: true,
});`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>REST APIs</title><link rel="stylesheet" href="${ASSETS}/swagger-ui.css"></head>
<body><div id="swagger-ui"></div><script src="${ASSETS}/swagger-ui-bundle.js"></script><script nonce="${nonce}">${init}</script></body></html>`;
}

/** The API's CSP refuses every script; this page runs Swagger UI's file and its own nonce'd start-up. */
const pageCsp = (nonce: string) =>
  `default-src 'none'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; ` +
  `connect-src 'self'; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

/** Per-project API docs (contract 7): the document for members, the Swagger UI page around it. */
export const swagger = new Hono<AppEnv>()
  .get("/:projectId/swagger.json", need("swaggerJson"), async (c) => {
    const project = c.get("project");
    const room = projectRoom(c.env, project.id);
    const list = await unwrap(room.schema({ op: "listTables", projectId: project.id, includeM2M: false }));
    // The fields as the caller's role sees them: a hidden field is not documented (db/access/meta.ts).
    const user = c.get("user");
    const reader = readerOf(c.get("roles") ?? {}, user?.id, user?.email);
    const tables = await Promise.all(
      list.map(async (t) => {
        const full = await unwrap(room.schema({ op: "readTable", projectId: project.id, tableId: t.id, reader }));
        return { id: t.id, title: t.title, columns: full.columns as ColumnJson[] };
      }),
    );
    return c.json(projectSwagger(project, tables, siteUrl(c)));
  })
  .get("/:projectId/swagger", need("public"), (c) => {
    const nonce = crypto.randomUUID().replaceAll("-", "");
    c.header("Content-Security-Policy", pageCsp(nonce));
    return c.html(swaggerPage(`${c.req.path.replace(/\/$/, "")}.json`, nonce));
  });
