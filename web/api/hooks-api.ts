/** Webhooks of a table (API-CONTRACT 4.8) and their conditions (4.6). */
import type { z } from "zod";
import type { hookInput, hookUpdateInput, notificationInput } from "../../db/hooks/inputs";
import type { FilterJson } from "../../db/views/shape";
import type { Answer } from "./app-types";
import { fromDb, wire } from "./wire";

export { HOOK_OPERATIONS, NOTIFICATION_TYPES, type HookOperation } from "../../db/hooks/inputs";
export type NotificationType = HookNotification["type"];
export const HOOK_METHODS = ["POST", "GET", "PUT", "PATCH", "DELETE"] as const;

/** The notification as the hook form edits it (db/hooks/inputs.ts), stored as JSON text. */
export type HookNotification = z.output<typeof notificationInput>;
export type HookHeader = NonNullable<HookNotification["payload"]["headers"]>[number];

export type Hook = Answer<"/api/v1/db/meta/tables/:tableId/hooks", "$get">["list"][number];
export type HookInput = z.input<typeof hookInput>;
export type HookLog = Answer<"/api/v1/db/meta/hooks/:hookId/logs", "$get">["list"][number];

export const hooksApi = {
  list: (tableId: string) => wire.get("/api/v1/db/meta/tables/:tableId/hooks", { tableId }),
  create: (tableId: string, input: HookInput) => wire.post("/api/v1/db/meta/tables/:tableId/hooks", { tableId }, input),
  update: (hookId: string, input: z.input<typeof hookUpdateInput>) =>
    wire.patch("/api/v1/db/meta/hooks/:hookId", { hookId }, input),
  remove: (hookId: string) => wire.del("/api/v1/db/meta/hooks/:hookId", { hookId }),
  /** Conditions as a filter tree: typed by db/views/shape.ts (see `fromDb`). */
  filters: async (hookId: string) =>
    fromDb<{ list: FilterJson[] }>()(await wire.get("/api/v1/db/meta/hooks/:hookId/filters", { hookId })),
  test: (tableId: string, hook: HookInput & { id?: string }) =>
    wire.post("/api/v1/db/meta/tables/:tableId/hooks/test", { tableId }, { hook }),
  logs: (hookId: string) => wire.get("/api/v1/db/meta/hooks/:hookId/logs", { hookId }, { query: { limit: 100 } }),
  /** Sends a logged delivery's payload again (it shows in the log once sent). */
  redeliver: (hookId: string, logId: number) =>
    wire.post("/api/v1/db/meta/hooks/:hookId/logs/:logId/redeliver", { hookId, logId }, {}),
};

export function parseNotification(text: string): HookNotification {
  try {
    const n = JSON.parse(text) as HookNotification;
    return { type: n.type ?? "URL", payload: n.payload ?? {} };
  } catch {
    return { type: "URL", payload: {} };
  }
}
