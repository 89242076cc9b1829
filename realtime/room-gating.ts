import { readerOf, type Reader } from "../db/access/rules";
import type { ProjectStore } from "../db/store/store";
import type { AccessGate, GateClaims } from "./access-gate";
import { GATED_METHODS, type GatedMethod } from "./gated-methods";
import type { RoomResult } from "./room-result";

/** A gated call's answer: the method's, or `fallback` when the Worker must run the full check. */
export type GatedResult = RoomResult<unknown> | { ok: false; fallback: true };

/** The room as a data call needs it: its SQLite (narrowed for the call) and its data methods. */
type DataRoom = { readonly store: ProjectStore } & Record<GatedMethod, (...a: never[]) => unknown>;

/**
 * A data method reached through the room's `gated` (access checked in the room) or `asReader`
 * (access settled by the Worker): a method of GATED_METHODS only, run as the caller's reader.
 */
export async function gated(
  room: DataRoom,
  gate: AccessGate,
  claims: GateClaims,
  method: GatedMethod,
  args: unknown[],
): Promise<GatedResult> {
  if (!(GATED_METHODS as readonly string[]).includes(method))
    return { ok: false, status: 400, msg: "Not a data method" };
  const answer = await gate.check(claims);
  if (!answer.ok) return answer.fallback ? answer : { ok: false, status: answer.status, msg: answer.msg };
  return runAs(room, readerOf(answer.flags, claims.userId, answer.email), method, args);
}

export function asReader(
  room: DataRoom,
  reader: Reader | null,
  method: GatedMethod,
  args: unknown[],
): Promise<RoomResult<unknown>> | RoomResult<unknown> {
  if (!(GATED_METHODS as readonly string[]).includes(method))
    return { ok: false, status: 400, msg: "Not a data method" };
  return runAs(room, reader, method, args);
}

/**
 * Runs a data method with the store narrowed to the reader's field permissions and row rules
 * (db/access). The project's own tables answer synchronously, so the reader is set for exactly
 * that call; an external database's call takes the reader along before its first await
 * (RoomSource.run, room-external.ts).
 */
function runAs(room: DataRoom, reader: Reader | null, method: GatedMethod, args: unknown[]) {
  room.store.reader = reader;
  try {
    return (room[method] as (...a: unknown[]) => RoomResult<unknown>)(...args);
  } finally {
    room.store.reader = null;
  }
}
