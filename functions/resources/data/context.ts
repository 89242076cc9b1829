import type { Context } from "hono";
import type { Actor } from "../../../db/rows/audit";
import { GATED_METHODS, type GatedMethod } from "../../../realtime/gated-methods";
import { gatedRoom, projectRoom, type RoomClient } from "../../lib/room";
import { checkProjectAccess } from "../../middleware/acl";
import { readerOf, type Reader } from "../../../db/access/rules";
import type { AppEnv } from "../../types";

export type Ctx = Context<AppEnv>;

/**
 * The project room of the request. Behind needInRoom the access check travels with the call
 * (one hop); should the room not settle it, the full check runs and the call goes out plainly.
 */
export function room(c: Ctx): RoomClient {
  const claims = c.get("gate");
  if (!claims) return narrowedRoom(c);
  return new Proxy({} as RoomClient, {
    get:
      (_, method: GatedMethod) =>
      async (...args: unknown[]) => {
        // Whatever the room answers, access has been settled for this request.
        c.set("gate", undefined);
        const res = await gatedRoom(c.env, claims.projectId).gated(claims, method, args);
        if (res.ok || !("fallback" in res)) return res;
        c.set("user", undefined);
        await checkProjectAccess(c, claims.action);
        // Narrowed to the caller's role all the same (shared bases, API tokens; db/access).
        const user = c.get("user");
        return projectRoom(c.env, c.get("project").id).asReader(
          readerOf(c.get("roles") ?? {}, user?.id, user?.email),
          method,
          args,
        );
      },
  });
}

/**
 * Without one-hop claims (shared bases, API tokens, checked by the Worker's full check): data
 * methods go through `asReader`, narrowed to the caller's role (db/access); others as they are.
 */
function narrowedRoom(c: Ctx): RoomClient {
  return roomAs(c, c.get("project").id, () => {
    const user = c.get("user");
    return readerOf(c.get("roles") ?? {}, user?.id, user?.email);
  });
}

/** The project room with its data methods narrowed to `reader` (db/access); others as they are. */
export function roomAs(c: Ctx, projectId: string, reader: () => Reader | null): RoomClient {
  const plain = projectRoom(c.env, projectId);
  return new Proxy(plain, {
    get: (target, method: string) => {
      if (!(GATED_METHODS as readonly string[]).includes(method)) {
        return (...args: unknown[]) =>
          (target as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!(...args);
      }
      return (...args: unknown[]) => target.asReader(reader(), method as GatedMethod, args);
    },
  });
}

/** Who writes: the session user, or a shared-base editor visiting without an account. */
export function actorOf(c: Ctx): Actor {
  const user = c.get("user");
  if (!user) return { id: "", email: "shared base visitor" };
  // The name "Created by" / "Last modified by" cells show (db/rows/row-users.ts).
  const name = [user.firstname, user.lastname]
    .filter((part) => typeof part === "string" && part.trim() !== "")
    .join(" ");
  return name ? { id: user.id, email: user.email, name } : { id: user.id, email: user.email };
}
