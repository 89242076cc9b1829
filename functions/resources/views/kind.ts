import type { MiddlewareHandler } from "hono";
import type { KindMode, ViewRef } from "../../../db/views/kinds";
import { callerOf } from "../../lib/caller";
import { unwrap } from "../../lib/room";
import type { AppEnv } from "../../types";
import { room, type Ctx } from "./context";

function refOf(c: Ctx): ViewRef {
  const p = c.req.param() as Record<string, string | undefined>;
  if (p.viewId) return { viewId: p.viewId };
  if (p.filterId || p.filterGroupId) return { filterId: p.filterId ?? p.filterGroupId };
  if (p.sortId) return { sortId: p.sortId };
  const vc = p.gridViewColumnId ?? p.viewColumnId ?? p.formViewColumnId;
  return vc ? { viewColumnId: vc } : {};
}

/**
 * Runs after need(...): a personal view is only its creator's (404 to others), and a locked view's
 * filters, sorts, fields and layout change only for owners and creators (403 to others).
 */
export const viewKind =
  (mode: KindMode): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await unwrap(room(c).views({ op: "checkViewKind", ref: refOf(c), caller: callerOf(c), mode }));
    await next();
  };

export { callerOf };
