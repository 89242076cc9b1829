import type { ProjectStore } from "../store/store";

/** Paths per statement: each list is one bound JSON value, well under SQLite's 2 MB. */
const PER_STATEMENT = 5_000;

function* parts<T>(list: T[]): Generator<T[]> {
  for (let i = 0; i < list.length; i += PER_STATEMENT) yield list.slice(i, i + PER_STATEMENT);
}

/** Records the upload paths a snapshot names (`_nc_snapshot_files`). */
export function recordSnapshotFiles(store: ProjectStore, snapshotId: string, paths: string[]) {
  for (const part of parts(paths))
    store.exec(
      "INSERT INTO _nc_snapshot_files (snapshot_id, path) SELECT ?, value FROM json_each(?)",
      snapshotId,
      JSON.stringify(part),
    );
}

/** Forgets a snapshot's paths, answering them (the clean-up then decides which still stay). */
export function dropSnapshotFiles(store: ProjectStore, snapshotId: string): string[] {
  return store
    .exec("DELETE FROM _nc_snapshot_files WHERE snapshot_id = ? RETURNING path", snapshotId)
    .map((r) => String(r.path));
}

/**
 * Of these upload paths, those some snapshot names: the attachment clean-up keeps them, so a
 * restored snapshot finds its files. Deleting the snapshot hands them back to the clean-up.
 */
export function namedBySnapshots(store: ProjectStore, paths: string[]): Set<string> {
  const named = new Set<string>();
  for (const part of parts(paths))
    for (const r of store.exec(
      "SELECT DISTINCT path FROM _nc_snapshot_files WHERE path IN (SELECT value FROM json_each(?))",
      JSON.stringify(part),
    ))
      named.add(String(r.path));
  return named;
}
