/**
 * Multi-sort (API-CONTRACT 4.7): an ordered list of column + direction. Rules:
 * - A column appears at most once; sorting by it again replaces its direction in place.
 * - `sortArrJson` carries the list in order; the server adds the key as the final tiebreak.
 * - Saving deletes removed sorts, patches changed ones and creates new ones at the end.
 */
import type { Sort } from "../../../api/view-types";
import { newKey } from "./filters";

export interface SortItem {
  key: string;
  id?: string;
  columnId: string;
  direction: "asc" | "desc";
}

export function fromSavedSorts(sorts: readonly Sort[]): SortItem[] {
  return [...sorts]
    .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
    .map((s) => ({
      key: s.id ?? newKey(),
      id: s.id,
      columnId: s.fk_column_id,
      direction: s.direction === "desc" ? "desc" : "asc",
    }));
}

export function toSortArr(items: readonly SortItem[]): Sort[] {
  return items.map((s) => ({ fk_column_id: s.columnId, direction: s.direction }));
}

export const sameSorts = (a: readonly SortItem[], b: readonly SortItem[]) =>
  JSON.stringify(toSortArr(a)) === JSON.stringify(toSortArr(b));

export function sortBy(items: readonly SortItem[], columnId: string, direction: "asc" | "desc"): SortItem[] {
  const i = items.findIndex((s) => s.columnId === columnId);
  if (i < 0) return [...items, { key: newKey(), columnId, direction }];
  return items.map((s, j) => (j === i ? { ...s, direction } : s));
}

export interface SortSyncApi {
  create(body: Sort): Promise<Sort>;
  update(id: string, body: Partial<Sort>): Promise<unknown>;
  remove(id: string): Promise<unknown>;
}

export async function syncSorts(
  saved: readonly SortItem[],
  draft: readonly SortItem[],
  api: SortSyncApi,
): Promise<Map<string, string>> {
  const keep = new Set(draft.map((s) => s.id).filter(Boolean));
  for (const s of saved) if (s.id && !keep.has(s.id)) await api.remove(s.id);
  const created = new Map<string, string>();
  for (const s of draft) {
    const old = saved.find((o) => o.id && o.id === s.id);
    if (!s.id) {
      const answer = await api.create({ fk_column_id: s.columnId, direction: s.direction });
      if (answer.id) created.set(s.key, answer.id);
    } else if (old && (old.columnId !== s.columnId || old.direction !== s.direction)) {
      await api.update(s.id, { fk_column_id: s.columnId, direction: s.direction });
    }
  }
  return created;
}
