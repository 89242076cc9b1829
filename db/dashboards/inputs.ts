import { z } from "zod";
import { AGGREGATES, AGGREGATE_LIMIT_MAX, DATE_BUCKETS, PERIODS } from "../query/compile-aggregate";

/**
 * The dashboards' API bodies (issue 38 "API (the contract)"), checked once here: the routes
 * validate with them and the room stores what they let through.
 */
export const WIDGET_TYPES = ["number", "bar", "line", "area", "pie", "pivot", "records", "text"] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

const id = z.string().min(1).max(64);

export const widgetFilter = z.object({
  fk_column_id: id,
  comparison_op: z.string().min(1).max(40),
  comparison_sub_op: z.string().max(40).nullable().optional(),
  value: z
    .union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()])), z.null()])
    .optional(),
  logical_op: z.enum(["and", "or", "not"]).optional(),
});

/**
 * A widget's settings. `x`: the group (or date bucket) of a chart, the rows of a pivot; `series`:
 * the second group (stacks, lines, the pivot's columns); `y`: the aggregates; `compare` (number
 * widgets): the value over the current period of a date field and `previous` over the one before;
 * `markdown`: a text widget's text; `stacked`, `donut`: how the web draws it.
 */
export const widgetConfig = z
  .object({
    x: z.object({ column_id: id, bucket: z.enum(DATE_BUCKETS).optional() }).optional(),
    y: z
      .array(z.object({ column_id: id.optional(), agg: z.enum(AGGREGATES) }))
      .max(10)
      .optional(),
    series: z.object({ column_id: id }).optional(),
    filters: z.array(widgetFilter).max(50).optional(),
    limit: z.number().int().min(1).max(AGGREGATE_LIMIT_MAX).optional(),
    compare: z.object({ column_id: id, period: z.enum(PERIODS) }).optional(),
    markdown: z.string().max(20_000).optional(),
    stacked: z.boolean().optional(),
    donut: z.boolean().optional(),
  })
  .passthrough();
export type WidgetConfig = z.infer<typeof widgetConfig>;

export const widgetPosition = z.object({
  x: z.number().int().min(0).max(1000),
  y: z.number().int().min(0).max(100_000),
  w: z.number().int().min(1).max(1000),
  h: z.number().int().min(1).max(1000),
});
export type WidgetPosition = z.infer<typeof widgetPosition>;

export const widgetInput = z.object({
  type: z.enum(WIDGET_TYPES, { error: `type: must be one of ${WIDGET_TYPES.join(", ")}` }),
  title: z.string().max(255).optional(),
  table_id: id.optional(),
  view_id: id.nullable().optional(),
  config: widgetConfig.optional(),
  position: widgetPosition.optional(),
});
export type WidgetInput = z.infer<typeof widgetInput>;

export const widgetUpdateInput = widgetInput.partial();
export type WidgetUpdateInput = z.infer<typeof widgetUpdateInput>;

export const dashboardInput = z.object({
  title: z.string().trim().min(1, "title: must not be empty").max(255),
  /** IANA time zone of the dashboard's date buckets and periods (default UTC). */
  time_zone: z.string().max(64).optional(),
});

export const dashboardUpdateInput = z.object({
  title: z.string().trim().min(1, "title: must not be empty").max(255).optional(),
  order: z.number().optional(),
  time_zone: z.string().max(64).optional(),
  /** The web's own layout settings (columns, row height...), kept as given. */
  layout: z.record(z.string(), z.unknown()).optional(),
});
export type DashboardInput = z.infer<typeof dashboardInput>;
export type DashboardUpdateInput = z.infer<typeof dashboardUpdateInput>;
