import * as hooksApi from "../db/hooks/hooks";
import { hookRequest, type HookRequest } from "../db/hooks/requests";
import { samplePayload } from "../db/hooks/trigger";
import { dispatch, type Answers, type Handlers } from "./room-dispatch";
import { guard } from "./room-guard";
import type { MetaRoom } from "./room-meta";
import type { RoomHooks } from "./room-webhooks";
import type { RoomAutomations } from "./room-automations";
import * as autoApi from "../db/automations/automations";
import * as runsApi from "../db/automations/runs";
import { settingsKey } from "../db/apps/settings-key";
import type { Env } from "./env";
import type { RoomResult } from "./room-result";

/**
 * The room as webhook requests need it: the meta, the delivery that queues and tests
 * (room-webhooks.ts), and the automations' runner (room-automations.ts).
 */
export type HookRoom = MetaRoom & {
  readonly delivery: Pick<RoomHooks, "redeliver" | "test">;
  readonly automations: Pick<RoomAutomations, "queue" | "queued" | "test" | "scheduled">;
  readonly env: Pick<Env, "SETTINGS_KEY" | "MODE">;
};

/** An automation saved: its table's memo of automations goes (db/automations/trigger.ts). */
function automationChange<T>(r: HookRoom, fn: () => T): RoomResult<T> {
  const result = guard(fn);
  for (const k of [...r.store.schemaCache.keys()])
    if (k.startsWith("automations:") || k.startsWith("automationtree:")) r.store.schemaCache.delete(k);
  return result;
}

async function saveAutomation(
  r: HookRoom,
  q: Extract<HookRequest, { op: "createAutomation" | "updateAutomation" }>,
): Promise<RoomResult<ReturnType<typeof autoApi.automationJson>>> {
  const before =
    q.op === "updateAutomation" ? guard(() => autoApi.stepsOf(autoApi.findAutomation(r.store, q.automationId))) : null;
  if (before && !before.ok) return before;
  let sealed: autoApi.StoredStep[] | undefined;
  if (q.input.steps) {
    const s = await guard(() => autoApi.sealSteps(q.input.steps!, settingsKey(r.env), before?.ok ? before.data : []));
    if (!s.ok) return s;
    sealed = await s.data;
  }
  const saved =
    q.op === "createAutomation"
      ? automationChange(r, () => autoApi.createAutomation(r.store, q.projectId, q.input, q.builder, sealed!))
      : automationChange(r, () =>
          autoApi.updateAutomation(r.store, q.projectId, q.automationId, q.input, q.builder, sealed),
        );
  if (saved.ok && saved.data.next_run_at) await r.automations.scheduled(Date.parse(saved.data.next_run_at));
  return saved;
}

/** A run started by a button or an incoming webhook: the automation must be active and of that kind. */
function startRun(
  r: HookRoom,
  a: ReturnType<typeof autoApi.findAutomation>,
  kind: string,
  trigger: runsApi.RunTrigger,
  rowId: string | null,
) {
  if (a.active !== 1) return { ok: false as const, status: 400 as const, msg: "The automation is not active" };
  if (a.triggerType !== kind)
    return { ok: false as const, status: 400 as const, msg: `The automation is not started by ${kind}` };
  return { ok: true as const, data: r.automations.queue(a, trigger, rowId) };
}

/**
 * The room's webhook requests (db/hooks/requests.ts, contract 4.8) to their db/hooks functions.
 * Changes are schema changes (room-meta.ts): the trigger memoises hooks in the schema cache.
 */
const handlers = {
  listHooks: (r, q) => guard(() => hooksApi.listHooks(r.store, q.projectId, q.tableId)),
  readHook: (r, q) => guard(() => hooksApi.hookJson(hooksApi.findHook(r.store, q.hookId), q.projectId)),
  createHook: (r, q) => r.schemaChange(() => hooksApi.createHook(r.store, q.projectId, q.tableId, q.input)),
  updateHook: (r, q) => r.schemaChange(() => hooksApi.updateHook(r.store, q.projectId, q.hookId, q.input)),
  deleteHook: (r, q) => r.schemaChange(() => hooksApi.deleteHook(r.store, q.hookId)),
  listHookFilters: (r, q) => guard(() => hooksApi.listHookFilters(r.store, q.projectId, q.hookId)),
  addHookFilter: (r, q) => r.schemaChange(() => hooksApi.addHookFilter(r.store, q.projectId, q.hookId, q.input)),
  listHookLogs: (r, q) => guard(() => hooksApi.listHookLogs(r.store, q.hookId, q.limit, q.offset)),
  hookSamplePayload: (r, q) => guard(() => samplePayload(r.store, q.tableKey, q.operation)),
  redeliverHook: (r, q) => r.delivery.redeliver(q.hookId, q.logId),
  testHook: (r, q) => r.delivery.test(q.tableKey, q.hook, q.payload),
  listAutomations: (r, q) => guard(() => autoApi.listAutomations(r.store, q.projectId)),
  readAutomation: (r, q) =>
    guard(() => autoApi.automationJson(autoApi.findAutomation(r.store, q.automationId), q.projectId)),
  createAutomation: (r, q) => saveAutomation(r, q),
  updateAutomation: (r, q) => saveAutomation(r, q),
  deleteAutomation: (r, q) => automationChange(r, () => autoApi.deleteAutomation(r.store, q.automationId)),
  listAutomationRuns: (r, q) => guard(() => runsApi.listRuns(r.store, q.automationId, q.limit, q.offset)),
  rerunAutomation: (r, q) => {
    const run = guard(() => runsApi.rerun(r.store, q.automationId, q.runId));
    if (run.ok) r.automations.queued(q.automationId);
    return run;
  },
  testAutomation: (r, q) => r.automations.test(q.automationId, q.input),
  fireAutomation: (r, q) => {
    const a = guard(() => autoApi.findAutomation(r.store, q.automationId));
    if (!a.ok) return a;
    const trigger: runsApi.RunTrigger = { type: "button", table_id: a.data.modelId, user: q.user };
    return startRun(r, a.data, "button", trigger, q.recordId);
  },
  automationWebhook: (r, q) => {
    const [row] = r.store.exec("SELECT id FROM _nc_automations WHERE webhook_secret = ?", q.secret);
    if (!row) return { ok: false as const, status: 404 as const, msg: "Not found" };
    const a = autoApi.findAutomation(r.store, String(row.id));
    return startRun(r, a, "webhook", { type: "webhook", user: null, body: q.body ?? null }, null);
  },
} satisfies Handlers<HookRoom, HookRequest>;

/** What each webhook request answers (functions/lib/room.ts types the Worker's calls with it). */
export type HookAnswers = Answers<typeof handlers>;

export function hookRequestIn<R extends HookRequest>(room: HookRoom, req: R) {
  return dispatch(hookRequest, handlers, room, req);
}
