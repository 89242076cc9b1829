import type { Context } from "hono";
import type { Actor } from "../../../db/rows/audit";
import { projectRoom } from "../../lib/room";
import type { AppEnv } from "../../types";

export type Ctx = Context<AppEnv>;

export const room = (c: Ctx) => projectRoom(c.env, c.get("project").id);

/** Who writes: the session user, or a shared-base editor visiting without an account. */
export function actorOf(c: Ctx): Actor {
  const user = c.get("user");
  return user ? { id: user.id, email: user.email } : { id: "", email: "shared base visitor" };
}
