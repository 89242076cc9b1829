/**
 * Dashboards on the wire (issue 38, "API (the contract; keep these shapes)"). Written from the
 * contract while the server half is built beside it; once its zod schemas land in db/dashboards/
 * these become `z.infer` of them.
 */
export const WIDGET_TYPES = ["number", "bar", "line", "area", "pie", "pivot", "records", "text"] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];
export const AGGS = ["count", "sum", "avg", "min", "max", "count_distinct"] as const;
export type Agg = (typeof AGGS)[number];
export const BUCKETS = ["day", "week", "month", "quarter", "year"] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface WidgetFilter {
  fk_column_id: string;
  comparison_op: string;
  comparison_sub_op?: string | null;
  value: unknown;
  logical_op?: "and" | "or";
}

export interface WidgetConfig {
  x?: { column_id: string; bucket?: Bucket };
  y: { column_id?: string; agg: Agg }[];
  series?: { column_id: string };
  filters?: WidgetFilter[];
  limit?: number;
  /** A number widget: compare with the period before (same length), read on the x date field. */
  compare?: boolean;
  /** Pie: a hole in the middle; bar: series stacked rather than side by side. */
  donut?: boolean;
  stacked?: boolean;
  /** Bar: horizontal bars rather than columns. */
  horizontal?: boolean;
  /** Text widgets: the Markdown shown. */
  text?: string;
}

/** A widget's place on the dashboard grid, in grid cells. */
export interface Cell {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Widget {
  id: string;
  type: WidgetType;
  title: string;
  table_id: string;
  view_id?: string | null;
  config: WidgetConfig;
  position?: Partial<Cell> | null;
}

export interface Dashboard {
  id: string;
  title: string;
  uuid?: string | null;
  widgets?: Widget[];
}

export interface Point {
  x: unknown;
  y: number | null;
}
export interface Series {
  name: string;
  points: Point[];
}

/** GET .../widgets/{id}/data: a number, chart series, a pivot or a records page. */
export type WidgetData =
  | { value: number | null; previous?: number | null }
  | { series: Series[] }
  | { rows: unknown[]; columns: unknown[]; cells: (number | null)[][] }
  | { list: Record<string, unknown>[] };

export const isNumberData = (d: WidgetData): d is { value: number | null; previous?: number | null } => "value" in d;
export const isSeriesData = (d: WidgetData): d is { series: Series[] } => "series" in d;
export const isPivotData = (d: WidgetData): d is { rows: unknown[]; columns: unknown[]; cells: (number | null)[][] } =>
  "cells" in d;
export const isListData = (d: WidgetData): d is { list: Record<string, unknown>[] } => "list" in d;
