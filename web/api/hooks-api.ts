/** Webhooks of a table (API-CONTRACT 4.8) and their conditions (4.6). */
import { api } from "../lib/api";
import type { PageInfo } from "./types";
import type { Filter } from "./view-types";

const meta = "/api/v1/db/meta";
const enc = encodeURIComponent;

export const HOOK_OPERATIONS = ["insert", "update", "delete", "bulkInsert", "bulkUpdate", "bulkDelete"] as const;
export type HookOperation = (typeof HOOK_OPERATIONS)[number];
export const NOTIFICATION_TYPES = ["URL", "Slack", "Discord", "Microsoft Teams", "Mattermost"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const HOOK_METHODS = ["POST", "GET", "PUT", "PATCH", "DELETE"] as const;

export interface HookHeader {
  name: string;
  value: string;
  enabled?: boolean;
}

export interface HookNotification {
  type: NotificationType;
  payload: {
    method?: string;
    path?: string;
    headers?: HookHeader[];
    body?: string;
    channels?: Array<{ channel: string }>;
  };
}

export interface Hook {
  id: string;
  title: string;
  event: "after";
  operation: HookOperation;
  notification: string;
  active: boolean;
  condition: boolean;
  retries: number;
  retry_interval: number;
  timeout: number;
}

export interface HookInput {
  title: string;
  event: "after";
  operation: HookOperation;
  notification: HookNotification;
  active: boolean;
  retries: number;
  retry_interval: number;
  timeout: number;
  filters: Filter[];
}

export interface HookLog {
  id: number;
  /** The JSON sent; null when it was larger than the log keeps (64 KB). */
  payload?: string | null;
  created_at: string;
  attempt: number;
  status: number | null;
  ok: boolean;
  test: boolean;
  response: string | null;
  error: string | null;
  duration: number;
}

export const hooksApi = {
  list: (tableId: string) => api.get<{ list: Hook[] }>(`${meta}/tables/${enc(tableId)}/hooks`),
  create: (tableId: string, input: HookInput) => api.post<Hook>(`${meta}/tables/${enc(tableId)}/hooks`, input),
  update: (hookId: string, input: Partial<HookInput>) => api.patch<Hook>(`${meta}/hooks/${enc(hookId)}`, input),
  remove: (hookId: string) => api.del<boolean>(`${meta}/hooks/${enc(hookId)}`),
  filters: (hookId: string) => api.get<{ list: Filter[] }>(`${meta}/hooks/${enc(hookId)}/filters`),
  test: (tableId: string, hook: HookInput & { id?: string }) =>
    api.post<{ msg: string }>(`${meta}/tables/${enc(tableId)}/hooks/test`, { hook }),
  logs: (hookId: string) =>
    api.get<{ list: HookLog[]; pageInfo: PageInfo }>(`${meta}/hooks/${enc(hookId)}/logs?limit=100`),
  /** Sends a logged delivery's payload again (it shows in the log once sent). */
  redeliver: (hookId: string, logId: number) =>
    api.post<{ msg: string }>(`${meta}/hooks/${enc(hookId)}/logs/${logId}/redeliver`, {}),
};

export function parseNotification(text: string): HookNotification {
  try {
    const n = JSON.parse(text) as HookNotification;
    return { type: n.type ?? "URL", payload: n.payload ?? {} };
  } catch {
    return { type: "URL", payload: {} };
  }
}
