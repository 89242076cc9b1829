import type { Action } from "../../db/acl/matrix";
import { createApp } from "../../functions/app";
import { isAclMiddleware } from "../../functions/middleware/acl";

/** Every registered route that names an action, with the method it answers (the walks' route list). */
export function actionRoutes(): Array<{ method: string; path: string; action: Action }> {
  const seen = new Map<string, { method: string; path: string; action: Action }>();
  for (const r of createApp().routes) {
    if (!isAclMiddleware(r.handler) || r.handler.access === "public" || r.handler.access === "signedIn") continue;
    seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path, action: r.handler.access });
  }
  return [...seen.values()];
}

/** Every public GET route under `prefix` (the walk of a visitor's parameters: shared-view-hidden-params.test.ts). */
export function publicGetRoutes(prefix: string): string[] {
  const seen = new Set<string>();
  for (const r of createApp().routes) {
    if (r.method !== "GET" || !r.path.startsWith(prefix)) continue;
    if (isAclMiddleware(r.handler) && r.handler.access === "public") seen.add(r.path);
  }
  return [...seen];
}
