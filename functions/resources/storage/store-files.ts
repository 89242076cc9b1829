import {
  ATTACHMENT_FIELD_SIZE,
  MAX_ATTACHMENTS_PER_CELL,
  type Attachment,
} from "../../../db/fields/common/attachments";
import { HttpError, badRequest } from "../../lib/http-error";
import { attachmentSecret, signValues } from "../../../db/files/signed-links";
import { extensionOf, refusal } from "../../lib/attachments/file-types";
import { siteUrl } from "../../lib/site-url";
import { appSetting } from "../../lib/app-settings";
import type { Ctx } from "../data/context";

/**
 * Writing uploads to the bucket. Every file of a request is checked (size, type, count) before
 * anything is written, and a failed write removes what the request had written: nothing is
 * half-stored. Keys are `nc/uploads/noco/<project id>/<table>/<column>/<18 random><.ext>`.
 */
export const MAX_FILE_BYTES = ATTACHMENT_FIELD_SIZE;
export const MAX_FILES = MAX_ATTACHMENTS_PER_CELL;
/** A browser-made thumbnail is small (256 px WebP); anything bigger is not one. */
export const MAX_THUMBNAIL_BYTES = 512 * 1024;

export interface Incoming {
  title: string;
  mimetype: string;
  bytes: ArrayBuffer;
  thumbnail?: { mimetype: string; bytes: ArrayBuffer };
}

const ALPHABET = "0123456789abcdefghijklmnopqrstuvwxyz";
function randomName(): string {
  const b = crypto.getRandomValues(new Uint8Array(18));
  return Array.from(b, (x) => ALPHABET[x % 36]).join("");
}

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MB`;

/** The project-bound folder of `?path=noco/<project>/<table>/<column>`; segments keep [A-Za-z0-9_-]. */
export function uploadFolder(c: Ctx): string {
  const parts = (c.req.query("path") ?? "").split("/").filter(Boolean);
  if (parts[0] === "noco") parts.shift();
  const clean = (s: string | undefined) => (s ?? "").replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64) || "_";
  return `noco/${c.get("project").id}/${clean(parts[1])}/${clean(parts[2])}`;
}

/**
 * Programs and scripts: anonymous form uploads always refuse them; members' uploads only when the
 * super admin switched refuse_program_uploads on (app-settings.ts). Served files never run here.
 */
export type ProgramRule = "refuse" | "allow";

export async function memberProgramRule(c: Ctx): Promise<ProgramRule> {
  return (await appSetting(c.env.META, "refuse_program_uploads")) ? "refuse" : "allow";
}

export function checkFile(f: Incoming, programs: ProgramRule) {
  if (f.bytes.byteLength > MAX_FILE_BYTES)
    throw badRequest(`${f.title} is ${mb(f.bytes.byteLength)}, above the limit of ${mb(MAX_FILE_BYTES)} per file`);
  const why =
    programs === "refuse" && refusal(f.title, f.mimetype, new Uint8Array(f.bytes, 0, Math.min(4, f.bytes.byteLength)));
  if (why) throw badRequest(why);
  if (f.thumbnail) {
    if (!f.mimetype.startsWith("image/")) throw badRequest(`${f.title}: only images have thumbnails`);
    if (!/^image\/(webp|png|jpeg)$/.test(f.thumbnail.mimetype))
      throw badRequest(`${f.title}: a thumbnail must be WebP, PNG or JPEG`);
    if (f.thumbnail.bytes.byteLength > MAX_THUMBNAIL_BYTES)
      throw badRequest(`${f.title}: the thumbnail is above ${MAX_THUMBNAIL_BYTES / 1024} KB`);
  }
}

export function checkCount(n: number) {
  if (n === 0) throw badRequest("No file was sent (send them as files[] or files)");
  if (n > MAX_FILES) throw badRequest(`At most ${MAX_FILES} files can be uploaded at once (${n} were sent)`);
}

/** Stores checked files; answers their attachment items with signed links. */
export async function storeFiles(c: Ctx, files: Incoming[], folder = uploadFolder(c)): Promise<Attachment[]> {
  const secret = attachmentSecret(c.env);
  if (!secret) throw new HttpError(501, "File storage is not configured: set the ATTACHMENT_SECRET Worker secret");
  const written: string[] = [];
  const items: Attachment[] = [];
  try {
    for (const f of files) {
      const name = randomName();
      const ext = extensionOf(f.title);
      const path = `download/${folder}/${name}${ext ? `.${ext}` : ""}`;
      const key = `nc/uploads/${path.slice("download/".length)}`;
      await c.env.ATTACHMENTS.put(key, f.bytes, {
        httpMetadata: { contentType: f.mimetype },
        customMetadata: { title: f.title },
      });
      written.push(key);
      const item: Attachment = { path, title: f.title, mimetype: f.mimetype, size: f.bytes.byteLength };
      if (f.thumbnail) {
        const thumbPath = `download/${folder}/${name}.thumb.${extensionOf(`x.${f.thumbnail.mimetype.split("/")[1]}`).replace("jpeg", "jpg")}`;
        const thumbKey = `nc/uploads/${thumbPath.slice("download/".length)}`;
        await c.env.ATTACHMENTS.put(thumbKey, f.thumbnail.bytes, {
          httpMetadata: { contentType: f.thumbnail.mimetype },
        });
        written.push(thumbKey);
        item.thumbnail = thumbPath;
      }
      items.push(item);
    }
  } catch (err) {
    if (written.length) await c.env.ATTACHMENTS.delete(written).catch(() => undefined);
    throw err;
  }
  return signValues({ secret, projectId: c.get("project").id, origin: siteUrl(c) }, items);
}
