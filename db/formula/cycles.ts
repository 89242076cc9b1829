/**
 * Formula columns may use other formula columns, but never in a circle. Given each formula
 * column's referenced column ids, findCycle returns the first circle found (in the map's order),
 * named by titles when given: `Formula cycle: A → B → A`, or null. A column using itself is a
 * circle of one: `Formula cycle: A → A`. Ids that are not formula columns end a path.
 */
export interface Cycle {
  ids: string[];
  message: string;
}

export function findCycle(
  refs: ReadonlyMap<string, readonly string[]> | Readonly<Record<string, readonly string[]>>,
  titleOf: (id: string) => string | undefined = () => undefined,
): Cycle | null {
  const edges = refs instanceof Map ? refs : new Map(Object.entries(refs));
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];

  const visit = (id: string): string[] | null => {
    if (state.get(id) === "done" || !edges.has(id)) return null;
    if (state.get(id) === "open") return [...path.slice(path.indexOf(id)), id];
    state.set(id, "open");
    path.push(id);
    for (const next of edges.get(id) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    path.pop();
    state.set(id, "done");
    return null;
  };

  for (const id of edges.keys()) {
    const ids = visit(id);
    if (ids) return { ids, message: `Formula cycle: ${ids.map((i) => titleOf(i) ?? i).join(" → ")}` };
  }
  return null;
}
