import type { MiddlewareHandler } from "hono";

/** NocoDB 0.301's error codes for the statuses our refusals carry (its v2 answers `{error, message}`). */
const CODES: Record<number, string> = {
  400: "ERR_INVALID_REQUEST_BODY",
  401: "ERR_AUTHENTICATION_REQUIRED",
  403: "ERR_FORBIDDEN",
  404: "ERR_NOT_FOUND",
  409: "ERR_CONFLICT",
  413: "ERR_PAYLOAD_TOO_LARGE",
  422: "ERR_UNPROCESSABLE",
  429: "ERR_TOO_MANY_REQUESTS",
};

/** The more precise codes NocoDB gives for a missing table or record. */
function codeOf(status: number, msg: string): string {
  if (status === 404 && /^Table not found/.test(msg)) return "ERR_TABLE_NOT_FOUND";
  if (status === 404 && /^(Row|Record) .*not found|^Row not found/i.test(msg)) return "ERR_RECORD_NOT_FOUND";
  return CODES[status] ?? "ERR_INTERNAL_SERVER_ERROR";
}

/**
 * The v2 routes' errors: the same refusal as v1 (`{msg}`, status, from the app's onError), with
 * NocoDB v2's `error` and `message` beside it, so v2 clients (nocodb-sdk 0.301, n8n) read the
 * message they expect and callers of our v1 contract still find `msg`. A middleware rather than
 * the sub-app's onError, which would wrap each route's handlers (and hide their `need`).
 */
export const v2Errors: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.error || c.res.status < 400) return;
  const body = (await c.res.clone().json()) as { msg?: string };
  if (typeof body?.msg !== "string") return;
  c.res = c.json({ ...body, error: codeOf(c.res.status, body.msg), message: body.msg }, c.res.status as 400);
};
