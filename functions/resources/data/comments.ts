import { Hono } from "hono";
import { z } from "zod";
import { unwrap } from "../../lib/room";
import { jsonBody } from "../../lib/validate";
import { body } from "../../lib/openapi";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";
import { actorOf, data, room, type Ctx } from "./context";
import { readerOf } from "../../../db/access/rules";

const COMMENT_MAX = 10_000;

/** The caller as field permissions and row rules see them (db/access): null for owners and creators. */
const readerOfRequest = (c: Ctx) => {
  const user = c.get("user");
  return readerOf(c.get("roles") ?? {}, user?.id, user?.email);
};

export const commentBody = z.object({
  fk_model_id: z.string({ error: "fk_model_id: Required" }),
  row_id: z.union([z.string(), z.number()], { error: "row_id: Required" }).transform(String),
  description: z
    .string({ error: "description: Required" })
    .trim()
    .min(1, "a comment cannot be empty")
    .max(COMMENT_MAX, `a comment may be at most ${COMMENT_MAX} characters`),
});

/** "Restore this version" names the record whose history entry it restores (the entry id is in the path). */
export const restoreBody = z.object({
  fk_model_id: z.string({ error: "fk_model_id: Required" }),
  row_id: z.union([z.string(), z.number()], { error: "row_id: Required" }).transform(String),
});

/** Row comments and history (contract 4.9); the project comes from `fk_model_id`. */
export const commentRoutes = new Hono<AppEnv>()
  .get("/audits/comments/count", need("commentList"), async (c) => {
    const ids = [...(c.req.queries("ids[]") ?? []), ...(c.req.queries("ids") ?? [])];
    return c.json(
      await unwrap(
        room(c).comments({
          op: "countComments",
          tableId: c.req.query("fk_model_id")!,
          rowIds: ids,
          reader: readerOfRequest(c),
        }),
      ),
    );
  })
  .get("/audits/comments", need("commentList"), async (c) => {
    const list = await unwrap(
      room(c).comments({
        op: "listAudit",
        tableId: c.req.query("fk_model_id")!,
        rowId: c.req.query("row_id") ?? "",
        commentsOnly: c.req.query("comments_only") === "true",
        reader: readerOfRequest(c),
      }),
    );
    return c.json({ list });
  })
  .post("/audits/comments", need("commentRow"), body(commentBody), async (c) => {
    const body = await jsonBody(c, commentBody);
    return c.json(
      await unwrap(
        room(c).comments({
          op: "addComment",
          tableId: body.fk_model_id,
          rowId: body.row_id,
          actor: actorOf(c),
          text: body.description,
          reader: readerOfRequest(c),
        }),
      ),
    );
  })
  /**
   * "Restore this version" (issue 35): the record back to how it was right after the entry, as
   * ONE update through the data port (permissions, field rules, webhooks, events), recorded as
   * its own entry. Links are not restored. Answers `{ row, restored, skipped }`: the updated row,
   * the fields written back, and those the version names that cannot be written (deleted,
   * computed, read-only).
   */
  .post("/audits/:auditId/restore", need("dataUpdate"), body(restoreBody), async (c) => {
    const req = await jsonBody(c, restoreBody);
    const plan = await unwrap(
      room(c).comments({
        op: "restorePlan",
        tableId: req.fk_model_id,
        rowId: req.row_id,
        auditId: c.req.param("auditId"),
        reader: readerOfRequest(c),
      }),
    );
    const row = await unwrap(
      data(c).write(
        { op: "update", table: req.fk_model_id, rowId: req.row_id, body: plan.body, note: plan.note },
        actorOf(c),
      ),
    );
    return c.json({ row, restored: Object.keys(plan.body), skipped: plan.skipped });
  });
