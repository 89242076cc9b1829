import type { Context } from "hono";
import type { AppEnv } from "../../types";
import { siteUrl } from "../site-url";
import { storageKey } from "../../../db/fields/common/attachments";
import { attachmentSecret, signPath } from "../../../db/files/signed-links";

/**
 * The CSV of an export batch with its uploads' links signed, as a row read signs them
 * (sign-answer.ts): the room writes each upload as `title(origin/path)` and lists the paths it
 * wrote (db/fields/common/attachments.ts attachmentsText); each link of this project's own upload
 * gets its `?e=&s=` signature, so the file opens from the exported file for the link's life. Only
 * paths the room wrote from the reader's visible cells are signed.
 */
export async function withSignedUploads(
  c: Context<AppEnv>,
  projectId: string,
  batch: { csv: string; uploads: readonly string[] },
): Promise<string> {
  const secret = attachmentSecret(c.env);
  if (!secret || batch.uploads.length === 0) return batch.csv;
  const origin = siteUrl(c);
  let csv = batch.csv;
  for (const path of batch.uploads) {
    if (!storageKey(path, projectId)) continue;
    csv = csv.split(`(${origin}/${path})`).join(`(${origin}/${await signPath(secret, path)})`);
  }
  return csv;
}
