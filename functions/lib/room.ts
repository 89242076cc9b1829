import type { GateClaims } from "../../realtime/access-gate";
import type { DataCall } from "../../db/data/requests";
import type { GatedResult, ProjectRoom, RoomResult } from "../../realtime/project-room";
import type { Env } from "../../realtime/env";
import { HttpError } from "./http-error";
import { indexIds, unindexIds } from "./meta-index";

/** The room's RPC methods (those answering a RoomResult), as the Worker sees them: async. */
type RpcKeys = {
  [K in keyof ProjectRoom]-?: ProjectRoom[K] extends (
    ...a: never[]
  ) => RoomResult<unknown> | Promise<RoomResult<unknown>>
    ? K
    : never;
}[keyof ProjectRoom];
/**
 * An async method is taken as it is, so the entry points' generic signatures (`schema(req)`,
 * `views(req)`...) keep answering the type of the request's op; a synchronous one is made async.
 */
export type RoomClient = {
  [K in RpcKeys]: ProjectRoom[K] extends (...a: never[]) => Promise<unknown>
    ? ProjectRoom[K]
    : ProjectRoom[K] extends (...a: infer A) => infer R
      ? (...a: A) => Promise<Awaited<R>>
      : never;
};

/**
 * The project's Durable Object (schema, rows and realtime room), created on first use. The one
 * place the D1 id index is kept: an answer naming ids the room made or removed (`ids`, from its
 * journal) is indexed before the caller sees it, so a route naming only such an id finds the project.
 */
export function projectRoom(env: Env, projectId: string): RoomClient {
  // The stub's own RPC typing wraps every value; the room answers plain structured data.
  const stub = env.PROJECT.get(env.PROJECT.idFromName(projectId)) as unknown as Record<
    string,
    (...args: unknown[]) => Promise<RoomResult<unknown>>
  >;
  return new Proxy({} as RoomClient, {
    // Not thenable: an async function may return the client without it being awaited as a promise.
    get: (_, method) =>
      typeof method !== "string" || method === "then"
        ? undefined
        : async (...args: unknown[]) => {
            const res = await stub[method]!(...args);
            if (res.ok && res.ids) {
              await Promise.all([indexIds(env.META, projectId, res.ids.added), unindexIds(env.META, res.ids.removed)]);
            }
            return res;
          },
  });
}

/** The room's one-hop entry: access check and data request in one call (realtime/access-gate.ts). */
export function gatedRoom(env: Env, projectId: string) {
  return env.PROJECT.get(env.PROJECT.idFromName(projectId)) as unknown as {
    gated(claims: GateClaims, call: DataCall): Promise<GatedResult>;
  };
}

/** Turns a room refusal into the HTTP error it names. */
export async function unwrap<T>(pending: Promise<RoomResult<T>>): Promise<T> {
  const res = await pending;
  if (!res.ok) throw new HttpError(res.status as 400 | 403 | 404 | 409 | 501, res.msg);
  return res.data;
}
