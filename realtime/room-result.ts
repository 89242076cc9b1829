/** What crosses the RPC boundary: data, or the status and message of a refusal. */
export type RoomResult<T> = { ok: true; data: T } | { ok: false; status: number; msg: string };
