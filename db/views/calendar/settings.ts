import { z } from "zod";
import { bad } from "../../errors";
import type { ColumnRow, ViewRow } from "../../store/schema";
import type { ProjectStore } from "../../store/store";
import { columnFor } from "../columns-for";
import { tableColumns } from "../lookup";
import { metaText, readSub, viewOfType, writeSub } from "../sub-meta";
import { feedState, type CalendarRange } from "./feed";

/**
 * The calendar sub-view: `calendar_range` = [{fk_from_column_id, fk_to_column_id?}], each a Date
 * or DateTime field of the table (a record spans from..to when both are set). One range for now.
 */
const range = z.object({
  fk_from_column_id: z.string({ error: (i) => (i.input === undefined ? "required" : "must be a column id") }),
  fk_to_column_id: z.string({ error: "must be a column id" }).nullish(),
});
export const calendarRangeInput = z
  .array(range, { error: "must be a list of {fk_from_column_id, fk_to_column_id}" })
  .min(1, "needs a date field")
  .max(1, "takes one range");

export const updateCalendarInput = z.object({
  calendar_range: calendarRangeInput.optional(),
  meta: z.union([z.record(z.string(), z.unknown()), z.string()], { error: "must be a JSON object" }).nullish(),
});

export type { CalendarRange } from "./feed";

export function checkRange(cols: readonly ColumnRow[], input: z.infer<typeof calendarRangeInput>): CalendarRange[] {
  return input.map((r, i) => {
    const from = columnFor(cols, r.fk_from_column_id, "calendar", `calendar_range[${i}].fk_from_column_id`);
    const to = r.fk_to_column_id
      ? columnFor(cols, r.fk_to_column_id, "calendar", `calendar_range[${i}].fk_to_column_id`)
      : null;
    if (to && to.id === from.id) throw bad(`calendar_range[${i}].fk_to_column_id: must differ from the start field`);
    return { fk_from_column_id: from.id, fk_to_column_id: to?.id ?? null };
  });
}

export function calendarJson(v: ViewRow, projectId: string) {
  const s = readSub(v);
  return {
    fk_view_id: v.id,
    base_id: `ds_${projectId.slice(2)}`,
    project_id: projectId,
    title: v.title,
    calendar_range: ((s.calendar_range as CalendarRange[] | undefined) ?? []).map((r) => ({ ...r, fk_view_id: v.id })),
    meta: (s.meta as string | undefined) ?? "{}",
    // Whether an iCal feed is open and since when; its secret and hash are never answered (feed.ts).
    ical_feed: feedState(v) ? { created_at: feedState(v)!.created_at } : null,
  };
}

export function readCalendar(store: ProjectStore, projectId: string, viewId: string) {
  return calendarJson(viewOfType(store, viewId, "calendar"), projectId);
}

export function updateCalendar(
  store: ProjectStore,
  projectId: string,
  viewId: string,
  input: z.infer<typeof updateCalendarInput>,
) {
  const v = viewOfType(store, viewId, "calendar");
  const sub = readSub(v);
  if (input.calendar_range !== undefined)
    sub.calendar_range = checkRange(tableColumns(store, v.modelId), input.calendar_range);
  if (input.meta !== undefined) sub.meta = metaText(input.meta);
  writeSub(store, v.id, sub);
  return readCalendar(store, projectId, viewId);
}
