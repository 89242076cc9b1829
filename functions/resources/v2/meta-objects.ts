import type { MiddlewareHandler } from "hono";

/** A `meta` held as JSON text, as an object (null when it is not an object's text). */
function metaObject(meta: unknown): unknown {
  if (typeof meta !== "string") return meta;
  try {
    const parsed: unknown = JSON.parse(meta);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const withMeta = (item: unknown) =>
  item && typeof item === "object" && "meta" in item ? { ...item, meta: metaObject(item.meta) } : item;

/**
 * NocoDB v2 answers one base's `meta` as an object where v1 (and our v1 handlers) give its JSON
 * text; its list of bases keeps the text (as NocoDB 0.301.3 does).
 */
export const metaAsObject: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.status !== 200 || !c.res.headers.get("content-type")?.includes("application/json")) return;
  const body: unknown = await c.res.clone().json();
  if (!body || typeof body !== "object") return;
  if ("list" in body) return;
  c.res = new Response(JSON.stringify(withMeta(body)), c.res);
};
