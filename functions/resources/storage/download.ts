import { forbidden, notFound } from "../../lib/http-error";
import { attachmentSecret, checkLink } from "../../../db/files/signed-links";
import { servedInline } from "../../lib/attachments/file-types";
import type { Ctx } from "../data/context";

const MESSAGES = {
  unsigned: "This file is private: open it through a signed link from the record",
  bad: "This link is not valid",
  expired: "This link has expired; reopen the record for a fresh one",
} as const;

/** What no served file may do: run scripts, load anything but its own media, be framed elsewhere. */
const SANDBOX = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'";
const NO_FRAMING = "frame-ancestors 'none'";
// The app's own preview frame (its lightbox) only: the app is served from this same origin.
const OWN_FRAME = "frame-ancestors 'self'";

/**
 * `GET /download/<path>?e=&s=[&inline=1]`: a file through its signed, expiring link only (DESIGN:
 * files are private). Passive types (images, PDF, audio, video, plain text) open in the page, the
 * rest download (`attachment`); no link may be framed by another page. With `inline=1` (outside
 * the signature: it changes only who may frame the same file) the app's own pages may frame a
 * passive type, so the lightbox previews a PDF. No
 * served file may run scripts in the app's origin (sandbox, nosniff); Chromium's PDF viewer does
 * not run in a sandboxed document, and a PDF runs no page script anyway.
 */
export async function download(c: Ctx) {
  const path = c.req.path.replace(/^\/+/, "");
  const check = await checkLink(attachmentSecret(c.env), path, c.req.query("e"), c.req.query("s"));
  if (check !== "ok") throw forbidden(MESSAGES[check]);
  if (!/^download\/noco\/[^/]+\//.test(path) || /(^|\/)\.\.(\/|$)/.test(path)) throw notFound();
  const object = await c.env.ATTACHMENTS.get(`nc/uploads/${path.slice("download/".length)}`);
  if (!object) throw notFound();
  const type = object.httpMetadata?.contentType ?? "application/octet-stream";
  const title = object.customMetadata?.title ?? path.split("/").pop()!;
  const passive = servedInline(type);
  const preview = c.req.query("inline") === "1" && passive;
  const pdf = type === "application/pdf";
  const framing = preview ? OWN_FRAME : NO_FRAMING;
  const headers = new Headers({
    "content-type": type,
    "content-length": String(object.size),
    etag: object.httpEtag,
    "x-content-type-options": "nosniff",
    // The link's own life: a browser keeps the file only while the link stays valid.
    "cache-control": `private, max-age=${Math.max(0, Number(c.req.query("e")) - Math.floor(Date.now() / 1000))}`,
    "content-disposition": `${passive ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(title)}`,
    "content-security-policy": pdf
      ? `default-src 'none'; ${framing}; base-uri 'none'; form-action 'none'`
      : `${SANDBOX}; ${framing}`,
  });
  return new Response(object.body, { headers });
}
