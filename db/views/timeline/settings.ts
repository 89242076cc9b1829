import { z } from "zod";
import { bad } from "../../errors";
import { canGroupBy, isLink } from "../../fields/registry";
import { linkOptions } from "../../fields/LinkToAnotherRecord";
import type { ColumnRow, ViewRow } from "../../store/schema";
import type { ProjectStore } from "../../store/store";
import { columnFor } from "../columns-for";
import { tableColumns } from "../lookup";
import { metaText, readSub, viewOfType, writeSub } from "../sub-meta";

/**
 * The timeline sub-view (issue 37): records as bars from a start (a Date or DateTime field) to an
 * end (another date field) or for a duration (a number of days), in lanes by a groupable field,
 * with arrows from a link to records of the same table ("blocked by"). An end and a duration
 * exclude each other; without either a bar lasts its start day.
 */
export interface TimelineSettings {
  fk_start_column_id: string;
  fk_end_column_id: string | null;
  fk_duration_column_id: string | null;
  fk_group_column_id: string | null;
  fk_dependency_column_id: string | null;
}

const colId = z.string({ error: "must be a column id" }).nullish();

/** The settings a create or update body may carry (all optional here; create requires a start). */
export const timelineFields = {
  fk_start_column_id: colId,
  fk_end_column_id: colId,
  fk_duration_column_id: colId,
  fk_group_column_id: colId,
  fk_dependency_column_id: colId,
};

export const updateTimelineInput = z.object({
  ...timelineFields,
  meta: z.union([z.record(z.string(), z.unknown()), z.string()], { error: "must be a JSON object" }).nullish(),
});
export type TimelineInput = Partial<Record<keyof TimelineSettings, string | null | undefined>>;

const KEYS = [
  "fk_start_column_id",
  "fk_end_column_id",
  "fk_duration_column_id",
  "fk_group_column_id",
  "fk_dependency_column_id",
] as const;

/** The stored settings of a timeline view (absent ones null). */
export function timelineSettings(v: ViewRow): TimelineSettings {
  const s = readSub(v);
  const pick = (k: keyof TimelineSettings) => (typeof s[k] === "string" ? (s[k] as string) : null);
  return {
    fk_start_column_id: pick("fk_start_column_id") ?? "",
    fk_end_column_id: pick("fk_end_column_id"),
    fk_duration_column_id: pick("fk_duration_column_id"),
    fk_group_column_id: pick("fk_group_column_id"),
    fk_dependency_column_id: pick("fk_dependency_column_id"),
  };
}

/**
 * Checks settings against the table's columns: `current` is what is stored, `input` what changes
 * (undefined keeps, null clears). Answers the whole new settings or throws a 400 naming the field.
 */
export function checkTimeline(
  cols: readonly ColumnRow[],
  modelId: string,
  current: TimelineSettings | null,
  input: TimelineInput,
): TimelineSettings {
  const next = (k: keyof TimelineSettings) => (input[k] !== undefined ? (input[k] ?? null) : (current?.[k] ?? null));
  const startId = next("fk_start_column_id");
  if (!startId) throw bad("fk_start_column_id: required (the Date or DateTime field where a bar starts)");
  const start = columnFor(cols, startId, "calendar", "fk_start_column_id");
  const endId = next("fk_end_column_id");
  // Setting one of end / duration clears the other, unless both are given.
  let durationId = next("fk_duration_column_id");
  let end = endId ? columnFor(cols, endId, "calendar", "fk_end_column_id") : null;
  if (input.fk_end_column_id && input.fk_duration_column_id)
    throw bad("fk_duration_column_id: a bar ends at an end field or lasts a duration, not both");
  if (input.fk_end_column_id) durationId = null;
  if (input.fk_duration_column_id) end = null;
  if (end && end.id === start.id) throw bad("fk_end_column_id: must differ from the start field");
  const duration = durationId ? columnFor(cols, durationId, "duration", "fk_duration_column_id") : null;
  const groupId = next("fk_group_column_id");
  const group = groupId ? cols.find((c) => c.id === groupId) : null;
  if (groupId && !group) throw bad(`fk_group_column_id: column '${groupId}' is not a column of this table`);
  if (group && !canGroupBy(group.uidt)) throw bad(`fk_group_column_id: records cannot be grouped by '${group.title}'`);
  const depId = next("fk_dependency_column_id");
  const dep = depId ? cols.find((c) => c.id === depId) : null;
  if (depId && !dep) throw bad(`fk_dependency_column_id: column '${depId}' is not a column of this table`);
  if (dep && (!isLink(dep.uidt) || linkOptions(dep).fk_related_model_id !== modelId))
    throw bad(`fk_dependency_column_id: '${dep.title}' is not a link to records of this table`);
  return {
    fk_start_column_id: start.id,
    fk_end_column_id: end?.id ?? null,
    fk_duration_column_id: duration?.id ?? null,
    fk_group_column_id: group?.id ?? null,
    fk_dependency_column_id: dep?.id ?? null,
  };
}

export function timelineJson(v: ViewRow, projectId: string) {
  const s = readSub(v);
  return {
    fk_view_id: v.id,
    base_id: `ds_${projectId.slice(2)}`,
    project_id: projectId,
    title: v.title,
    ...timelineSettings(v),
    meta: (s.meta as string | undefined) ?? "{}",
  };
}

export function readTimeline(store: ProjectStore, projectId: string, viewId: string) {
  return timelineJson(viewOfType(store, viewId, "timeline"), projectId);
}

export function updateTimeline(
  store: ProjectStore,
  projectId: string,
  viewId: string,
  input: z.infer<typeof updateTimelineInput>,
) {
  const v = viewOfType(store, viewId, "timeline");
  const sub = readSub(v);
  const checked = checkTimeline(tableColumns(store, v.modelId), v.modelId, timelineSettings(v), input);
  for (const k of KEYS) sub[k] = checked[k];
  if (input.meta !== undefined) sub.meta = metaText(input.meta);
  writeSub(store, v.id, sub);
  return readTimeline(store, projectId, viewId);
}

/** The fields a timeline places records by: its rows always carry them, shown or not. */
export function timelineColumnIds(v: ViewRow): string[] {
  const s = timelineSettings(v);
  return [s.fk_start_column_id, s.fk_end_column_id, s.fk_duration_column_id, s.fk_group_column_id].filter(
    (x): x is string => !!x,
  );
}
