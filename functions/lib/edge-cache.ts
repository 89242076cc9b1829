import type { Context } from "hono";
import type { AppEnv } from "../types";

/**
 * A JSON answer through the edge cache (Cache API) under `key`, a URL naming everything the
 * answer was built from (uuid, share version, stamps: functions/resources/dashboards/public.ts),
 * so a change gives a new key and the next visitor a fresh answer; old entries age out.
 * `key` null: never cached (a password-protected share, rows the room cannot see change), answered
 * `private, no-store`. The browser gets `no-cache`: it asks every time and the edge answers it.
 * `x-gridbase-cache` says which it was (hit, miss, bypass). A build that throws caches nothing.
 */
const CACHE_SECONDS = 300;
const JSON_TYPE = { "content-type": "application/json; charset=utf-8" };

export async function edgeCached(c: Context<AppEnv>, key: string | null, build: () => Promise<unknown>) {
  if (key === null)
    return new Response(JSON.stringify(await build()), {
      headers: { ...JSON_TYPE, "cache-control": "private, no-store", "x-gridbase-cache": "bypass" },
    });
  const request = new Request(key);
  const cache = (globalThis as unknown as { caches: { default: Cache } }).caches.default;
  const hit = await cache.match(request);
  if (hit) {
    const res = new Response(hit.body, hit);
    res.headers.set("x-gridbase-cache", "hit");
    res.headers.set("cache-control", "no-cache");
    return res;
  }
  const text = JSON.stringify(await build());
  c.executionCtx.waitUntil(
    cache.put(
      request,
      new Response(text, { headers: { ...JSON_TYPE, "cache-control": `public, max-age=${CACHE_SECONDS}` } }),
    ),
  );
  return new Response(text, { headers: { ...JSON_TYPE, "cache-control": "no-cache", "x-gridbase-cache": "miss" } });
}
