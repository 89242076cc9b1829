import type { MiddlewareHandler } from "hono";
import { badRequest, HttpError } from "../lib/http-error";
import type { AppEnv } from "../types";
import { ATTACHMENT_FIELD_SIZE } from "../../db/fields/common/attachments";
import { MAX_PROJECT_ZIP_BYTES } from "../../db/project/transfer-format";

/**
 * Caps request bodies before any route reads them. Rules:
 * - a declared Content-Length over MAX_BODY_BYTES is refused at once (413), and a body streamed
 *   without one is read only up to the limit;
 * - JSON nested deeper than MAX_JSON_DEPTH is refused (400) before it is parsed: a parser walks
 *   nesting recursively, and 100,000 levels exhaust its stack;
 * - bodies are read here once and handed to the route through Hono's body cache (text as text,
 *   others as bytes), so no route reads more than the limit whatever type the client declares;
 * - file uploads (multipart to the two routes that take files: storage upload and a form's
 *   submission) may carry one file of the attachment size limit and more: they are capped at
 *   MAX_UPLOAD_BYTES here, and the route names the file that is too large. Everywhere else the
 *   limit is MAX_BODY_BYTES, well under the 32 MiB a call to the project room may carry (a larger
 *   body reaching the room was a 500, issue 42).
 */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
export const MAX_JSON_DEPTH = 64;
/** Room for an upload of files up to the attachment limit (the platform itself stops at 100 MB). */
export const MAX_UPLOAD_BYTES = Math.min(100 * 1024 * 1024, 4 * ATTACHMENT_FIELD_SIZE);

const tooLarge = (limit = MAX_BODY_BYTES) =>
  new HttpError(413, `The request body exceeds the limit of ${limit / 1024 / 1024} MB`);
const UPLOAD_PATHS = /\/(storage\/upload|shared-view\/[^/]+\/rows)\/?$/;
const isUpload = (type: string | undefined, path: string) =>
  /^multipart\/form-data/i.test(type ?? "") && UPLOAD_PATHS.test(path);
/** A project .zip (issue 35), multipart or raw: up to its own limit (db/project/transfer-format.ts). */
const PROJECT_IMPORT = /\/api\/v1\/db\/meta\/projects\/import\/?$/;
const limitOf = (type: string | undefined, path: string) =>
  PROJECT_IMPORT.test(path) ? MAX_PROJECT_ZIP_BYTES : isUpload(type, path) ? MAX_UPLOAD_BYTES : MAX_BODY_BYTES;

/** A body's bytes, refused (`refuse`, by default a 413 naming the limit) past `limit`. */
export async function readCapped(
  body: ReadableStream<Uint8Array>,
  limit: number,
  refuse: () => Error = () => tooLarge(limit),
): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw refuse();
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return all;
}

/**
 * The deepest nesting of arrays and objects in JSON text (strings skipped), stopping past `max`.
 * A string is skipped with indexOf to its closing quote rather than character by character:
 * bulk bodies are mostly string values, and the scan was the largest part of the Worker's time
 * on a 1,000-row insert (issue 14).
 */
export function jsonDepthOver(text: string, max: number): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // The closing quote: the next one not escaped (an odd run of backslashes before it).
      for (;;) {
        const q = text.indexOf('"', i + 1);
        if (q < 0) return false;
        let slashes = 0;
        while (text.charCodeAt(q - 1 - slashes) === 92) slashes++;
        i = q;
        if (slashes % 2 === 0) break;
      }
    } else if (c === 91 || c === 123) {
      if (++depth > max) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

const isText = (type: string | undefined) => !type || /json|^text\//i.test(type);

export const bodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header("content-type");
  const declared = Number(c.req.header("content-length"));
  const hasLength = Number.isFinite(declared) && !!c.req.header("content-length");
  const limit = limitOf(type, c.req.path);
  if (hasLength && declared > limit) throw tooLarge(limit);
  const body = c.req.raw.body;
  if (!body) return next();
  const cache = c.req.bodyCache as Record<string, unknown>;
  if (!isText(type)) {
    // A declared length within the limit bounds what the runtime delivers: the route reads it.
    // Without one, the bytes are read here up to the limit and the route reads them from the cache.
    if (!hasLength) cache.arrayBuffer = Promise.resolve((await readCapped(body, limit)).buffer);
    return next();
  }
  const text = hasLength ? await c.req.raw.text() : new TextDecoder().decode(await readCapped(body, limit));
  // Every API body is read as JSON whatever its declared type; only tabular text is exempt.
  const tabular = /^text\/(csv|tab-separated-values)/i.test(type ?? "");
  if (!tabular && jsonDepthOver(text, MAX_JSON_DEPTH))
    throw badRequest(`JSON nested deeper than ${MAX_JSON_DEPTH} levels is not accepted`);
  // Hono keeps pending reads in its cache (typed as values); c.req.text()/json() read from it.
  cache.text = Promise.resolve(text);
  return next();
};
