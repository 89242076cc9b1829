/**
 * Sends files to `POST /api/v1/db/storage/upload` (contract 7) with upload progress, which fetch
 * cannot report: an XMLHttpRequest carrying the same headers as the API client. Each image goes
 * with its thumbnail (`thumbnails[i]`). The folder names the project, table and field.
 */
import { buildHeaders } from "../../lib/api-client";
import { session } from "../../lib/auth";
import { i18n } from "../../lib/i18n";
import { getRouteParams, sharedBaseIdFrom } from "../../lib/route-context";
import { settings } from "../../lib/settings";
import type { AttachmentItem } from "./files";
import { makeThumbnail } from "./thumbnail";

export const UPLOAD_PATH = "/api/v1/db/storage/upload";

export function uploadFolder(column: { id: string; fk_model_id?: string }, projectId?: string): string {
  return `noco/${projectId ?? getRouteParams().projectId ?? "_"}/${column.fk_model_id ?? "_"}/${column.id}`;
}

export class UploadError extends Error {}

export async function uploadFiles(
  files: File[],
  folder: string,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<AttachmentItem[]> {
  const form = new FormData();
  const thumbs = await Promise.all(files.map((f) => makeThumbnail(f)));
  files.forEach((f, i) => {
    form.append("files[]", f, f.name);
    const t = thumbs[i];
    if (t) form.append(`thumbnails[${i}]`, t, `thumb.${t.type.split("/")[1]}`);
  });
  const path = `${UPLOAD_PATH}?path=${encodeURIComponent(folder)}`;
  const headers = buildHeaders(path, {
    token: session.getToken(),
    previewAs: settings.get().previewAs,
    sharedBaseId: sharedBaseIdFrom(getRouteParams()),
  });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* not JSON */
      }
      if (xhr.status >= 200 && xhr.status < 300 && Array.isArray(body)) return resolve(body as AttachmentItem[]);
      const msg =
        body && typeof body === "object" && typeof (body as { msg?: unknown }).msg === "string"
          ? (body as { msg: string }).msg
          : i18n.t("msg.error.internal");
      reject(new UploadError(msg));
    };
    xhr.onerror = () => reject(new UploadError(i18n.t("fields.attachment.uploadFailed")));
    xhr.onabort = () => reject(new DOMException("aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort());
    xhr.send(form);
  });
}
