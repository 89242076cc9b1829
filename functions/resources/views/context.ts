import type { Context } from "hono";
import { projectRoom, unwrap } from "../../lib/room";
import type { AppEnv } from "../../types";
import { readerOf, type Reader } from "../../../db/access/rules";

export type Ctx = Context<AppEnv>;

export const room = (c: Ctx) => projectRoom(c.env, c.get("project").id);
export const pid = (c: Ctx) => c.get("project").id;

/** The caller's narrowed role (db/access), or null for builders: who the view's settings are read for. */
export function readerOfCaller(c: Ctx): Reader | null {
  const user = c.get("user");
  return readerOf(c.get("roles") ?? {}, user?.id, user?.email);
}

/** A view's columns in display order. */
export async function viewColumns(c: Ctx, viewId: string) {
  return unwrap(room(c).views({ op: "listViewColumns", projectId: pid(c), viewId }));
}
