import type { Column } from "../../../api/types";
import type { Automation, AutomationInput, StepType, TriggerType } from "../../../api/automations-api";
import { fromSaved, toFilterArr, type FilterNode } from "../../../views/grid/logic/filters";
import type { Filter } from "../../../api/view-types";

/** A step as the builder edits it: its type and settings (templates are plain text here). */
export type StepDraft = { type: StepType } & Record<string, unknown>;

export interface AutomationDraft {
  id?: string;
  title: string;
  active: boolean;
  triggerType: TriggerType;
  tableId: string;
  conditions: FilterNode[];
  cron: string;
  timezone: string;
  steps: StepDraft[];
  webhookUrl: string | null;
}

/** The settings a new step of each type starts with. */
export function newStep(type: StepType, tableId: string): StepDraft {
  switch (type) {
    case "create_record":
      return { type, table_id: tableId, fields: {} };
    case "update_records":
      return { type, table_id: tableId, record_id: "{{record.Id}}", fields: {} };
    case "find_records":
      return { type, table_id: tableId, where: "", limit: 10 };
    case "link_records":
      return { type, table_id: tableId, record_id: "{{record.Id}}", field: "", ref_ids: "" };
    case "send_email":
      return { type, to: "", subject: "", body: "" };
    case "notify":
      return { type, service: "Slack", channels: [], text: "" };
    case "http_request":
      return { type, method: "POST", url: "", headers: [], body: "" };
    case "condition":
      return { type, if: "", otherwise: "stop" };
    case "delay":
      return { type, minutes: 60 };
    case "formula":
      return { type, formula: "" };
  }
}

export function draftOf(a: Automation | null, tableId: string, title: string): AutomationDraft {
  if (!a)
    return {
      title,
      active: true,
      triggerType: "record.created",
      tableId,
      conditions: [],
      cron: "0 9 * * 1",
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC",
      steps: [],
      webhookUrl: null,
    };
  return {
    id: a.id,
    title: a.title,
    active: a.active,
    triggerType: a.trigger.type,
    tableId: a.trigger.table_id ?? tableId,
    conditions: fromSaved((a.trigger.condition ?? []) as Filter[]),
    cron: a.trigger.cron ?? "0 9 * * 1",
    timezone: a.trigger.timezone ?? "UTC",
    steps: a.steps as StepDraft[],
    webhookUrl: a.webhook_url,
  };
}

/** Drops settings left empty (an optional URL body, a blank where) so the server's checks read them as unset. */
function cleanStep(s: StepDraft): StepDraft {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(s)) {
    if (v === "" && k !== "type" && !["to", "subject", "body", "text", "url", "if", "formula"].includes(k)) continue;
    if (k === "channels" && typeof v === "string")
      out[k] = v
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean);
    else out[k] = k === "limit" || k === "minutes" ? Number(v) : v;
  }
  return out as StepDraft;
}

export function inputOf(
  d: AutomationDraft,
  columns: readonly Column[],
  tableTriggers: readonly string[],
): AutomationInput {
  const onTable = tableTriggers.includes(d.triggerType);
  const condition = onTable ? toFilterArr(d.conditions, columns) : [];
  return {
    title: d.title.trim(),
    active: d.active,
    trigger: {
      type: d.triggerType,
      ...(onTable ? { table_id: d.tableId } : {}),
      ...(condition.length ? { condition } : {}),
      ...(d.triggerType === "schedule" ? { cron: d.cron.trim(), timezone: d.timezone.trim() || "UTC" } : {}),
    },
    steps: d.steps.map(cleanStep) as AutomationInput["steps"],
  };
}
