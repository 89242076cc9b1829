import type { ProjectStore } from "../store/store";
import { isNarrowed, narrowing } from "./narrow";
import type { Reader } from "./rules";

/**
 * The table meta a narrowed reader receives: hidden fields (and computed fields over them) are
 * left out, read-only ones carry `access: "read-only"`, so the web follows the meta and needs no
 * rules of its own. Builders get the meta unchanged.
 */
export function metaFor<T extends { id: string; columns: Array<{ id: string }> }>(store: ProjectStore, table: T, reader: Reader | null): T {
  if (!isNarrowed(store, table.id, reader)) return table;
  const n = narrowing(store, table.id, reader.role);
  const columns = table.columns.filter((c) => !n.hidden.has(c.id)).map((c) => (n.readOnly.has(c.id) ? { ...c, access: "read-only" } : c));
  const byId = (table as { columnsById?: unknown }).columnsById ? { columnsById: Object.fromEntries(columns.map((c) => [c.id, c])) } : {};
  return { ...table, columns, ...byId };
}
