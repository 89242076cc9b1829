import type { GateClaims } from "../../realtime/access-gate";
import type { GatedMethod } from "../../realtime/gated-methods";
import type { GatedResult, ProjectRoom, RoomResult } from "../../realtime/project-room";
import type { Env } from "../env";
import { HttpError } from "./http-error";

/** The room's RPC methods (those answering a RoomResult), as the Worker sees them: async. */
type RpcKeys = {
  [K in keyof ProjectRoom]-?: ProjectRoom[K] extends (
    ...a: never[]
  ) => RoomResult<unknown> | Promise<RoomResult<unknown>>
    ? K
    : never;
}[keyof ProjectRoom];
export type RoomClient = {
  [K in RpcKeys]: ProjectRoom[K] extends (...a: infer A) => infer R ? (...a: A) => Promise<Awaited<R>> : never;
};

/** The project's Durable Object (schema, rows and realtime room), created on first use. */
export function projectRoom(env: Env, projectId: string): RoomClient {
  // The stub's own RPC typing wraps every value; the room answers plain structured data.
  return env.PROJECT.get(env.PROJECT.idFromName(projectId)) as unknown as RoomClient;
}

/** The room's one-hop entry: access check and data method in one call (realtime/access-gate.ts). */
export function gatedRoom(env: Env, projectId: string) {
  return env.PROJECT.get(env.PROJECT.idFromName(projectId)) as unknown as {
    gated(claims: GateClaims, method: GatedMethod, args: unknown[]): Promise<GatedResult>;
  };
}

/** Turns a room refusal into the HTTP error it names. */
export async function unwrap<T>(pending: Promise<RoomResult<T>>): Promise<T> {
  const res = await pending;
  if (!res.ok) throw new HttpError(res.status as 400 | 403 | 404 | 409 | 501, res.msg);
  return res.data;
}
