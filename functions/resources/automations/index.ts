import { Hono, type Context } from "hono";
import {
  automationInput,
  automationTestInput,
  automationUpdateInput,
  buttonInput,
  type StepInput,
} from "../../../db/automations/inputs";
import { addressRule, checkUrl } from "../../../db/net/public-address";
import { badRequest, notFound } from "../../lib/http-error";
import { body } from "../../lib/openapi";
import { projectRoom, unwrap } from "../../lib/room";
import { jsonBody, readJson } from "../../lib/validate";
import { need } from "../../middleware/acl";
import type { AppEnv } from "../../types";

type Ctx = Context<AppEnv>;
const room = (c: Ctx) => projectRoom(c.env, c.get("project").id);
const pid = (c: Ctx) => c.get("project").id;
const aid = (c: Ctx) => c.req.param("automationId")!;

/** Who saves an automation: its runs act with this user's rights (their project role). */
function builder(c: Ctx) {
  const user = c.get("user");
  const flags = c.get("roles") ?? {};
  const role = flags.owner || flags.super ? "owner" : flags.creator ? "creator" : flags.editor ? "editor" : "viewer";
  return { id: user?.id ?? "", email: user?.email ?? "", role };
}

/** A fixed http_request URL is checked when saved, as webhooks' are; a templated one when sent. */
async function checkSteps(c: Ctx, steps: StepInput[] | undefined) {
  for (const [i, s] of (steps ?? []).entries()) {
    if (s.type !== "http_request" || s.url.includes("{{")) continue;
    const check = await checkUrl(s.url, addressRule(c.env));
    if (!check.ok) throw badRequest(`steps.${i + 1}.url: ${check.reason}`);
  }
}

function paging(c: Ctx) {
  const n = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
  return { limit: Math.min(Math.max(n(c.req.query("limit"), 50), 1), 200), offset: n(c.req.query("offset"), 0) };
}

const base = "/projects/:projectId/automations";

/**
 * Automations (issue 39): builders' CRUD, runs, re-run and the test, a record's button; the
 * runs themselves happen in the project room (realtime/room-automations.ts).
 */
export const automations = new Hono<AppEnv>()
  .get(base, need("automationList"), async (c) =>
    c.json({ list: await unwrap(room(c).hooks({ op: "listAutomations", projectId: pid(c) })) }),
  )
  .post(base, need("automationCreate"), body(automationInput), async (c) => {
    const input = await jsonBody(c, automationInput);
    await checkSteps(c, input.steps);
    return c.json(
      await unwrap(room(c).hooks({ op: "createAutomation", projectId: pid(c), input, builder: builder(c) })),
    );
  })
  .get(`${base}/:automationId`, need("automationList"), async (c) =>
    c.json(await unwrap(room(c).hooks({ op: "readAutomation", projectId: pid(c), automationId: aid(c) }))),
  )
  .patch(`${base}/:automationId`, need("automationUpdate"), body(automationUpdateInput), async (c) => {
    const input = await jsonBody(c, automationUpdateInput);
    await checkSteps(c, input.steps);
    return c.json(
      await unwrap(
        room(c).hooks({
          op: "updateAutomation",
          projectId: pid(c),
          automationId: aid(c),
          input,
          builder: builder(c),
        }),
      ),
    );
  })
  .delete(`${base}/:automationId`, need("automationDelete"), async (c) => {
    await unwrap(room(c).hooks({ op: "deleteAutomation", automationId: aid(c) }));
    return c.json(true);
  })
  .get(`${base}/:automationId/runs`, need("automationRunList"), async (c) => {
    const { limit, offset } = paging(c);
    return c.json({
      list: await unwrap(room(c).hooks({ op: "listAutomationRuns", automationId: aid(c), limit, offset })),
    });
  })
  .post(`${base}/:automationId/runs/:runId/rerun`, need("automationRerun"), async (c) => {
    const runId = Number(c.req.param("runId"));
    if (!Number.isSafeInteger(runId) || runId < 1) throw badRequest("runId must be a run's number");
    return c.json(await unwrap(room(c).hooks({ op: "rerunAutomation", automationId: aid(c), runId })));
  })
  .post(`${base}/:automationId/test`, need("automationTest"), body(automationTestInput), async (c) => {
    const input = await jsonBody(c, automationTestInput);
    return c.json(await unwrap(room(c).hooks({ op: "testAutomation", automationId: aid(c), input })));
  })
  .post(`${base}/:automationId/fire`, need("automationFire"), body(buttonInput), async (c) => {
    const input = await jsonBody(c, buttonInput);
    const user = c.get("user");
    return c.json(
      await unwrap(
        room(c).hooks({
          op: "fireAutomation",
          automationId: aid(c),
          recordId: String(input.record_id),
          user: { id: user?.id ?? "", email: user?.email ?? "" },
        }),
      ),
    );
  });

/** The secret URL of a webhook trigger: `<projectId>.<random>`, the project before the dot. */
const SECRET = /^(p_[0-9a-z]{14})\.[0-9a-f]{40}$/;

/** Incoming webhooks (issue 39): any JSON body starts one run of the automation the secret names. */
export const automationHooks = new Hono<AppEnv>().post("/automations/hooks/:secret", need("public"), async (c) => {
  const secret = c.req.param("secret");
  const project = SECRET.exec(secret)?.[1];
  if (!project) throw notFound();
  const json = await readJson(c);
  const run = await unwrap(projectRoom(c.env, project).hooks({ op: "automationWebhook", secret, body: json }));
  return c.json({ msg: "Queued", run_id: run.id });
});
