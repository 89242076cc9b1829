import type { Context } from "hono";
import type { Actor } from "../../../db/rows/audit";
import { badRequest } from "../../lib/http-error";
import { projectRoom } from "../../lib/room";
import type { AppEnv } from "../../types";

export type Ctx = Context<AppEnv>;

export const room = (c: Ctx) => projectRoom(c.env, c.get("project").id);

/** Who writes: the session user, or a shared-base editor visiting without an account. */
export function actorOf(c: Ctx): Actor {
  const user = c.get("user");
  return user ? { id: user.id, email: user.email } : { id: "", email: "shared base visitor" };
}

/** The JSON body as any value (rows are validated field by field in the project room). */
export async function anyJson(c: Ctx): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("Request body is not valid JSON");
  }
}
