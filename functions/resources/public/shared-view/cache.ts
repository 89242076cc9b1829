import { projectRoom, unwrap } from "../../../lib/room";
import type { Ctx } from "../../data/context";
import type { Shared } from "./access";

/**
 * Shared-view meta through the edge cache (Cache API). The key holds the uuid, the share's
 * version (any change to the share bumps it) and the project room's schema stamp (any change to
 * the view, its fields or its settings renews it), so a change is seen by the next visitor.
 * A password-protected share is never put in the cache and is answered `private, no-store`.
 *
 * `fresh` adds what must never be cached (a form's start token, the Turnstile site key) to each
 * answer, after the cache.
 */
const CACHE_SECONDS = 300;

export async function cachedMeta(
  c: Ctx,
  s: Shared,
  build: () => Promise<unknown>,
  fresh?: () => Promise<Record<string, unknown>>,
): Promise<Response> {
  const headers = { "content-type": "application/json; charset=utf-8" };
  const withFresh = async (body: string) =>
    fresh ? JSON.stringify({ ...(JSON.parse(body) as object), ...(await fresh()) }) : body;
  if (s.share.password_hash) {
    return new Response(await withFresh(JSON.stringify(await build())), {
      headers: { ...headers, "cache-control": "private, no-store", "x-gridbase-cache": "bypass" },
    });
  }
  const stamp = await unwrap(projectRoom(c.env, s.projectId).schema({ op: "schemaStamp" }));
  const key = new Request(`https://shared-view-meta.invalid/${s.share.uuid}/${s.share.version}/${stamp}`);
  const cache = (globalThis as unknown as { caches: { default: Cache } }).caches.default;
  const hit = await cache.match(key);
  if (hit) {
    const res = new Response(await withFresh(await hit.text()), hit);
    res.headers.set("x-gridbase-cache", "hit");
    res.headers.set("cache-control", "no-cache");
    return res;
  }
  const body = JSON.stringify(await build());
  const stored = new Response(body, { headers: { ...headers, "cache-control": `public, max-age=${CACHE_SECONDS}` } });
  c.executionCtx.waitUntil(cache.put(key, stored));
  // The browser asks again every time: the edge answers it, and a change shows at once.
  return new Response(await withFresh(body), {
    headers: { ...headers, "cache-control": "no-cache", "x-gridbase-cache": "miss" },
  });
}
