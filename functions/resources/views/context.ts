import type { Context } from "hono";
import { projectRoom, unwrap } from "../../lib/room";
import type { AppEnv } from "../../types";

export type Ctx = Context<AppEnv>;

export const room = (c: Ctx) => projectRoom(c.env, c.get("project").id);
export const pid = (c: Ctx) => c.get("project").id;

/** A view's columns in display order. */
export async function viewColumns(c: Ctx, viewId: string) {
  return unwrap(room(c).listViewColumns(pid(c), viewId));
}
