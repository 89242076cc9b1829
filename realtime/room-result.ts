import type { IdChanges } from "../db/store/id-journal";

/**
 * What crosses the RPC boundary: data, or the status and message of a refusal. `ids`: the ids
 * the call made or removed, for the Worker's id index (functions/lib/room.ts applies them).
 */
export type RoomResult<T> = { ok: true; data: T; ids?: IdChanges } | { ok: false; status: number; msg: string };
