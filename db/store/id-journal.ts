import type { ProjectStore } from "./store";

/** Ids the Worker's id-to-project index must gain and lose (D1 meta_index). */
export interface IdChanges {
  added: string[];
  removed: string[];
}

/**
 * Takes what the journal (filled by triggers, migrations.ts) holds since the last take: the last
 * entry of an id wins, so an id made and removed in between is only removed. Null when empty.
 */
export function takeIdChanges(store: ProjectStore): IdChanges | null {
  const rows = store.exec("SELECT id, added FROM _nc_id_journal ORDER BY rowid");
  if (rows.length === 0) return null;
  store.exec("DELETE FROM _nc_id_journal");
  const last = new Map<string, boolean>();
  for (const r of rows) last.set(String(r.id), r.added === 1);
  const changes: IdChanges = { added: [], removed: [] };
  for (const [id, added] of last) (added ? changes.added : changes.removed).push(id);
  return changes;
}
