import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { DbError } from "../../db/errors";
import { QueryError } from "../../db/query";
import { SourceError } from "../../db/external/driver";
import { HttpError } from "../lib/http-error";
import { retryAfterSeconds } from "../lib/rate-limit";

/** Every error leaves as `{ msg }`; unexpected ones are logged without request data. */
export function onError(err: Error, c: Context) {
  if (err instanceof HttpError) {
    // Every limit counts in one-minute windows (rate-limit.ts): say when the next one opens.
    if (err.status === 429) c.header("Retry-After", String(retryAfterSeconds()));
    return c.json({ msg: err.message, ...err.extra }, err.status);
  }
  // Refusals of the core (db/) raised in the Worker itself rather than in the project room.
  // An external database's refusal carries the database's own message (never the credentials).
  if (err instanceof DbError || err instanceof QueryError || err instanceof SourceError)
    return c.json({ msg: err.message }, err.status);
  if (err instanceof HTTPException) {
    return c.json({ msg: err.message || "Bad request" }, err.status);
  }
  console.error("unhandled", err.name, err.message);
  return c.json({ msg: "Some internal error occurred" }, 500);
}

export function notFoundHandler(c: Context) {
  return c.json({ msg: "Not found" }, 404);
}
