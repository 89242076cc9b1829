import { forbidden, notFound } from "../../lib/http-error";
import { attachmentSecret, checkLink } from "../../../db/files/signed-links";
import { servedInline } from "../../lib/attachments/file-types";
import type { Ctx } from "../data/context";

const MESSAGES = {
  unsigned: "This file is private: open it through a signed link from the record",
  bad: "This link is not valid",
  expired: "This link has expired; reopen the record for a fresh one",
} as const;

/**
 * `GET /download/<path>?e=&s=`: a file through its signed, expiring link only (DESIGN: files
 * are private). Passive types open in the page; the rest download, and no served file may run
 * scripts in the app's origin (sandbox, nosniff).
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
  const headers = new Headers({
    "content-type": type,
    "content-length": String(object.size),
    etag: object.httpEtag,
    "x-content-type-options": "nosniff",
    // The link's own life: a browser keeps the file only while the link stays valid.
    "cache-control": `private, max-age=${Math.max(0, Number(c.req.query("e")) - Math.floor(Date.now() / 1000))}`,
    "content-disposition": `${servedInline(type) ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(title)}`,
  });
  // Chromium's PDF viewer does not run in a sandboxed document; PDFs run no page script anyway.
  if (type !== "application/pdf")
    headers.set(
      "content-security-policy",
      "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'",
    );
  return new Response(object.body, { headers });
}
