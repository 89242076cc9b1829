import { bad } from "../../errors";
import type { ListParams } from "../../query/params";
import type { ColumnRow } from "../../store/schema";
import type { RowScope } from "../scope";
import type { ProjectStore } from "../../store/store";
import { tableColumns, viewOfTable } from "../lookup";
import { VIEW_TYPE } from "../types";
import { timelineSettings, type TimelineSettings } from "./settings";

/**
 * The rows of a timeline view for a visible range of days (issue 37), as conditions the list
 * query compiles into SQL (contract 1.6 `filterArrJson`, fields by id), ANDed with the caller's:
 * - with an end field: start <= last and (end >= first, or no end and start >= first);
 * - with a duration (days, at least one): start <= last and start >= first - (longest - 1), the
 *   longest duration read first by one sorted query in SQL, so the page holds every overlapping
 *   bar (and perhaps a few that end just before the range, which the client leaves off-screen);
 * - with neither: the start day lies in the range;
 * - `unscheduled`: records without a start, paged (the side list).
 */
export interface TimelineQuery {
  from: string;
  to: string;
  unscheduled?: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Cond = Record<string, unknown>;
const cond = (id: string, op: string, value?: string, logical_op = "and"): Cond => ({
  fk_column_id: id,
  comparison_op: op,
  ...(value === undefined ? {} : { comparison_sub_op: "exactDate", value }),
  logical_op,
});

export function addDays(day: string, n: number): string {
  const d = new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** Checks the range (400 naming what is wrong). */
export function checkRange(q: TimelineQuery) {
  if (q.unscheduled) return;
  if (!DAY.test(q.from) || Number.isNaN(Date.parse(q.from))) throw bad("from: must be a day like 2026-01-31");
  if (!DAY.test(q.to) || Number.isNaN(Date.parse(q.to))) throw bad("to: must be a day like 2026-01-31");
  if (q.to < q.from) throw bad("to: must not be before from");
}

/** The conditions for records overlapping first..last; `longest` is the longest duration (days) when one is set. */
export function rangeConds(s: TimelineSettings, first: string, last: string, longest = 1): Cond[] {
  const start = s.fk_start_column_id;
  const starts = cond(start, "lte", last);
  if (s.fk_end_column_id)
    return [
      starts,
      {
        is_group: true,
        logical_op: "and",
        children: [cond(s.fk_end_column_id, "gte", first), cond(start, "gte", first, "or")],
      },
    ];
  const reach = s.fk_duration_column_id ? Math.max(1, Math.ceil(longest)) - 1 : 0;
  return [cond(start, "gte", addDays(first, -reach)), starts];
}

/** The caller's own `filterArrJson` with ours: theirs as one group, so their top-level `or`s stay theirs. */
export function withConds(scope: RowScope | undefined, conds: Cond[]): RowScope {
  const theirs = scope?.filterArrJson ? (JSON.parse(scope.filterArrJson) as unknown) : null;
  if (theirs !== null && !Array.isArray(theirs)) throw bad("filterArrJson: must be a JSON list of filters");
  const all = theirs?.length ? [{ is_group: true, logical_op: "and", children: theirs }, ...conds] : conds;
  return { ...scope, filterArrJson: JSON.stringify(all) };
}

/**
 * Reads a timeline page through `list` (the source's list read). The settings come from the view;
 * `cols` resolve the duration field's title for its sorted query.
 */
export function timelineRows<T>(
  s: TimelineSettings,
  cols: readonly ColumnRow[],
  q: TimelineQuery,
  params: ListParams,
  scope: RowScope | undefined,
  list: (params: ListParams, scope: RowScope) => T,
): T {
  if (!s.fk_start_column_id) throw bad("This timeline has no start field");
  checkRange(q);
  if (q.unscheduled) return list(params, withConds(scope, [cond(s.fk_start_column_id, "blank")]));
  const dur = s.fk_duration_column_id ? cols.find((c) => c.id === s.fk_duration_column_id) : null;
  const page = (longest: number) => list(params, withConds(scope, rangeConds(s, q.from, q.to, longest)));
  if (!dur) return page(1);
  const top = list(
    { limit: 1, offset: 0, sort: [`-${dur.title}`], fields: [dur.title] },
    withConds(scope, [cond(s.fk_start_column_id, "lte", q.to), cond(dur.id, "notblank")]),
  );
  const longestOf = (answer: unknown) => {
    const n = Number((answer as { list?: Array<Record<string, unknown>> }).list?.[0]?.[dur.title]);
    return Number.isFinite(n) && n > 1 ? n : 1;
  };
  // The native store answers at once (one transaction); an external database answers a promise.
  return (top instanceof Promise ? top.then((a) => page(longestOf(a))) : page(longestOf(top))) as T;
}

/** The timeline view `viewId` of the table: its settings and the table's columns (404 / 400 otherwise). */
export function timelineOf(store: ProjectStore, modelId: string, viewId: string) {
  const v = viewOfTable(store, modelId, viewId);
  if (v.type !== VIEW_TYPE.timeline) throw bad(`view: '${v.title}' is not a timeline view`);
  return { settings: timelineSettings(v), cols: tableColumns(store, modelId) };
}
