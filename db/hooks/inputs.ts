import { z } from "zod";
import { filterInput } from "../views/inputs";

/**
 * Request bodies of the hook routes (contract 4.8). Messages leave the field name out: the
 * Worker reports `<field>: <message>`. The GUI sends `notification` as an object or JSON text.
 */
export const HOOK_OPERATIONS = ["insert", "update", "delete", "bulkInsert", "bulkUpdate", "bulkDelete"] as const;
export type HookOperation = (typeof HOOK_OPERATIONS)[number];

/** Notification kinds: a plain HTTP request, or a message to an app store target (app-settings). */
export const NOTIFICATION_TYPES = ["URL", "Slack", "Discord", "Microsoft Teams", "Mattermost"] as const;

const header = z.object({
  name: z.string().max(200).optional(),
  value: z.string().max(4000).optional(),
  enabled: z.boolean().optional(),
});

export const notificationInput = z.object({
  type: z.enum(NOTIFICATION_TYPES, { error: `must be one of ${NOTIFICATION_TYPES.join(", ")}` }),
  payload: z
    .object({
      method: z
        .enum(["GET", "POST", "PUT", "PATCH", "DELETE"], { error: "must be GET, POST, PUT, PATCH or DELETE" })
        .optional(),
      path: z.string().max(2000).optional(),
      headers: z.array(header).max(50).optional(),
      body: z.string().max(20_000).optional(),
      /** App store targets (by title) a chat notification goes to. */
      channels: z
        .array(z.object({ webhook_url: z.string().optional(), channel: z.string().optional() }).or(z.string()))
        .max(20)
        .optional(),
    })
    .default({}),
});

export type NotificationInput = z.infer<typeof notificationInput>;

const notification = z.preprocess((v) => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, notificationInput);

const flag = z.union([z.boolean(), z.number()], { error: "must be true or false" }).transform(Boolean);
const ms = (min: number, max: number) =>
  z
    .number({ error: "must be a number" })
    .int("must be a whole number")
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

export const hookInput = z.object({
  title: z.string({ error: "required" }).trim().min(1, "required").max(255, "at most 255 characters"),
  description: z.string().max(2000).nullish(),
  event: z.enum(["after"], { error: "must be after" }).default("after"),
  operation: z.enum(HOOK_OPERATIONS, { error: `must be one of ${HOOK_OPERATIONS.join(", ")}` }),
  notification,
  active: flag.optional(),
  condition: flag.optional(),
  retries: ms(0, 10).optional(),
  retry_interval: ms(100, 3_600_000).optional(),
  timeout: ms(100, 30_000).optional(),
  version: z.string().optional(),
  type: z.string().optional(),
  /** Conditions replacing the hook's current ones (the GUI's filter builder sends them with the hook). */
  filters: z.array(filterInput).max(100).optional(),
});

export type HookInput = z.infer<typeof hookInput>;

export const hookUpdateInput = hookInput.partial();
export type HookUpdateInput = z.infer<typeof hookUpdateInput>;
