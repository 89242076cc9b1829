import { storageKey } from "../db/fields/common/attachments";

/**
 * Removing uploads whose record, field or table was deleted. Rules:
 * - Only this project's own keys are touched: a cell may name another project's path, which is
 *   not ours to remove.
 * - Removal waits a grace period (ATTACHMENT_REMOVE_AFTER_SECONDS, default an hour), kept in the
 *   object's storage and run by its alarm, because a deleted record can be brought back (the
 *   grid's undo inserts it again): a write naming a pending file takes it off the list.
 * - Originals and thumbnails go alike; a failed bucket call is logged and tried at the next alarm.
 * - A file still named when its removal is due stays (`stillNamed`, asked of the project's SQLite):
 *   a copied cell, or another record naming the same upload, keeps it. If that question fails the
 *   files stay too: a leaked upload costs storage, a wrongly removed one loses someone's file.
 */
const PREFIX = "file-removal:";
/** Storage calls take at most 128 keys; the bucket's delete at most 1000. */
const STORAGE_BATCH = 128;
const BUCKET_BATCH = 1000;
export const DEFAULT_GRACE_SECONDS = 3600;

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const ownKeys = (paths: Iterable<string>, projectId: string) => [
  ...new Set([...paths].map((p) => storageKey(p, projectId)).filter((k): k is string => k !== null)),
];

/** A bucket key (`nc/uploads/...`) as cells name it (`download/...`). */
const pathOf = (key: string) => `download/${key.slice("nc/uploads/".length)}`;

export class FileRemovals {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly bucket: R2Bucket,
    private readonly graceSeconds: number,
    /** Which of these `download/...` paths something in the project still names. */
    private readonly stillNamed: (paths: string[]) => Set<string>,
  ) {}

  /** Puts files on the list, due after the grace period, and wakes the alarm in time. */
  async schedule(projectId: string, paths: string[]): Promise<void> {
    const keys = ownKeys(paths, projectId);
    if (!keys.length) return;
    const due = Date.now() + this.graceSeconds * 1000;
    for (const part of chunks(keys, STORAGE_BATCH))
      await this.storage.put(Object.fromEntries(part.map((k) => [PREFIX + k, due])));
    const alarm = await this.storage.getAlarm();
    if (alarm === null || alarm > due) await this.storage.setAlarm(due);
  }

  /** A written body that names files (an undo re-inserting a record) keeps them. */
  async keepNamedIn(projectId: string, text: string): Promise<void> {
    if (!text.includes("download/noco/")) return;
    const keys = ownKeys(text.match(/download\/noco\/[^"\s?#\\]+/g) ?? [], projectId);
    for (const part of chunks(
      keys.map((k) => PREFIX + k),
      STORAGE_BATCH,
    ))
      await this.storage.delete(part);
  }

  /** Of the due list entries, those nothing names; the others leave the list, their files kept. */
  async #unnamed(entries: string[]): Promise<string[]> {
    if (!entries.length) return entries;
    const paths = entries.map((e) => pathOf(e.slice(PREFIX.length)));
    let named: Set<string>;
    try {
      named = this.stillNamed(paths);
    } catch (err) {
      console.error(
        "attachment clean-up: no answer on which files are named",
        err instanceof Error ? err.message : err,
      );
      named = new Set(paths);
    }
    const kept = entries.filter((_, i) => named.has(paths[i]!));
    for (const part of chunks(kept, STORAGE_BATCH)) await this.storage.delete(part);
    return entries.filter((_, i) => !named.has(paths[i]!));
  }

  /** The alarm: removes what is due, then sleeps until the next due file. */
  async run(): Promise<void> {
    const now = Date.now();
    const pending = await this.storage.list<number>({ prefix: PREFIX });
    const listed = [...pending].filter(([, at]) => at <= now).map(([k]) => k);
    const due = await this.#unnamed(listed);
    for (const part of chunks(due, BUCKET_BATCH)) {
      try {
        await this.bucket.delete(part.map((k) => k.slice(PREFIX.length)));
        for (const names of chunks(part, STORAGE_BATCH)) await this.storage.delete(names);
      } catch (err) {
        console.error("attachment clean-up failed", err instanceof Error ? err.message : err);
      }
    }
    const left = [...(await this.storage.list<number>({ prefix: PREFIX })).values()];
    if (!left.length) return;
    // The alarm is shared with webhook deliveries: only ever move it earlier.
    const next = Math.max(Date.now() + 1000, Math.min(...left));
    const alarm = await this.storage.getAlarm();
    if (alarm === null || alarm > next) await this.storage.setAlarm(next);
  }
}
