import { Hono, type Context } from "hono";
import { z } from "zod";
import { TRASH_KINDS, type TrashKind } from "../../../db/trash/entries";
import { projectRoom, unwrap } from "../../lib/room";
import { badRequest } from "../../lib/http-error";
import { body } from "../../lib/openapi";
import { jsonBody, parseOrThrow } from "../../lib/validate";
import { need } from "../../middleware/acl";
import { actorOf } from "../data/context";
import type { AppEnv } from "../../types";

type Ctx = Context<AppEnv>;
const room = (c: Ctx) => projectRoom(c.env, c.get("project").id);

/**
 * An editor sees and acts on deleted records only (issue 35: records to whoever may delete them);
 * owners, creators and super admins on every kind, unless through an API token that may not
 * touch schema (issue 41: a deleted table or field is schema).
 */
function allowedKinds(c: Ctx): TrashKind[] | undefined {
  const r = c.get("roles");
  const narrowToken = c.get("tokenLimits") && c.get("tokenLimits")!.scope !== "full";
  return (r.owner || r.creator || r.super) && !narrowToken ? undefined : ["record"];
}

const kindQuery = z
  .enum(TRASH_KINDS as [TrashKind, ...TrashKind[]], { error: `type: must be one of ${TRASH_KINDS.join(", ")}` })
  .optional();

function paging(c: Ctx) {
  const n = (name: string, v: string | undefined, d: number, max: number) => {
    if (v === undefined || v === "") return d;
    if (!/^\d+$/.test(v)) throw badRequest(`${name}: must be a whole number`);
    return Math.min(Number(v), max);
  };
  return {
    limit: Math.max(n("limit", c.req.query("limit"), 25, 1000), 1),
    offset: n("offset", c.req.query("offset"), 0, 1e9),
  };
}

export const restoreRecordsBody = z.object({
  table_id: z.string({ error: "table_id: Required" }).min(1, "table_id: Required"),
  row_ids: z
    .array(z.union([z.string(), z.number()]).transform(String), { error: "row_ids: must be a list of record ids" })
    .min(1, "row_ids: name at least one record")
    .max(10_000, "row_ids: at most 10,000 records at once"),
});

/** Refused up front: an external database's deletes happen there, and nothing of them is kept. */
function noExternal(c: Ctx) {
  if (c.get("project").source) throw badRequest("An external database's deletes are not kept in the trash");
}

/**
 * The project's trash (issue 35): deleted records (and fields, tables, views) kept
 * TRASH_RETENTION_DAYS, listed newest first, restored whole, purged for good. Mounted under
 * /api/v1/db/meta/projects.
 */
export const trash = new Hono<AppEnv>()
  .get("/:projectId/trash", need("trashList"), async (c) => {
    const type = parseOrThrow(kindQuery, c.req.query("type") || undefined);
    return c.json(
      await unwrap(
        room(c).trash({
          op: "list",
          kinds: type ? [type] : undefined,
          tableId: c.req.query("table_id") || undefined,
          ...paging(c),
          allowed: allowedKinds(c),
        }),
      ),
    );
  })
  // The grid's Undo of a delete: the same records back by their ids (before `/:trashId/restore`).
  .post("/:projectId/trash/restore", need("trashRestore"), body(restoreRecordsBody), async (c) => {
    noExternal(c);
    const input = await jsonBody(c, restoreRecordsBody);
    return c.json(
      await unwrap(
        room(c).trash({ op: "restoreRecords", tableId: input.table_id, rowIds: input.row_ids, actor: actorOf(c) }),
      ),
    );
  })
  .post("/:projectId/trash/:trashId/restore", need("trashRestore"), async (c) =>
    c.json(
      await unwrap(
        room(c).trash({ op: "restore", id: c.req.param("trashId"), actor: actorOf(c), allowed: allowedKinds(c) }),
      ),
    ),
  )
  .delete("/:projectId/trash/:trashId", need("trashPurge"), async (c) =>
    c.json(await unwrap(room(c).trash({ op: "purge", id: c.req.param("trashId"), allowed: allowedKinds(c) }))),
  )
  .delete("/:projectId/trash", need("trashPurge"), async (c) => {
    const type = parseOrThrow(kindQuery, c.req.query("type") || undefined);
    return c.json(
      await unwrap(room(c).trash({ op: "empty", kinds: type ? [type] : undefined, allowed: allowedKinds(c) })),
    );
  });
