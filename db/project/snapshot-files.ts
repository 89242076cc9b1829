import type { ProjectStore } from "../store/store";

/**
 * Of these upload paths, those some snapshot names (`_nc_snapshots.files`, recorded when it was
 * taken): the attachment clean-up keeps them, so a restored snapshot finds its files. Deleting the
 * snapshot hands them back to the clean-up.
 */
export function namedBySnapshots(store: ProjectStore, paths: string[]): Set<string> {
  const named = new Set<string>();
  if (!paths.length) return named;
  const wanted = new Set(paths);
  for (const r of store.exec("SELECT files FROM _nc_snapshots WHERE files != '[]'"))
    for (const p of JSON.parse(String(r.files)) as string[]) if (wanted.has(p)) named.add(p);
  return named;
}
