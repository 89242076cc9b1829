import { quoteIdent as Q } from "../schema/names";
import { modelColumns } from "../schema/tables";
import type { ProjectStore } from "../store/store";
import type { TableRef } from "./table-ref";

/**
 * A record's display value as text (its table's display-value field, as a link cell shows it),
 * for history entries that name the record: taken when the entry is written, so it survives
 * the record's later renaming or deletion. A computed display field, or an empty value, gives
 * the record's id.
 */
export function displayText(store: ProjectStore, t: TableRef, id: number): string {
  const pvId = modelColumns(store, t.model.id).find((c) => c.pv)?.id;
  const col = t.cols.find((c) => c.id === pvId);
  const key = t.cols.find((c) => c.pk);
  if (!col || !key) return String(id);
  const [raw] = store.exec(
    `SELECT ${Q(col.columnName)} AS v FROM ${Q(t.model.tableName)} WHERE ${Q(key.columnName)} = ?`,
    id,
  );
  const value = col.type.toApi(raw?.v ?? null, col.ctx);
  if (value === null || value === undefined || value === "") return String(id);
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}
