import { storageKey } from "../db/fields/common/attachments";
import type { AttachmentEntry, ImportReport } from "../db/project/transfer-format";

/** Copies at a time: each is a read and a write of the bucket. */
const PARALLEL = 8;

/**
 * The uploads an imported project's manifest names, copied to the new project's paths: those this
 * instance's bucket still holds are copied (originals and thumbnails), the others are reported
 * missing (an export from another instance, or a file since removed). Only the exported project's
 * own uploads are read, and only this project's keys written (storageKey).
 */
export async function copyUploads(
  bucket: R2Bucket,
  manifest: AttachmentEntry[],
  /** The exported project's id and this one's: only the former's uploads are copied, into the latter's. */
  ids: { from: string | null; to: string },
  newPath: (path: string) => string,
): Promise<ImportReport["attachments"]> {
  const originals = new Map(manifest.map((a) => [a.path, a.name ?? null]));
  const paths = [...new Set(manifest.flatMap((a) => [a.path, a.thumbnail ?? null]).filter((p): p is string => !!p))];
  const missing: ImportReport["attachments"]["missing"] = [];
  let copied = 0;
  const copyOne = async (path: string) => {
    const target = newPath(path);
    const from = ids.from ? storageKey(path, ids.from) : null;
    const to = storageKey(target, ids.to);
    if (!from || !to || from === to) return;
    const object = await bucket.get(from);
    if (!object) {
      // A thumbnail is made again from its file; only files themselves are reported.
      if (originals.has(path)) missing.push({ path, name: originals.get(path) ?? null });
      return;
    }
    await bucket.put(to, await object.arrayBuffer(), {
      httpMetadata: object.httpMetadata,
      customMetadata: object.customMetadata,
    });
    if (originals.has(path)) copied++;
  };
  for (let i = 0; i < paths.length; i += PARALLEL) await Promise.all(paths.slice(i, i + PARALLEL).map(copyOne));
  return { copied, missing };
}
