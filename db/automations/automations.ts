import { Cron } from "croner";
import { eq } from "drizzle-orm";
import { maskSecret, open, seal } from "../apps/secret-box";
import { bad, missing } from "../errors";
import { newId, randomHex } from "../ids";
import { automations, models, type AutomationRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { arrayTree } from "../views/filters-to-where";
import { tableColumns } from "../views/lookup";
import {
  TABLE_TRIGGERS,
  type AutomationInput,
  type AutomationUpdateInput,
  type StepInput,
  type TriggerInput,
} from "./inputs";
import { templateErrors } from "./template";

/**
 * Automations as stored in the project's SQLite (`_nc_automations`) and as the API answers them.
 * Rules:
 * - owners and creators save them (the route's `need`); the saver is the builder, whose role the
 *   runs act with (runner: their reader), kept with the automation;
 * - a trigger's table and fields must be the project's; its condition must compile; every template
 *   must parse; a schedule's cron must be valid in its time zone;
 * - http_request header values are sealed (db/apps/secret-box.ts) and answered masked; a masked
 *   value sent back keeps the stored one;
 * - a webhook trigger gets a secret URL part `<projectId>.<random>` once, kept across edits.
 */
export interface Builder {
  id: string;
  email: string;
  role: string;
}

export type StoredStep = StepInput & Record<string, unknown>;

const SEALED_PREFIX = "sealed:";
const now = () => new Date().toISOString();

export function findAutomation(store: ProjectStore, id: string): AutomationRow {
  const row = store.meta.select().from(automations).where(eq(automations.id, id)).get();
  if (!row) throw missing("Automation not found");
  return row;
}

export const triggerOf = (row: AutomationRow) => JSON.parse(row.trigger) as TriggerInput;
export const stepsOf = (row: AutomationRow) => JSON.parse(row.steps) as StoredStep[];

/** The answer's shape: secrets masked, the webhook URL's path when it has one. */
export function automationJson(row: AutomationRow, projectId: string) {
  const steps = stepsOf(row).map((s) =>
    s.type === "http_request" && s.headers
      ? {
          ...s,
          headers: s.headers.map((h) => ({
            name: h.name,
            value: h.value.startsWith(SEALED_PREFIX) ? maskSecret(h.value.slice(-12)) : maskSecret(h.value),
          })),
        }
      : s,
  );
  return {
    id: row.id,
    project_id: projectId,
    title: row.title,
    active: row.active === 1,
    trigger: triggerOf(row),
    steps,
    webhook_url: row.webhookSecret ? `/api/v1/automations/hooks/${row.webhookSecret}` : null,
    next_run_at: row.nextRunAt ? new Date(row.nextRunAt).toISOString() : null,
    created_by: row.createdByEmail,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

export function listAutomations(store: ProjectStore, projectId: string) {
  return store.meta
    .select()
    .from(automations)
    .all()
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((r) => automationJson(r, projectId));
}

function modelIdOf(store: ProjectStore, key: string, field: string): string {
  const m =
    store.meta.select().from(models).where(eq(models.id, key)).get() ??
    store.meta.select().from(models).where(eq(models.title, key)).get();
  if (!m) throw bad(`${field}: table '${key}' is not a table of this project`);
  return m.id;
}

/** The next time a cron fires after `from`, in its time zone; a 400 naming the fault when invalid. */
export function nextScheduled(cron: string, timezone: string | undefined, from = new Date()): number {
  let next: Date | null;
  try {
    next = new Cron(cron, { timezone: timezone || "UTC", paused: true }).nextRun(from);
  } catch (err) {
    throw bad(`trigger.cron: ${(err as Error).message}`);
  }
  if (!next) throw bad("trigger.cron: never fires");
  return next.getTime();
}

function checkTrigger(store: ProjectStore, t: TriggerInput): string | null {
  if (!TABLE_TRIGGERS.includes(t.type)) return null;
  const modelId = modelIdOf(store, t.table_id!, "trigger.table_id");
  const cols = tableColumns(store, modelId);
  for (const f of t.fields ?? [])
    if (!cols.some((c) => c.id === f || c.title === f)) throw bad(`trigger.fields: '${f}' is not a field of the table`);
  if (t.condition?.length) arrayTree(JSON.stringify(t.condition), cols);
  return modelId;
}

function checkSteps(store: ProjectStore, steps: StepInput[]) {
  steps.forEach((s, i) => {
    const err = templateErrors(s, `steps.${i + 1}`);
    if (err) throw bad(err);
    if ("table_id" in s && typeof s.table_id === "string") modelIdOf(store, s.table_id, `steps.${i + 1}.table_id`);
  });
}

/** Header values sealed; a masked value (as answered) keeps the stored one of the same step and name. */
export async function sealSteps(steps: StepInput[], key: string | null, before: StoredStep[]): Promise<StoredStep[]> {
  const out: StoredStep[] = [];
  for (const [i, s] of steps.entries()) {
    if (s.type !== "http_request" || !s.headers?.length) {
      out.push(s as StoredStep);
      continue;
    }
    const old =
      before[i]?.type === "http_request" ? (before[i]!.headers as Array<{ name: string; value: string }>) : [];
    const headers = [];
    for (const h of s.headers) {
      if (h.value.startsWith("••••")) {
        const kept = old?.find((o) => o.name === h.name);
        if (kept) {
          headers.push(kept);
          continue;
        }
      }
      if (!key) throw bad("Secrets in steps need the SETTINGS_KEY secret to be set");
      headers.push({ name: h.name, value: SEALED_PREFIX + (await seal(key, h.value)) });
    }
    out.push({ ...s, headers } as StoredStep);
  }
  return out;
}

/** A step's sealed header values opened for a run. */
export async function openStep(step: StoredStep, key: string | null): Promise<StoredStep> {
  if (step.type !== "http_request" || !step.headers?.length) return step;
  const headers = [];
  for (const h of step.headers) {
    const value = h.value.startsWith(SEALED_PREFIX)
      ? key
        ? ((await open<string>(key, h.value.slice(SEALED_PREFIX.length))) ?? "")
        : ""
      : h.value;
    headers.push({ name: h.name, value });
  }
  return { ...step, headers };
}

function schedule(t: TriggerInput): number | null {
  return t.type === "schedule" ? nextScheduled(t.cron!, t.timezone) : null;
}

/** Saves a new automation; `steps` are the input's, sealed (sealSteps) by the caller. */
export function createAutomation(
  store: ProjectStore,
  projectId: string,
  input: AutomationInput,
  builder: Builder,
  steps: StoredStep[],
) {
  const modelId = checkTrigger(store, input.trigger);
  checkSteps(store, input.steps);
  const ts = now();
  const row: AutomationRow = {
    id: newId("au_"),
    title: input.title,
    active: input.active === false ? 0 : 1,
    triggerType: input.trigger.type,
    modelId,
    trigger: JSON.stringify(input.trigger),
    steps: JSON.stringify(steps),
    webhookSecret: input.trigger.type === "webhook" ? `${projectId}.${randomHex(20)}` : null,
    nextRunAt: schedule(input.trigger),
    createdBy: builder.id,
    createdByEmail: builder.email,
    builderRole: builder.role,
    createdAt: ts,
    updatedAt: ts,
  };
  store.meta.insert(automations).values(row).run();
  return automationJson(row, projectId);
}

/** Changes an automation; `sealed`: the input's steps sealed by the caller (sealSteps), if it has steps. */
export function updateAutomation(
  store: ProjectStore,
  projectId: string,
  id: string,
  input: AutomationUpdateInput,
  builder: Builder,
  sealed: StoredStep[] | undefined,
) {
  const row = findAutomation(store, id);
  const trigger = input.trigger ?? triggerOf(row);
  const modelId = input.trigger ? checkTrigger(store, trigger) : row.modelId;
  if (input.steps) checkSteps(store, input.steps);
  const steps = sealed ?? stepsOf(row);
  const next: AutomationRow = {
    ...row,
    title: input.title ?? row.title,
    active: input.active === undefined ? row.active : input.active ? 1 : 0,
    triggerType: trigger.type,
    modelId,
    trigger: JSON.stringify(trigger),
    steps: JSON.stringify(steps),
    webhookSecret: trigger.type === "webhook" ? (row.webhookSecret ?? `${projectId}.${randomHex(20)}`) : null,
    nextRunAt: input.trigger ? schedule(trigger) : row.nextRunAt,
    // Whoever saves it last is its builder: the runs act with their rights from now on.
    createdBy: builder.id,
    createdByEmail: builder.email,
    builderRole: builder.role,
    updatedAt: now(),
  };
  store.meta.update(automations).set(next).where(eq(automations.id, id)).run();
  return automationJson(next, projectId);
}

export function deleteAutomation(store: ProjectStore, id: string) {
  findAutomation(store, id);
  store.exec("DELETE FROM _nc_automation_runs WHERE fk_automation_id = ?", id);
  store.exec("DELETE FROM _nc_automation_batches WHERE fk_automation_id = ?", id);
  store.meta.delete(automations).where(eq(automations.id, id)).run();
  return true;
}

/** Active automations of a table with one of `types`, memoised with the schema (saves clear it). */
export function activeAutomations(store: ProjectStore, modelId: string, types: readonly string[]): AutomationRow[] {
  const key = `automations:${modelId}`;
  let list = store.schemaCache.get(key) as AutomationRow[] | undefined;
  if (!list) {
    list = store.meta
      .select()
      .from(automations)
      .where(eq(automations.modelId, modelId))
      .all()
      .filter((a) => a.active === 1);
    store.schemaCache.set(key, list);
  }
  return list.filter((a) => types.includes(a.triggerType));
}
