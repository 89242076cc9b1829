/**
 * A grid's group levels (issue 37) read from its grid columns, and the grid-column changes that
 * turn one list of levels into another. Rules:
 * - levels are the grid columns with `group_by`, by `group_by_order`; at most three;
 * - a change first turns off the levels that go (freeing their places: the server refuses a
 *   fourth), then writes each kept or new level whose place or direction differs; it is planned
 *   from the levels last asked for, so quick changes in a row do not plan from stale ones.
 */
import type { GridColumn } from "../../../api/view-types";

export const MAX_LEVELS = 3;

export type DateBucket = "day" | "month" | "year";

export interface GroupLevel {
  columnId: string;
  direction: "asc" | "desc";
  /** A date field grouped by its day, month or year; absent or null: by its value. */
  bucket?: DateBucket | null;
}

export function levelsOf(gridColumns: readonly GridColumn[] | null): GroupLevel[] {
  return (gridColumns ?? [])
    .filter((g) => g.group_by)
    .sort((a, b) => (a.group_by_order ?? 0) - (b.group_by_order ?? 0))
    .slice(0, MAX_LEVELS)
    .map((g) => ({
      columnId: g.fk_column_id,
      direction: g.group_by_sort === "desc" ? "desc" : "asc",
      bucket: g.group_by_bucket ?? null,
    }));
}

export interface LevelPatch {
  gridColumnId: string;
  body: {
    group_by: boolean;
    group_by_order?: number;
    group_by_sort?: "asc" | "desc";
    group_by_bucket?: DateBucket | null;
  };
}

/**
 * The grid-column patches, in order, from the levels `before` (the last ones asked for: the
 * stored ones may not have been read again yet) to `next`.
 */
export function levelPatches(
  gridColumns: readonly GridColumn[],
  before: readonly GroupLevel[],
  next: readonly GroupLevel[],
): LevelPatch[] {
  const byColumn = new Map(gridColumns.map((g) => [g.fk_column_id, g]));
  const off = before
    .filter((l) => !next.some((n) => n.columnId === l.columnId))
    .flatMap((l) => {
      const g = byColumn.get(l.columnId);
      return g ? [{ gridColumnId: g.id, body: { group_by: false } }] : [];
    });
  const on = next.slice(0, MAX_LEVELS).flatMap((l, i) => {
    const g = byColumn.get(l.columnId);
    const was = before.findIndex((b) => b.columnId === l.columnId);
    const same =
      was === i && before[was]!.direction === l.direction && (before[was]!.bucket ?? null) === (l.bucket ?? null);
    if (!g || same) return [];
    return [
      {
        gridColumnId: g.id,
        body: { group_by: true, group_by_order: i + 1, group_by_sort: l.direction, group_by_bucket: l.bucket ?? null },
      },
    ];
  });
  return [...off, ...on];
}
