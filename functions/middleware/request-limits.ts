import type { MiddlewareHandler } from "hono";
import { MAX_ID_CHARS, MAX_URL_CHARS, isIdKey, tooLongId } from "../../db/limits";
import { badRequest } from "../lib/http-error";
import type { AppEnv } from "../types";

const decoded = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/**
 * Length limits of what a request names before any route sees it (db/limits.ts): the URL as a
 * whole, each path segment (an id, or a title standing in for one), and each query value under an
 * id-named key. Routes match their params out of these segments, so no route hands D1 or the
 * project room an oversized id from the path or query. Ids in JSON bodies are checked where bodies
 * are parsed (lib/validate.ts, and the ACL's `fk_model_id`).
 */
export const requestLimits: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = c.req.url;
  if (url.length > MAX_URL_CHARS) throw badRequest(`The request URL is longer than ${MAX_URL_CHARS / 1024} KB`);
  for (const segment of c.req.path.split("/")) {
    if (segment.length > MAX_ID_CHARS && decoded(segment).length > MAX_ID_CHARS)
      throw badRequest(`An id or name in the path may be at most ${MAX_ID_CHARS} characters`);
  }
  const query = url.indexOf("?");
  if (query >= 0) {
    for (const [key, value] of new URLSearchParams(url.slice(query + 1))) {
      if (value.length > MAX_ID_CHARS && isIdKey(key)) throw badRequest(tooLongId(key));
    }
  }
  return next();
};
