import { z } from "zod";
import { checked } from "../checked";
import type { FilterInput } from "../views/inputs";
import type { HookInput, HookOperation, HookUpdateInput } from "./inputs";

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
]);
export type HookRequest = z.infer<typeof hookRequest>;
