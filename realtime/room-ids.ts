import { takeIdChanges } from "../db/store/id-journal";
import type { ProjectStore } from "../db/store/store";
import type { RoomResult } from "./room-result";

/**
 * A successful answer carries the ids made and removed since the last one that did (the
 * journal, db/store/id-journal.ts), whatever path made them; the Worker indexes them.
 * A refusal leaves them for the next answer.
 */
export function withIds<T>(store: ProjectStore, result: RoomResult<T>, alsoAdded: string[] = []): RoomResult<T> {
  if (!result.ok) return result;
  const ids = takeIdChanges(store);
  if (!ids && alsoAdded.length === 0) return result;
  return { ...result, ids: { added: [...(ids?.added ?? []), ...alsoAdded], removed: ids?.removed ?? [] } };
}
