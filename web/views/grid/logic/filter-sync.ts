/**
 * Saving the builder's filters to the view (filterAutoSave, or the Save button). Rules:
 * - Saved filters missing from the draft are deleted (a deleted group takes its children along,
 *   so they are not deleted one by one).
 * - Draft nodes with an id are patched when their stored fields differ from the saved ones.
 * - Draft nodes without an id are created, parents before children (a child needs its group's id).
 * - The answer maps each created node's key to its new id, so the draft can adopt the ids.
 */
import type { Filter } from "../../../api/view-types";
import { filterBody, type FilterNode } from "./filters";

export interface FilterSyncApi {
  create(body: Filter): Promise<Pick<Filter, "id">>;
  update(id: string, body: Filter): Promise<unknown>;
  remove(id: string): Promise<unknown>;
}

function flatten(
  nodes: readonly FilterNode[],
  parentId: string | null,
  out = new Map<string, { node: FilterNode; parentId: string | null }>(),
) {
  for (const n of nodes) {
    if (n.id) out.set(n.id, { node: n, parentId });
    flatten(n.children, n.id ?? null, out);
  }
  return out;
}

export async function syncFilters(
  saved: readonly FilterNode[],
  draft: readonly FilterNode[],
  api: FilterSyncApi,
): Promise<Map<string, string>> {
  const before = flatten(saved, null);
  const after = flatten(draft, null);
  const deleted = new Set([...before.keys()].filter((id) => !after.has(id)));
  for (const id of deleted) {
    const parent = before.get(id)!.parentId;
    if (parent && deleted.has(parent)) continue;
    await api.remove(id);
  }
  const created = new Map<string, string>();
  const walk = async (nodes: readonly FilterNode[], parentId: string | null) => {
    for (const n of nodes) {
      const body = filterBody(n, parentId);
      let id = n.id;
      if (!id) {
        const answer = await api.create(body);
        id = answer.id;
        if (id) created.set(n.key, id);
      } else {
        const old = before.get(id);
        if (!old || JSON.stringify(filterBody(old.node, old.parentId)) !== JSON.stringify(body))
          await api.update(id, body);
      }
      if (n.isGroup && id) await walk(n.children, id);
    }
  };
  await walk(draft, null);
  return created;
}

/** The draft with the ids of created nodes filled in. */
export function adoptIds(nodes: readonly FilterNode[], ids: ReadonlyMap<string, string>): FilterNode[] {
  return nodes.map((n) => ({ ...n, id: n.id ?? ids.get(n.key), children: adoptIds(n.children, ids) }));
}
