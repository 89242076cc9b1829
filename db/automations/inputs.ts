import { z } from "zod";
import { filterInput } from "../views/inputs";

/**
 * Request bodies of the automation routes (issue 39, "API (the contract)"). A trigger says when a
 * run starts; steps say what it does, each step's settings beside its `type`. Templates
 * (template.ts) are plain strings here: they are checked for syntax when saved.
 */
export const TRIGGER_TYPES = [
  "record.created",
  "record.updated",
  "record.deleted",
  "record.matches",
  "form.submitted",
  "comment.added",
  "schedule",
  "webhook",
  "button",
] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

export const STEP_TYPES = [
  "create_record",
  "update_records",
  "find_records",
  "link_records",
  "send_email",
  "notify",
  "http_request",
  "condition",
  "delay",
  "formula",
] as const;
export type StepType = (typeof STEP_TYPES)[number];

/** Triggers that name a table (the rest: schedule and webhook start without a record). */
export const TABLE_TRIGGERS: readonly TriggerType[] = [
  "record.created",
  "record.updated",
  "record.deleted",
  "record.matches",
  "form.submitted",
  "comment.added",
  "button",
];

const text = (max = 20_000) => z.string({ error: "must be text" }).max(max, `at most ${max} characters`);
const id = z.string({ error: "must be an id" }).min(1, "required").max(64);

export const triggerInput = z
  .object({
    type: z.enum(TRIGGER_TYPES, { error: `must be one of ${TRIGGER_TYPES.join(", ")}` }),
    table_id: id.optional(),
    view_id: id.optional(),
    fields: z.array(id).max(200).optional(),
    condition: z.array(filterInput).max(100).optional(),
    cron: text(200).optional(),
    timezone: text(100).optional(),
  })
  .refine((t) => !TABLE_TRIGGERS.includes(t.type) || !!t.table_id, {
    message: "table_id is required for this trigger",
    path: ["table_id"],
  })
  .refine((t) => t.type !== "schedule" || !!t.cron, { message: "cron is required for a schedule", path: ["cron"] })
  .refine((t) => t.type !== "record.matches" || !!t.condition?.length, {
    message: "condition is required for record.matches",
    path: ["condition"],
  });
export type TriggerInput = z.infer<typeof triggerInput>;

const fieldMap = z.record(z.string().max(255), z.unknown(), { error: "must be an object of field titles" });
const header = z.object({ name: text(200), value: text(4000) });

/** One step: its type and settings; unknown settings are kept (the builder may add hints). */
export const stepInput = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("create_record"), table_id: id, fields: fieldMap }).passthrough(),
    z
      .object({ type: z.literal("update_records"), table_id: id, record_id: z.unknown(), fields: fieldMap })
      .passthrough(),
    z
      .object({
        type: z.literal("find_records"),
        table_id: id,
        where: text(4000).optional(),
        limit: z.number().int().min(1).max(100).optional(),
      })
      .passthrough(),
    z
      .object({
        type: z.literal("link_records"),
        table_id: id,
        record_id: z.unknown(),
        field: text(255),
        ref_ids: z.unknown(),
      })
      .passthrough(),
    z.object({ type: z.literal("send_email"), to: text(2000), subject: text(1000), body: text() }).passthrough(),
    z
      .object({
        type: z.literal("notify"),
        service: z.enum(["Slack", "Discord", "Microsoft Teams", "Mattermost"], {
          error: "must be Slack, Discord, Microsoft Teams or Mattermost",
        }),
        channels: z.array(text(255)).max(20).optional(),
        text: text(),
      })
      .passthrough(),
    z
      .object({
        type: z.literal("http_request"),
        method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"], { error: "must be GET, POST, PUT, PATCH or DELETE" }),
        url: text(2000),
        headers: z.array(header).max(50).optional(),
        body: text().optional(),
      })
      .passthrough(),
    z
      .object({
        type: z.literal("condition"),
        /** A template; the step passes when it renders truthy (not "", "0", "false", "null"). */
        if: text(4000),
        /** When it does not pass: stop the run (default), or skip the next `skip` steps (a branch). */
        otherwise: z.enum(["stop", "skip"]).optional(),
        skip: z.number().int().min(1).max(50).optional(),
      })
      .passthrough(),
    z
      .object({
        type: z.literal("delay"),
        minutes: z
          .number()
          .min(0)
          .max(60 * 24 * 30, "at most 30 days")
          .optional(),
        hours: z
          .number()
          .min(0)
          .max(24 * 30)
          .optional(),
        days: z.number().min(0).max(30).optional(),
      })
      .passthrough(),
    /** The project's formula engine on a record: the trigger's table and record unless named. */
    z
      .object({
        type: z.literal("formula"),
        formula: text(4000),
        table_id: id.optional(),
        record_id: z.unknown().optional(),
      })
      .passthrough(),
  ],
  { error: `type must be one of ${STEP_TYPES.join(", ")}` },
);
export type StepInput = z.infer<typeof stepInput>;

const flag = z.union([z.boolean(), z.number()], { error: "must be true or false" }).transform(Boolean);

export const automationInput = z.object({
  title: z.string({ error: "required" }).trim().min(1, "required").max(255, "at most 255 characters"),
  active: flag.optional(),
  trigger: triggerInput,
  steps: z.array(stepInput).max(50, "at most 50 steps"),
});
export type AutomationInput = z.infer<typeof automationInput>;

export const automationUpdateInput = automationInput.partial();
export type AutomationUpdateInput = z.infer<typeof automationUpdateInput>;

/** "Test with a record": a record of the trigger's table (or a webhook body), and whether to write. */
export const automationTestInput = z.object({
  record_id: z.union([z.string(), z.number()]).optional(),
  body: z.unknown().optional(),
  /** dry (default): record steps, e-mails, chats and requests are described, not done. */
  mode: z.enum(["dry", "real"]).optional(),
});
export type AutomationTestInput = z.infer<typeof automationTestInput>;

export const buttonInput = z.object({ record_id: z.union([z.string(), z.number()]) });
