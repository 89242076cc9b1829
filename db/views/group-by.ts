import { and, eq, ne } from "drizzle-orm";
import { bad } from "../errors";
import { canGroupBy, fieldType } from "../fields/registry";
import { columns, viewColumns, type ViewColumnRow, type ViewRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { aggregationOf, type FooterAggregate } from "./footer";

/**
 * A grid's group-by levels (issue 37), kept on its view columns as NocoDB keeps them
 * (`group_by`, `group_by_order`, `group_by_sort` on a grid view column). They live in the view
 * column's `vc_meta` JSON, which grids leave unused (forms keep their question settings there),
 * so no migration is needed. Editors change them as they change sorts (`PATCH /grid-columns/{id}`).
 */

/** At most three levels, as NocoDB's community edition. */
export const MAX_GROUP_LEVELS = 3;

export interface GroupBySetting {
  group_by: boolean;
  group_by_order: number | null;
  group_by_sort: "asc" | "desc" | null;
  /** A date field grouped by its day, month or year (db/query/compile-group.ts); null: by its value. */
  group_by_bucket: DateBucketName | null;
}

export const BUCKETS = ["day", "month", "year"] as const;
export type DateBucketName = (typeof BUCKETS)[number];
const isBucket = (v: unknown): v is DateBucketName => (BUCKETS as readonly unknown[]).includes(v);

const parse = (text: string | null): Record<string, unknown> => {
  try {
    const v: unknown = JSON.parse(text || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

/** The group-by part of a view column's answer. */
export function groupByOf(vc: Pick<ViewColumnRow, "vcMeta">): GroupBySetting {
  const m = parse(vc.vcMeta);
  const on = m.group_by === true;
  return {
    group_by: on,
    group_by_order: on && typeof m.group_by_order === "number" ? m.group_by_order : null,
    group_by_sort: on ? (m.group_by_sort === "desc" ? "desc" : "asc") : null,
    group_by_bucket: on && isBucket(m.group_by_bucket) ? m.group_by_bucket : null,
  };
}

/** The grid footer's aggregate of the column (db/views/footer.ts), kept in the same `vc_meta`. */
export function footerOf(vc: Pick<ViewColumnRow, "vcMeta">): { aggregation: FooterAggregate | null } {
  return { aggregation: aggregationOf(parse(vc.vcMeta)) };
}

/** `vc_meta` with the footer's aggregate set (null: removed). */
export function withAggregation(vcMeta: string | null, aggregation: FooterAggregate | null): string {
  const meta = parse(vcMeta);
  if (aggregation) meta.aggregation = aggregation;
  else delete meta.aggregation;
  return JSON.stringify(meta);
}

export interface GroupByInput {
  group_by?: boolean | number;
  group_by_order?: number;
  group_by_sort?: "asc" | "desc";
  group_by_bucket?: DateBucketName | null;
}

/**
 * The view column's new `vc_meta` after a group-by change, or undefined when the input has none.
 * Refuses a non-grid view, a field that cannot group, and a fourth level.
 */
export function groupByMeta(
  store: ProjectStore,
  view: ViewRow,
  row: ViewColumnRow,
  input: GroupByInput,
): string | undefined {
  if (
    input.group_by === undefined &&
    input.group_by_order === undefined &&
    input.group_by_sort === undefined &&
    input.group_by_bucket === undefined
  ) {
    return undefined;
  }
  if (view.type !== 3) throw bad("group_by: only a grid view groups its records");
  const current = groupByOf(row);
  const on = input.group_by === undefined ? current.group_by : Boolean(input.group_by);
  const meta = parse(row.vcMeta);
  if (!on) {
    delete meta.group_by;
    delete meta.group_by_order;
    delete meta.group_by_sort;
    delete meta.group_by_bucket;
    return JSON.stringify(meta);
  }
  const col = store.meta.select().from(columns).where(eq(columns.id, row.columnId)).get();
  if (!col || !canGroupBy(col.uidt))
    throw bad(`group_by: records cannot be grouped by '${col?.title ?? row.columnId}'`);
  if (!current.group_by) {
    const others = store.meta
      .select({ vcMeta: viewColumns.vcMeta })
      .from(viewColumns)
      .where(and(eq(viewColumns.viewId, row.viewId), ne(viewColumns.id, row.id)))
      .all()
      .filter((o) => groupByOf(o).group_by).length;
    if (others >= MAX_GROUP_LEVELS) throw bad(`group_by: a grid groups by at most ${MAX_GROUP_LEVELS} fields`);
  }
  const bucket = input.group_by_bucket === undefined ? current.group_by_bucket : input.group_by_bucket;
  const kind = fieldType(col.uidt)?.kind;
  if (bucket && kind !== "date" && kind !== "datetime")
    throw bad(`group_by_bucket: '${col.title}' is not a Date or DateTime field`);
  const order = input.group_by_order ?? current.group_by_order ?? MAX_GROUP_LEVELS;
  if (!Number.isInteger(order) || order < 1 || order > MAX_GROUP_LEVELS) {
    throw bad(`group_by_order: must be a whole number from 1 to ${MAX_GROUP_LEVELS}`);
  }
  return JSON.stringify({
    ...meta,
    group_by: true,
    group_by_order: order,
    group_by_sort: input.group_by_sort ?? current.group_by_sort ?? "asc",
    group_by_bucket: bucket ?? undefined,
  });
}
