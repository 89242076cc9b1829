import { z } from "zod";
import { checked } from "../checked";
import type { FilterInput } from "../views/inputs";
import type { HookInput, HookOperation, HookUpdateInput } from "./inputs";
import type { Builder } from "../automations/automations";
import type { AutomationInput, AutomationTestInput, AutomationUpdateInput } from "../automations/inputs";

const id = z.string();

/**
 * The room's webhook requests (`ProjectRoom.hooks`, contract 4.8). projectId is the room's name;
 * tableKey a table id or title.
 */
export const hookRequest = z.discriminatedUnion("op", [
  z.object({ op: z.literal("listHooks"), projectId: id, tableId: id }),
  z.object({ op: z.literal("readHook"), projectId: id, hookId: id }),
  z.object({ op: z.literal("createHook"), projectId: id, tableId: id, input: checked<HookInput>() }),
  z.object({ op: z.literal("updateHook"), projectId: id, hookId: id, input: checked<HookUpdateInput>() }),
  z.object({ op: z.literal("deleteHook"), hookId: id }),
  z.object({ op: z.literal("listHookFilters"), projectId: id, hookId: id }),
  z.object({ op: z.literal("addHookFilter"), projectId: id, hookId: id, input: checked<FilterInput>() }),
  z.object({ op: z.literal("listHookLogs"), hookId: id, limit: checked<number>(), offset: checked<number>() }),
  z.object({ op: z.literal("hookSamplePayload"), tableKey: id, operation: checked<HookOperation>() }),
  /** The delivery log's "Redeliver": the logged payload queued again for the hook. */
  z.object({ op: z.literal("redeliverHook"), hookId: id, logId: checked<number>() }),
  /** The test button: one delivery now, no retries; logged when the hook is saved. */
  z.object({
    op: z.literal("testHook"),
    tableKey: id,
    hook: checked<HookInput & { id?: string }>(),
    payload: z.unknown(),
  }),
  // Automations (issue 39, db/automations/): builders' settings and runs, and what starts a run
  // without a row write (a button, an incoming webhook). Carried by this entry point: the room
  // keeps its entry points few (tests/build/room-shape.test.ts).
  z.object({ op: z.literal("listAutomations"), projectId: id }),
  z.object({ op: z.literal("readAutomation"), projectId: id, automationId: id }),
  z.object({
    op: z.literal("createAutomation"),
    projectId: id,
    input: checked<AutomationInput>(),
    builder: checked<Builder>(),
  }),
  z.object({
    op: z.literal("updateAutomation"),
    projectId: id,
    automationId: id,
    input: checked<AutomationUpdateInput>(),
    builder: checked<Builder>(),
  }),
  z.object({ op: z.literal("deleteAutomation"), automationId: id }),
  z.object({
    op: z.literal("listAutomationRuns"),
    automationId: id,
    limit: checked<number>(),
    offset: checked<number>(),
  }),
  z.object({ op: z.literal("rerunAutomation"), automationId: id, runId: checked<number>() }),
  z.object({ op: z.literal("testAutomation"), automationId: id, input: checked<AutomationTestInput>() }),
  /** A button on a record: one run for it, started by `user`. */
  z.object({
    op: z.literal("fireAutomation"),
    automationId: id,
    recordId: id,
    user: checked<{ id: string; email: string }>(),
  }),
  /** An incoming webhook: the secret names the automation; its JSON body starts one run. */
  z.object({ op: z.literal("automationWebhook"), secret: id, body: z.unknown() }),
]);
export type HookRequest = z.infer<typeof hookRequest>;
