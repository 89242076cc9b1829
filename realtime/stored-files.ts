import { storageKey } from "../db/fields/common/attachments";

/** The bucket takes at most 1000 keys per delete call. */
const BATCH = 1000;

/**
 * Removes uploads (originals and thumbnails) named by deleted cells. Only this project's own
 * keys are touched: a cell may name another project's path, which is not ours to remove.
 */
export async function removeStoredFiles(bucket: R2Bucket, projectId: string, paths: string[]): Promise<void> {
  const keys = [...new Set(paths.map((p) => storageKey(p, projectId)).filter((k): k is string => k !== null))];
  for (let i = 0; i < keys.length; i += BATCH) {
    try {
      await bucket.delete(keys.slice(i, i + BATCH));
    } catch (err) {
      // The rows are gone either way; an orphaned object costs storage, not correctness.
      console.error("attachment clean-up failed", err instanceof Error ? err.message : err);
    }
  }
}
