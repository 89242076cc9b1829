import { Hono, type Context } from "hono";
import { z } from "zod";
import { HOOK_OPERATIONS, hookInput, hookUpdateInput, type NotificationInput } from "../../db/hooks/inputs";
import { addressRule, checkUrl } from "../../db/net/public-address";
import { filterInput } from "../../db/views/inputs";
import { badRequest } from "../lib/http-error";
import { body } from "../lib/openapi";
import { projectRoom, unwrap } from "../lib/room";
import { jsonBody, parseOrThrow } from "../lib/validate";
import { need } from "../middleware/acl";
import type { AppEnv } from "../types";

type Ctx = Context<AppEnv>;
const room = (c: Ctx) => projectRoom(c.env, c.get("project").id);
const pid = (c: Ctx) => c.get("project").id;

/** A URL hook's target must be http(s), and outside local mode a public address. */
async function checkTarget(c: Ctx, notification: NotificationInput | undefined) {
  if (!notification || notification.type !== "URL") return;
  const check = await checkUrl(notification.payload?.path ?? "", addressRule(c.env));
  if (!check.ok) throw badRequest(`notification.payload.path: ${check.reason}`);
}

const testBody = z.object({
  hook: hookInput.and(z.object({ id: z.string().optional() })),
  payload: z.unknown().optional(),
});
const operation = z.enum(HOOK_OPERATIONS, { error: `operation: must be one of ${HOOK_OPERATIONS.join(", ")}` });

function paging(c: Ctx) {
  const n = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
  return { limit: Math.min(Math.max(n(c.req.query("limit"), 25), 1), 100), offset: n(c.req.query("offset"), 0) };
}

async function sample(c: Ctx) {
  const op = parseOrThrow(operation, c.req.param("operation"));
  return c.json(
    await unwrap(room(c).hooks({ op: "hookSamplePayload", tableKey: c.req.param("tableId")!, operation: op })),
  );
}

/** Webhooks per table (contract 4.8) with their conditions (4.6), test button and delivery logs. */
export const hooks = new Hono<AppEnv>()
  .get("/tables/:tableId/hooks", need("hookList"), async (c) =>
    c.json({
      list: await unwrap(room(c).hooks({ op: "listHooks", projectId: pid(c), tableId: c.req.param("tableId") })),
    }),
  )
  .post("/tables/:tableId/hooks/test", need("hookTest"), body(testBody), async (c) => {
    const { hook, payload } = await jsonBody(c, testBody);
    await checkTarget(c, hook.notification);
    const result = await unwrap(room(c).hooks({ op: "testHook", tableKey: c.req.param("tableId"), hook, payload }));
    if (!result.ok) throw badRequest(`The hook test failed: ${result.error ?? `HTTP ${result.status}`}`);
    return c.json({ msg: "The hook has been tested successfully" });
  })
  .get("/tables/:tableId/hooks/samplePayload/:operation", need("hookList"), sample)
  .get("/tables/:tableId/hooks/samplePayload/:operation/:version", need("hookList"), sample)
  .post("/tables/:tableId/hooks", need("hookCreate"), body(hookInput), async (c) => {
    const input = await jsonBody(c, hookInput);
    await checkTarget(c, input.notification);
    return c.json(
      await unwrap(room(c).hooks({ op: "createHook", projectId: pid(c), tableId: c.req.param("tableId"), input })),
    );
  })
  .patch("/hooks/:hookId", need("hookUpdate"), body(hookUpdateInput), async (c) => {
    const input = await jsonBody(c, hookUpdateInput);
    await checkTarget(c, input.notification);
    return c.json(
      await unwrap(room(c).hooks({ op: "updateHook", projectId: pid(c), hookId: c.req.param("hookId"), input })),
    );
  })
  .delete("/hooks/:hookId", need("hookDelete"), async (c) => {
    await unwrap(room(c).hooks({ op: "deleteHook", hookId: c.req.param("hookId") }));
    return c.json(true);
  })
  .get("/hooks/:hookId/logs", need("hookLogList"), async (c) => {
    const { limit, offset } = paging(c);
    return c.json(await unwrap(room(c).hooks({ op: "listHookLogs", hookId: c.req.param("hookId"), limit, offset })));
  })
  .post("/hooks/:hookId/logs/:logId/redeliver", need("hookTest"), async (c) => {
    const logId = Number(c.req.param("logId"));
    if (!Number.isSafeInteger(logId) || logId < 1) throw badRequest("logId must be a delivery's number");
    return c.json(await unwrap(room(c).hooks({ op: "redeliverHook", hookId: c.req.param("hookId"), logId })));
  })
  .get("/hooks/:hookId/filters", need("hookList"), async (c) =>
    c.json({
      list: await unwrap(room(c).hooks({ op: "listHookFilters", projectId: pid(c), hookId: c.req.param("hookId") })),
    }),
  )
  .post("/hooks/:hookId/filters", need("hookUpdate"), body(filterInput), async (c) => {
    const input = await jsonBody(c, filterInput);
    return c.json(
      await unwrap(room(c).hooks({ op: "addHookFilter", projectId: pid(c), hookId: c.req.param("hookId"), input })),
    );
  });
