import type { Context } from "hono";
import { indexIds } from "../../lib/meta-index";
import { projectRoom, unwrap } from "../../lib/room";
import type { AppEnv } from "../../types";

export type Ctx = Context<AppEnv>;

export const room = (c: Ctx) => projectRoom(c.env, c.get("project").id);
export const pid = (c: Ctx) => c.get("project").id;

/**
 * Puts new view, view-column, filter and sort ids in the D1 id index, so routes naming only such
 * an id find their project; view-column rows the room made on its own (a new table column) are
 * indexed when they are first listed, and the room notes which are done.
 */
export async function indexNew(c: Ctx, ids: string[]) {
  if (ids.length === 0) return;
  await indexIds(c.env.META, pid(c), ids);
  await unwrap(room(c).markViewColumnsIndexed(ids));
}

/** A view's columns in display order, indexing any the index does not know yet. */
export async function viewColumns(c: Ctx, viewId: string) {
  const { list, unindexed } = await unwrap(room(c).listViewColumns(pid(c), viewId));
  await indexNew(c, unindexed);
  return list;
}
