import { Hono } from "hono";
import { hashPassword } from "../../../db/auth/password";
import { badRequest, notFound } from "../../lib/http-error";
import { projectRoom, unwrap } from "../../lib/room";
import { saveShare, shareOfView, sharesOfTable, type ShareRow } from "../../lib/shared-views";
import { jsonBody } from "../../lib/validate";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import type { viewItemJson } from "../../../db/views/view-item";
import type { Ctx } from "../data/context";
import { DEFAULT_SHARE_META, readShareMeta, updateShareInput } from "./options";
import { logSecurity } from "../../lib/security-log";

/** A view as the room lists it (its `meta` read as an object): the share answers carry it whole. */
type ViewItem = Omit<ReturnType<typeof viewItemJson>, "meta"> & { meta: Record<string, unknown> };

/** The view by id among the project's tables (share routes name only the view). */
async function findView(c: Ctx, viewId: string): Promise<ViewItem> {
  const pid = c.get("project").id;
  const room = projectRoom(c.env, pid);
  const tables = (await unwrap(room.schema({ op: "listTables", projectId: pid, includeM2M: false }))) as Array<{
    id: string;
  }>;
  for (const t of tables) {
    const views = (await unwrap(room.views({ op: "listViews", projectId: pid, tableId: t.id }))) as ViewItem[];
    const v = views.find((x) => x.id === viewId);
    if (v) return v;
  }
  throw notFound("View not found");
}

/** A view as share routes answer it: its share uuid and options; the password never leaves (only whether there is one). */
export function sharedViewJson<V extends Pick<ViewItem, "meta">>(v: V, share: ShareRow | null) {
  const shareMeta = share ? (JSON.parse(share.meta) as Record<string, unknown>) : {};
  return {
    ...v,
    uuid: share?.uuid ?? null,
    password: null,
    password_protected: Boolean(share?.password_hash),
    meta: { ...(v.meta ?? {}), ...shareMeta },
  };
}

const key = (c: Ctx, v: ViewItem) => ({ viewId: v.id, projectId: c.get("project").id, tableId: v.fk_model_id });

/**
 * Sharing a view (contract 4.5): only owners and creators (shareView). A share's uuid is made once
 * and kept while shared; unsharing empties it at once, so the old link is 404 from then on; the
 * password is stored as a PBKDF2 hash and kept when unshared, as upstream keeps it.
 */
export const shareRoutes = new Hono<AppEnv>()
  .post("/views/:viewId/share", need("shareView"), async (c) => {
    const v = await findView(c, c.req.param("viewId"));
    const existing = await shareOfView(c.env.META, v.id);
    if (existing?.uuid) return c.json(sharedViewJson(v, existing));
    const meta = existing ? undefined : JSON.stringify(DEFAULT_SHARE_META);
    const saved = await saveShare(c.env.META, key(c, v), { uuid: crypto.randomUUID(), meta });
    await logSecurity(c, {
      kind: "share.created",
      user: c.get("user"),
      detail: { project_id: c.get("project").id, view_id: v.id, view: v.title },
    });
    return c.json(sharedViewJson(v, saved));
  })
  .patch("/views/:viewId/share", need("shareView"), async (c) => {
    const body = await jsonBody(c, updateShareInput);
    const v = await findView(c, c.req.param("viewId"));
    const existing = await shareOfView(c.env.META, v.id);
    const set: { passwordHash?: string | null; meta?: string } = {};
    if (body.password !== undefined) set.passwordHash = body.password ? await hashPassword(body.password) : null;
    if (body.meta !== undefined) {
      let meta;
      try {
        meta = readShareMeta(body.meta);
      } catch (err) {
        throw badRequest((err as Error).message);
      }
      const before = existing ? (JSON.parse(existing.meta) as Record<string, unknown>) : DEFAULT_SHARE_META;
      set.meta = JSON.stringify({ ...before, ...meta });
    }
    return c.json(sharedViewJson(v, await saveShare(c.env.META, key(c, v), set)));
  })
  .delete("/views/:viewId/share", need("shareView"), async (c) => {
    const v = await findView(c, c.req.param("viewId"));
    if (await shareOfView(c.env.META, v.id)) await saveShare(c.env.META, key(c, v), { uuid: null });
    return c.json(true);
  })
  .get("/tables/:tableId/share", need("viewList"), async (c) => {
    const pid = c.get("project").id;
    const shares = await sharesOfTable(c.env.META, pid, c.req.param("tableId"));
    if (!shares.length) return c.json({ list: [] });
    const views = (await unwrap(
      projectRoom(c.env, pid).views({ op: "listViews", projectId: pid, tableId: c.req.param("tableId") }),
    )) as ViewItem[];
    const byId = new Map(shares.map((s) => [s.view_id, s]));
    return c.json({ list: views.filter((v) => byId.has(v.id)).map((v) => sharedViewJson(v, byId.get(v.id)!)) });
  });
