import { linkOptions } from "../schema/links";
import { modelColumns } from "../schema/tables";
import type { ProjectStore } from "../store/store";
import { exists } from "./api";
import { tableRef } from "./table-ref";
import { isLink } from "../fields/registry";

type LinkChange = { linked?: { id: number; title: string }; unlinked?: { id: number; title: string } };
type Entry = { description?: string | null; details?: unknown };

/**
 * Link entries (db/rows/links.ts) as the store's reader may see them: an entry names the linked
 * record by its display value, which a narrowed reader sees only for a record within its row
 * rule of the linked table and a display field not hidden from it; otherwise the entry names the
 * record by its id, as link entries always did (for a narrowed table, a deleted record too: its
 * rule can no longer be checked).
 */
export function linkTitlesForReader<T extends Entry>(store: ProjectStore, tableId: string, entries: T[]): T[] {
  const cols = modelColumns(store, tableId);
  const seen = new Map<string, boolean>();
  const visible = (relatedId: string, id: number) => {
    const key = `${relatedId}\u0000${id}`;
    if (!seen.has(key)) {
      let ok = false;
      try {
        const related = tableRef(store, relatedId);
        const pv = modelColumns(store, related.model.id).find((c) => c.pv);
        const access = related.access;
        ok =
          !access ||
          ((!pv || access.denied.get(pv.title) !== "hidden") && (!access.rule || exists(store, relatedId, String(id))));
      } catch {
        ok = false;
      }
      seen.set(key, ok);
    }
    return seen.get(key)!;
  };
  return entries.map((e) => {
    if (!e.details || typeof e.details !== "object" || Array.isArray(e.details)) return e;
    const [title, change] = Object.entries(e.details as Record<string, LinkChange>)[0] ?? [];
    const verb = change?.linked ? "linked" : change?.unlinked ? "unlinked" : null;
    const col = cols.find((c) => c.title === title && isLink(c.uidt));
    if (!verb || !col) return e;
    const record = change![verb]!;
    if (visible(linkOptions(col).fk_related_model_id, record.id)) return e;
    return {
      ...e,
      description: `${verb} ${title} ${record.id}`,
      details: { [title!]: { [verb]: { id: record.id, title: String(record.id) } } },
    };
  });
}
