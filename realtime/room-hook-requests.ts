import * as hooksApi from "../db/hooks/hooks";
import { hookRequest, type HookRequest } from "../db/hooks/requests";
import { samplePayload } from "../db/hooks/trigger";
import { dispatch, type Answers, type Handlers } from "./room-dispatch";
import { guard } from "./room-guard";
import type { MetaRoom } from "./room-meta";
import type { RoomHooks } from "./room-webhooks";

/** The room as webhook requests need it: the meta, and the delivery that queues and tests (room-webhooks.ts). */
export type HookRoom = MetaRoom & { readonly delivery: Pick<RoomHooks, "redeliver" | "test"> };

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
} satisfies Handlers<HookRoom, HookRequest>;

/** What each webhook request answers (functions/lib/room.ts types the Worker's calls with it). */
export type HookAnswers = Answers<typeof handlers>;

export function hookRequestIn<R extends HookRequest>(room: HookRoom, req: R) {
  return dispatch(hookRequest, handlers, room, req);
}
