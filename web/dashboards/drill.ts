/**
 * Click through (issue 38): the filters that select the records behind one bar, slice, point or
 * pivot cell — the widget's own filters, then the x value (a date bucket as the range it covers:
 * from its first day to the next bucket's first day) and the series value. The records are then
 * read with the data API's `filterArrJson`, so the server applies the viewer's rules as always.
 */
import type { Bucket, WidgetConfig, WidgetFilter } from "./types";

const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/**
 * A bucket's label ("2024", "2024-03", "2024-Q2", "2024-03-18") as its first day and the next
 * bucket's first day; null when the label is not a date.
 */
export function bucketRange(label: unknown, bucket: Bucket): { from: string; to: string } | null {
  const s = String(label ?? "");
  let m: RegExpMatchArray | null;
  let start: Date;
  if ((m = s.match(/^(\d{4})-Q([1-4])$/))) start = new Date(Date.UTC(+m[1]!, (+m[2]! - 1) * 3, 1));
  else if ((m = s.match(/^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/)))
    start = new Date(Date.UTC(+m[1]!, m[2] ? +m[2] - 1 : 0, m[3] ? +m[3] : 1));
  else return null;
  if (Number.isNaN(start.getTime())) return null;
  const end = new Date(start);
  if (bucket === "day") end.setUTCDate(end.getUTCDate() + 1);
  else if (bucket === "week") end.setUTCDate(end.getUTCDate() + 7);
  else if (bucket === "month") end.setUTCMonth(end.getUTCMonth() + 1);
  else if (bucket === "quarter") end.setUTCMonth(end.getUTCMonth() + 3);
  else end.setUTCFullYear(end.getUTCFullYear() + 1);
  return { from: ymd(start), to: ymd(end) };
}

function equals(columnId: string, value: unknown): WidgetFilter[] {
  if (value === null || value === undefined || value === "")
    return [{ fk_column_id: columnId, comparison_op: "blank", value: null, logical_op: "and" }];
  return [{ fk_column_id: columnId, comparison_op: "eq", value: String(value), logical_op: "and" }];
}

/** What was clicked: an x value and, for a chart split by series, the series' name. */
export interface DrillPoint {
  x?: unknown;
  series?: string | null;
}

export function drillFilters(config: WidgetConfig, point: DrillPoint): WidgetFilter[] {
  const out: WidgetFilter[] = (config.filters ?? []).map((f) => ({ ...f, logical_op: "and" as const }));
  // The widget's own filters may be joined by "or": they go in one group, then "and" the point.
  const own: WidgetFilter[] =
    config.filters && config.filters.some((f) => f.logical_op === "or")
      ? [{ is_group: true, logical_op: "and", children: config.filters } as unknown as WidgetFilter]
      : out;
  const more: WidgetFilter[] = [];
  if (config.x && point.x !== undefined) {
    const range = config.x.bucket ? bucketRange(point.x, config.x.bucket) : null;
    if (range)
      more.push(
        {
          fk_column_id: config.x.column_id,
          comparison_op: "gte",
          comparison_sub_op: "exactDate",
          value: range.from,
          logical_op: "and",
        },
        {
          fk_column_id: config.x.column_id,
          comparison_op: "lt",
          comparison_sub_op: "exactDate",
          value: range.to,
          logical_op: "and",
        },
      );
    else more.push(...equals(config.x.column_id, point.x));
  }
  if (config.series && point.series != null) more.push(...equals(config.series.column_id, point.series));
  return [...own, ...more];
}
