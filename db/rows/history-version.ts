/**
 * "Restore this version" (issue 35): the values a record had right after one of its history
 * entries, computed from the entries alone. Pure, so the rule is unit-tested apart from storage.
 */

/** One field's change in an update entry (db/rows/write.ts updateRows): values as the API answers them. */
export interface ValueChange {
  old: unknown;
  new: unknown;
}

/** What a history entry holds that the version needs: its id and its details. */
export interface VersionEntry {
  id: string;
  details?: unknown;
}

const isValueChange = (v: unknown): v is ValueChange =>
  !!v && typeof v === "object" && !Array.isArray(v) && "old" in v && "new" in v;

/** An entry's field changes by title; link entries (`linked`/`unlinked`) and creations have none. */
export function valueChangesOf(details: unknown): Array<[string, ValueChange]> {
  if (!details || typeof details !== "object" || Array.isArray(details)) return [];
  return Object.entries(details).filter((e): e is [string, ValueChange] => isValueChange(e[1]));
}

/**
 * The record's values right after the entry `entryId`, for the fields that changed since: each
 * field a later entry changed goes back to the `old` value of the earliest such change (what it
 * held until then). Fields no later entry touched already hold that version's value and are not
 * named. `newestFirst`: the record's entries as the history answers them. null: no such entry.
 */
export function versionAfter(newestFirst: readonly VersionEntry[], entryId: string): Record<string, unknown> | null {
  const at = newestFirst.findIndex((e) => e.id === entryId);
  if (at < 0) return null;
  const values: Record<string, unknown> = {};
  // Walk from the newest later entry back to the one just after the chosen entry: the last
  // write of a field in this walk is its earliest later change.
  for (let i = 0; i < at; i++) {
    for (const [title, change] of valueChangesOf(newestFirst[i]!.details)) values[title] = change.old;
  }
  return values;
}
