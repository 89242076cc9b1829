import { readerOf, type Reader } from "../db/access/rules";
import { actionOf } from "../db/data/actions";
import type { z } from "zod";
import { DataCall, type ReadRequest, type RowChange } from "../db/data/requests";
import type { Actor } from "../db/rows/audit";
import type { AccessGate, GateClaims } from "./access-gate";
import type { RoomResult } from "./room-result";

/** A gated call's answer: the request's, or `fallback` when the Worker must run the full check. */
export type GatedResult = RoomResult<unknown> | { ok: false; fallback: true };

/** The room's data entry points (project-room.ts `read` and `write`), as a checked call reaches them. */
export interface DataRoom {
  read(req: ReadRequest, reader: Reader | null): RoomResult<unknown> | Promise<RoomResult<unknown>>;
  write(change: RowChange, actor: Actor, reader: Reader | null): Promise<RoomResult<unknown>>;
}

const NOT_DATA = { ok: false, status: 400, msg: "Not a data request" } as const;

/**
 * A data request in one hop (the room's `gated`): the access check of its action in the
 * permission matrix (db/data/actions.ts: what the request does decides, e.g. a list needs
 * `dataList`, a link `nestedAdd`), then the read or write as the caller's reader.
 */
export async function gated(room: DataRoom, gate: AccessGate, claims: GateClaims, raw: unknown): Promise<GatedResult> {
  const call = DataCall.safeParse(raw);
  if (!call.success) return NOT_DATA;
  const answer = await gate.check({ ...claims, action: actionOf(call.data) });
  if (!answer.ok) return answer.fallback ? answer : { ok: false, status: answer.status, msg: answer.msg };
  const reader = readerOf(answer.flags, claims.userId, answer.email);
  const c = call.data;
  return "read" in c ? room.read(c.read, reader) : room.write(c.write, c.actor, reader);
}

/** A request as the room's `read` or `write` takes it from the Worker, checked; null when it is none. */
export function checked<T>(schema: z.ZodType<T>, raw: unknown): T | null {
  const req = schema.safeParse(raw);
  return req.success ? req.data : null;
}

export { NOT_DATA };
