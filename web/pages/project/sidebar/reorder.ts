/**
 * Moving a table up or down in the sidebar. The server keeps one `order` number per table
 * (POST /tables/{id}/reorder), so after the move every table whose position no longer matches
 * its number gets position + 1. Only the changed ones are sent.
 */
export interface Ordered {
  id: string;
  order: number;
}

export function moveTable<T extends Ordered>(tables: readonly T[], id: string, delta: -1 | 1): T[] {
  const from = tables.findIndex((t) => t.id === id);
  const to = from + delta;
  if (from === -1 || to < 0 || to >= tables.length) return [...tables];
  const next = [...tables];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** The reorder calls that make `ordered` the stored order. */
export function reorderPlan(ordered: readonly Ordered[]): Ordered[] {
  return ordered.flatMap((t, i) => (t.order === i + 1 ? [] : [{ id: t.id, order: i + 1 }]));
}
