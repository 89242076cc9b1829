import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../types";

/**
 * Security headers on every response the Worker makes (the API, mail links, downloads). The web
 * app's own files are served by the assets binding without the Worker; their headers are in
 * web/public/_headers. Rules:
 * - the API answers JSON and never needs to load or be framed: `default-src 'none'` and
 *   `frame-ancestors 'none'` (a downloaded file opened inline cannot run script either);
 * - `nosniff`, and no Referer from these responses;
 * - HSTS when the request came over https (over http a browser ignores it);
 * - `Cache-Control: no-store` unless a route chose its own: answers carry tokens (sign-in,
 *   refresh, API tokens, reset links) and private rows, and no cache may keep them.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";
export const HSTS = "max-age=31536000; includeSubDomains";

export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const h = c.res.headers;
  // A WebSocket upgrade's headers cannot change (none reach here today; kept safe anyway).
  if (c.res.status === 101) return;
  if (!h.has("Content-Security-Policy")) h.set("Content-Security-Policy", API_CSP);
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "no-referrer");
  // The scheme without parsing the whole URL (this runs on every response).
  if (c.req.url.startsWith("https:")) h.set("Strict-Transport-Security", HSTS);
  if (!h.has("Cache-Control")) h.set("Cache-Control", "no-store");
};
