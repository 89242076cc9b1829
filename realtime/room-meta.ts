import type { ProjectStore } from "../db/store/store";
import type { RoomResult } from "./room-result";

/**
 * The room as its meta requests need it (room-schema-requests.ts, room-view-requests.ts,
 * room-hook-requests.ts): its SQLite, and the schema change that empties the caches made before
 * it and tells every tab (room-changes.ts). Reads go through guard, changes through schemaChange.
 */
export interface MetaRoom {
  readonly store: ProjectStore;
  /** `countsKept`: the change cannot move a count (room-changes.ts). */
  schemaChange<T>(fn: () => T, countsKept?: boolean): RoomResult<T>;
}

/**
 * The room's own MetaRoom, with the `parts` a kind of request needs besides (e.g. the webhooks'
 * delivery): its store read when used, since the room opens it on first use.
 */
export function metaRoom<P extends object>(
  room: { readonly store: ProjectStore },
  schemaChange: MetaRoom["schemaChange"],
  parts: P,
): MetaRoom & P {
  const meta: MetaRoom = {
    get store() {
      return room.store;
    },
    schemaChange,
  };
  return Object.assign(meta, parts);
}
