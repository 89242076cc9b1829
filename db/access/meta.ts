import type { ProjectStore } from "../store/store";
import { isNarrowed, narrowing } from "./narrow";
import type { Reader } from "./rules";

/**
 * The table meta a narrowed reader receives: hidden fields (and computed fields over them) are
 * left out, read-only ones carry `access: "read-only"`, so the web follows the meta and needs no
 * rules of its own. Builders get the meta unchanged.
 */
export function metaFor<T extends { id: string; columns: Array<{ id: string }> }>(
  store: ProjectStore,
  table: T,
  reader: Reader | null,
): T {
  if (!isNarrowed(store, table.id, reader)) return table;
  const n = narrowing(store, table.id, reader.role);
  const columns = table.columns
    .filter((c) => !n.hidden.has(c.id))
    .map((c) => (n.readOnly.has(c.id) ? { ...c, access: "read-only" } : c));
  const byId = (table as { columnsById?: unknown }).columnsById
    ? { columnsById: Object.fromEntries(columns.map((c) => [c.id, c])) }
    : {};
  return { ...table, columns, ...byId };
}

/**
 * Row history without what a reader may not see: changes of hidden fields are dropped from each
 * entry's details and from its "changed A, B" description; an entry left with no change goes.
 */
export function auditWithout<T extends { details?: unknown; description?: string | null; op_sub_type?: string | null }>(
  entries: T[],
  denied: Map<string, "hidden" | "read-only"> | undefined,
): T[] {
  const hidden = new Set([...(denied ?? [])].filter(([, mode]) => mode === "hidden").map(([name]) => name));
  if (!hidden.size) return entries;
  return entries.flatMap((e) => {
    const raw = typeof e.details === "string" ? (JSON.parse(e.details) as unknown) : e.details;
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return [e];
    const kept = Object.entries(raw as Record<string, unknown>).filter(([title]) => !hidden.has(title));
    if (kept.length === Object.keys(raw).length) return [e];
    if (!kept.length) return [];
    const details = Object.fromEntries(kept);
    return [
      {
        ...e,
        details: typeof e.details === "string" ? JSON.stringify(details) : details,
        // A restored version keeps its own description; others name what is left.
        description: e.description?.startsWith("changed ")
          ? `changed ${kept.map(([t]) => t).join(", ")}`
          : e.description,
      },
    ];
  });
}
