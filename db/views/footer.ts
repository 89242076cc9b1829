import { z } from "zod";
import type { Stored } from "../fields/types";
import type { AggregateRow, AggregateSpec } from "../query/compile-aggregate";
import { measureValues, type GroupMeasure } from "../query/compile-group";

/**
 * The grid's footer aggregates (issue 38): per column, one of these, computed in SQL over the
 * view's current filter (one `aggregate` read for all the columns: db/query/compile-aggregate.ts).
 * The choice per column is kept on the grid's view column (`aggregation` in its `vc_meta`, beside
 * group-by: no migration). Rules:
 * - empty means NULL (an empty text stored as '' counts as filled);
 * - percentages are of the rows the filter keeps (0 when there are none), rounded by the web;
 * - `percent_checked` is the share of rows whose checkbox (or number) is not 0.
 */
export const FOOTER_AGGREGATES = [
  "sum",
  "avg",
  "min",
  "max",
  "count_empty",
  "count_filled",
  "count_unique",
  "percent_empty",
  "percent_filled",
  "percent_checked",
] as const;
export type FooterAggregate = (typeof FOOTER_AGGREGATES)[number];

export const footerAggregate = z.enum(FOOTER_AGGREGATES, {
  error: `aggregation: must be one of ${FOOTER_AGGREGATES.join(", ")}, or null`,
});

export interface FooterItem {
  column: string;
  type: FooterAggregate;
}

/** `Amount:sum,Status:count_unique` (column title or id, then the aggregate), as the route takes it. */
export function parseFooterItems(text: string | undefined): FooterItem[] {
  const items = (text ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((part) => {
      const at = part.lastIndexOf(":");
      const type = footerAggregate.safeParse(at > 0 ? part.slice(at + 1) : "");
      if (at <= 0 || !type.success)
        throw new Error(`aggregations: '${part}' must be a field and one of ${FOOTER_AGGREGATES.join(", ")}`);
      return { column: part.slice(0, at), type: type.data };
    });
  if (items.length > 20) throw new Error("aggregations: at most 20 at a time");
  return items;
}

/** One aggregate statement for all the items: the row count first, then what each item needs. */
export function footerSpec(items: FooterItem[]): AggregateSpec {
  const y: AggregateSpec["y"] = [{ agg: "count" }];
  for (const { column, type } of items) {
    if (type === "sum" || type === "avg" || type === "min" || type === "max") y.push({ agg: type, column });
    else if (type === "count_unique") y.push({ agg: "count_distinct", column });
    else if (type === "percent_checked") y.push({ agg: "sum", column });
    else y.push({ agg: "count", column });
  }
  return { y };
}

/**
 * The same items per group of a group-by (issue 37: the grouped grid's headers), as the group-by
 * statement's measures: the group's own count stands for the row count.
 */
export function footerMeasures(items: FooterItem[]): GroupMeasure[] {
  return footerSpec(items)
    .y.slice(1)
    .map((y) => ({ fn: y.agg, column: y.column! }));
}

/** A group's items from its count and its measures' values (in the items' order). */
export function groupFooter(items: FooterItem[], count: number, measured: Stored[]) {
  return footerValues(items, [{ values: [count, ...measured] }]);
}

/**
 * A group row's extras: the `asked` first measures by alias (the MCP's sums) and, when footer
 * items were asked (their measures follow), the group's `aggregates` as the footer answers them.
 */
export function groupExtras(
  raw: Record<string, unknown>,
  compiled: { measures: string[]; kept: string[] },
  asked: number,
  items: FooterItem[] | undefined,
): Record<string, unknown> {
  const values = measureValues(raw, compiled.measures, compiled.kept);
  const own = Object.fromEntries(compiled.measures.slice(0, asked).map((a) => [a, values[a] ?? null]));
  if (!items?.length) return own;
  const measured = compiled.measures.slice(asked).map((a) => values[a] ?? null);
  return { ...own, aggregates: groupFooter(items, Number(raw.count ?? 0), measured) };
}

/** Each item's value from the statement's one row. */
export function footerValues(items: FooterItem[], rows: AggregateRow[]) {
  const values = rows[0]?.values ?? [];
  const total = Number(values[0] ?? 0);
  const pct = (n: number) => (total > 0 ? (n / total) * 100 : 0);
  return items.map((item, i) => {
    const v = values[i + 1] ?? null;
    const n = Number(v ?? 0);
    let value: Stored;
    switch (item.type) {
      case "count_empty":
        value = total - n;
        break;
      case "percent_empty":
        value = pct(total - n);
        break;
      case "percent_filled":
        value = pct(n);
        break;
      case "percent_checked":
        value = pct(n);
        break;
      default:
        value = v;
    }
    return { column: item.column, type: item.type, value };
  });
}

/** The footer part of a grid view column's answer. */
export function aggregationOf(meta: Record<string, unknown>): FooterAggregate | null {
  const r = footerAggregate.safeParse(meta.aggregation);
  return r.success ? r.data : null;
}
