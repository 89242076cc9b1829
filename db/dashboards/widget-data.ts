import { eq } from "drizzle-orm";
import { hiddenFromReader, readingAs } from "../access/narrow";
import type { Reader } from "../access/reader";
import type { ReadRequest } from "../data/requests";
import { bad, refused } from "../errors";
import {
  AGGREGATE_LIMIT_MAX,
  PIVOT_CELLS_MAX,
  PIVOT_COLUMNS_MAX,
  type AggregateRow,
  type AggregateSpec,
} from "../query/compile-aggregate";
import { columns, models, views } from "../store/schema";
import type { ProjectStore } from "../store/store";
import type { WidgetConfig } from "./inputs";
import type { WidgetJson } from "./store";

/**
 * A widget's data (issue 38): the widget's settings become one data-port read (an `aggregate`,
 * or a `list` for a record list) run as the caller reads, and its rows become the API's shapes:
 * - number: `{ value }`, with `previous` when `compare` is set;
 * - bar, line, area, pie: `{ series: [{ name, points: [{ x, y }] }] }`: one series per value of
 *   `series`, else one per aggregate (named by its field's title and the aggregate);
 * - pivot: `{ rows: [{ key, total }], columns: [{ key, total }], cells: [[...]], total }` with
 *   `cells[i][j]` the value at rows[i] × columns[j] (null: no records there), and `truncated`
 *   `{ rows, columns }` saying whether rows past `limit`, columns past PIVOT_COLUMNS_MAX or rows
 *   past the first PIVOT_CELLS_MAX cells were left out (the totals stay those of every record);
 * - records: the view's first page (`{ list, pageInfo }`); text: `{}`.
 * Before it runs, every table and field the widget names is checked: one deleted since is a 400
 * saying which (the widget stays, to be edited), one hidden from the reader's role a 403.
 */
export type WidgetRead =
  | { kind: "none" }
  | { kind: "aggregate"; req: Extract<ReadRequest, { op: "aggregate" }> }
  | { kind: "records"; req: Extract<ReadRequest, { op: "list" }> };

const CHART_TYPES = new Set(["bar", "line", "area", "pie"]);

/** The ids of fields a widget's settings name. */
function fieldIds(config: WidgetConfig): string[] {
  return [
    config.x?.column_id,
    config.series?.column_id,
    config.compare?.column_id,
    ...(config.y ?? []).map((y) => y.column_id),
    ...(config.filters ?? []).map((f) => f.fk_column_id),
  ].filter((id): id is string => !!id);
}

/** What the widget reads, checked against the schema and the reader's hidden fields. */
export function widgetRead(
  store: ProjectStore,
  w: WidgetJson,
  reader: Reader | null,
  timeZone: string,
  userId: string | undefined,
): WidgetRead {
  if (w.type === "text") return { kind: "none" };
  if (!w.table_id) throw bad(`The widget "${w.title}" names no table: edit it and pick one`);
  const table = store.meta.select().from(models).where(eq(models.id, w.table_id)).get();
  if (!table) throw bad(`The table the widget "${w.title}" reads was deleted: edit the widget and pick another`);
  if (w.view_id && !store.meta.select().from(views).where(eq(views.id, w.view_id)).get())
    throw bad(`The view the widget "${w.title}" reads was deleted: edit the widget and pick another`);
  const cols = new Map(
    store.meta
      .select()
      .from(columns)
      .where(eq(columns.modelId, table.id))
      .all()
      .map((c) => [c.id, c]),
  );
  const config = w.config;
  for (const id of fieldIds(config))
    if (!cols.has(id))
      throw bad(`A field the widget "${w.title}" reads was deleted (${id}): edit the widget and pick another`);
  const hidden = readingAs(store, reader, () => hiddenFromReader(store, table.id));
  for (const id of fieldIds(config))
    if (hidden.has(id))
      throw refused(`The widget "${w.title}" reads ${cols.get(id)!.title}, which is hidden from your role`);
  const caller = { userId: userId ?? null, builder: reader === null };
  const scope = {
    ...(w.view_id ? { view: w.view_id } : {}),
    ...(config.filters?.length ? { filterArrJson: JSON.stringify(config.filters) } : {}),
    caller,
  };
  if (w.type === "records")
    return {
      kind: "records",
      req: { op: "list", table: table.id, params: { limit: config.limit ?? 25, offset: 0 }, scope },
    };
  const y = config.y?.length ? config.y : [{ agg: "count" as const }];
  const spec: AggregateSpec = {
    y: y.map((v) => ({ agg: v.agg, ...(v.column_id ? { column: v.column_id } : {}) })),
    timeZone,
    ...(config.limit ? { limit: config.limit } : {}),
  };
  if (w.type === "number") {
    if (config.compare) spec.compare = { column: config.compare.column_id, period: config.compare.period };
  } else {
    if (!config.x) throw bad(`The widget "${w.title}" needs an x field (config.x.column_id)`);
    spec.x = { column: config.x.column_id, ...(config.x.bucket ? { bucket: config.x.bucket } : {}) };
    if (config.series) spec.series = { column: config.series.column_id };
    if (w.type === "pivot") {
      if (!config.series)
        throw bad(`The pivot "${w.title}" needs a series field for its columns (config.series.column_id)`);
      spec.pivot = true;
    } else if (!CHART_TYPES.has(w.type)) throw bad(`Unknown widget type: ${w.type}`);
  }
  return { kind: "aggregate", req: { op: "aggregate", table: table.id, spec, scope } };
}

type Key = AggregateRow["x"];

/** The aggregate's rows in the widget type's shape. */
export function widgetAnswer(w: WidgetJson, spec: AggregateSpec, rows: AggregateRow[], names: string[]) {
  if (w.type === "number") {
    const row = rows[0];
    const value = row?.values[0] ?? null;
    return spec.compare ? { value, previous: row?.previous?.[0] ?? null } : { value };
  }
  if (w.type === "pivot") return pivot(rows, spec.limit ?? AGGREGATE_LIMIT_MAX);
  if (spec.series) {
    const bySeries = new Map<string, { name: Key; points: { x: Key; y: AggregateRow["values"][number] }[] }>();
    for (const r of rows) {
      const key = JSON.stringify(r.series ?? null);
      let s = bySeries.get(key);
      if (!s) bySeries.set(key, (s = { name: r.series ?? null, points: [] }));
      s.points.push({ x: r.x ?? null, y: r.values[0] ?? null });
    }
    return { series: [...bySeries.values()] };
  }
  return {
    // `agg` and `column_id` let the web name the series in the reader's language.
    series: spec.y.map((y, i) => ({
      name: names[i] ?? null,
      agg: y.agg,
      column_id: y.column ?? null,
      points: rows.map((r) => ({ x: r.x ?? null, y: r.values[i] ?? null })),
    })),
  };
}

/** The pivot's rows as a table, cut to its bounds (compile-aggregate.ts asks one past each). */
export function pivot(rows: AggregateRow[], limit: number) {
  let rowKeys: { key: Key; total: unknown }[] = [];
  const colKeys: { key: Key; total: unknown }[] = [];
  const cellRows: AggregateRow[] = [];
  let total: unknown = null;
  for (const r of rows) {
    if (r.level === 0) cellRows.push(r);
    if (r.level === 1) rowKeys.push({ key: r.x ?? null, total: r.values[0] ?? null });
    if (r.level === 2) colKeys.push({ key: r.series ?? null, total: r.values[0] ?? null });
    if (r.level === 3) total = r.values[0] ?? null;
  }
  const truncated = { rows: rowKeys.length > limit, columns: colKeys.length > PIVOT_COLUMNS_MAX };
  rowKeys = rowKeys.slice(0, limit);
  colKeys.splice(PIVOT_COLUMNS_MAX);
  const ri = new Map(rowKeys.map((k, i) => [JSON.stringify(k.key), i]));
  if (cellRows.length > PIVOT_CELLS_MAX) {
    // Cells come ordered by row: the row of the last one read may lack some, and those after it all.
    const last = ri.get(JSON.stringify(cellRows[PIVOT_CELLS_MAX - 1]!.x ?? null)) ?? rowKeys.length;
    if (last < rowKeys.length) {
      rowKeys = rowKeys.slice(0, last);
      truncated.rows = true;
    }
  }
  const ci = new Map(colKeys.map((k, i) => [JSON.stringify(k.key), i]));
  const cells: unknown[][] = rowKeys.map(() => colKeys.map(() => null));
  for (const r of cellRows) {
    const i = ri.get(JSON.stringify(r.x ?? null));
    const j = ci.get(JSON.stringify(r.series ?? null));
    if (i !== undefined && i < rowKeys.length && j !== undefined) cells[i]![j] = r.values[0] ?? null;
  }
  return { rows: rowKeys, columns: colKeys, cells, total, truncated };
}

/** Each aggregate's name in a chart's legend: "Count", "Sum of Amount"... */
export function valueNames(store: ProjectStore, config: WidgetConfig): string[] {
  const y = config.y?.length ? config.y : [{ agg: "count" as const, column_id: undefined }];
  return y.map((v) => {
    const col = v.column_id ? store.meta.select().from(columns).where(eq(columns.id, v.column_id)).get() : undefined;
    return col ? `${v.agg} of ${col.title}` : v.agg;
  });
}
