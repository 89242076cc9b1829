/**
 * Dashboards on the wire (issue 38, "API (the contract; keep these shapes)"). The widget settings
 * are the server's zod schema (db/dashboards/inputs.ts, `z.infer`); the lists below are checked
 * against it (`satisfies`) so the web's choices cannot drift from what the server accepts. The
 * lists are repeated rather than imported: their module brings the aggregate compiler with it.
 */
import type { WidgetConfig as WireConfig, WidgetType as WireType } from "../../db/dashboards/inputs";
import type { Answer } from "../api/app-types";
import type { Aggregate } from "../../db/query/compile-aggregate";
import type { DateBucket } from "../../db/query/dialects/dialect";

export const WIDGET_TYPES = [
  "number",
  "bar",
  "line",
  "area",
  "pie",
  "pivot",
  "records",
  "text",
] as const satisfies readonly WireType[];
export type WidgetType = WireType;
export const AGGS = ["count", "sum", "avg", "min", "max", "count_distinct"] as const satisfies readonly Aggregate[];
export type Agg = Aggregate;
export const BUCKETS = ["day", "week", "month", "quarter", "year"] as const satisfies readonly DateBucket[];
export type Bucket = DateBucket;

export type WidgetFilter = NonNullable<WireConfig["filters"]>[number];

/**
 * The server's settings; the web's own drawing options (`horizontal` bars) ride along, kept as
 * given (the schema lets unknown keys through).
 */
export type WidgetConfig = WireConfig;

/** A widget's place on the dashboard grid, in grid cells. */
export interface Cell {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A dashboard with its widgets and its public link, as GET /dashboards/{id} answers it. */
export type Dashboard = Answer<"/api/v1/db/meta/dashboards/:dashboardId", "$get">;
/** A widget as stored: `type` is one of WIDGET_TYPES (the server checked it on the way in). */
export type Widget = Dashboard["widgets"][number];

export interface Point {
  x: unknown;
  y: number | null;
}
export interface Series {
  /** The series field's value (null: empty), or the aggregate's name. */
  name: unknown;
  points: Point[];
}

/** A pivot: row and column keys with their totals (computed by the server: an average's total is not a sum). */
export interface Pivot {
  rows: { key: unknown; total: number | null }[];
  columns: { key: unknown; total: number | null }[];
  cells: (number | null)[][];
  total: number | null;
  /** Rows or columns past the server's bounds were left out (the totals still count every record). */
  truncated?: { rows: boolean; columns: boolean };
}

/** GET .../widgets/{id}/data: a number, chart series, a pivot or a records page. */
export type WidgetData =
  | { value: number | null; previous?: number | null }
  | { series: Series[] }
  | Pivot
  | { list: Record<string, unknown>[] };

export const isNumberData = (d: WidgetData): d is { value: number | null; previous?: number | null } => "value" in d;
export const isSeriesData = (d: WidgetData): d is { series: Series[] } => "series" in d;
export const isPivotData = (d: WidgetData): d is Pivot => "cells" in d;
export const isListData = (d: WidgetData): d is { list: Record<string, unknown>[] } => "list" in d;
