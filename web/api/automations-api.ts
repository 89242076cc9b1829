/** Automations of a project (issue 39): settings, runs, re-run, the test with a record. */
import type { z } from "zod";
import type { automationJson } from "../../db/automations/automations";
import type { automationInput, automationTestInput } from "../../db/automations/inputs";
import type { runJson, StepRecord } from "../../db/automations/runs";
import { fromDb, wire } from "./wire";

export {
  STEP_TYPES,
  TRIGGER_TYPES,
  TABLE_TRIGGERS,
  type StepType,
  type TriggerType,
} from "../../db/automations/inputs";
export { TEMPLATE_HELPERS } from "../../db/automations/template";

export type Automation = ReturnType<typeof automationJson>;
export type AutomationInput = z.input<typeof automationInput>;
export type AutomationRun = ReturnType<typeof runJson>;
export type { StepRecord };

const base = "/api/v1/db/meta/projects/:projectId/automations" as const;
const one = "/api/v1/db/meta/projects/:projectId/automations/:automationId" as const;

export const automationsApi = {
  list: async (projectId: string) => fromDb<{ list: Automation[] }>()(await wire.get(base, { projectId })),
  create: async (projectId: string, input: AutomationInput) =>
    fromDb<Automation>()(await wire.post(base, { projectId }, input)),
  update: async (projectId: string, automationId: string, input: Partial<AutomationInput>) =>
    fromDb<Automation>()(await wire.patch(one, { projectId, automationId }, input)),
  remove: (projectId: string, automationId: string) => wire.del(one, { projectId, automationId }),
  runs: async (projectId: string, automationId: string) =>
    fromDb<{ list: AutomationRun[] }>()(await wire.get(`${one}/runs`, { projectId, automationId })),
  rerun: (projectId: string, automationId: string, runId: number) =>
    wire.post(`${one}/runs/:runId/rerun`, { projectId, automationId, runId }, {}),
  test: async (projectId: string, automationId: string, input: z.input<typeof automationTestInput>) =>
    fromDb<{ steps: StepRecord[] }>()(await wire.post(`${one}/test`, { projectId, automationId }, input)),
};
