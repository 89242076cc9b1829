import { hiddenFromReader } from "../access/narrow";
import { bad, missing } from "../errors";
import type { ColumnRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import { columnOfTable, findView, tableColumns } from "./lookup";

/**
 * Saved filters and sorts on a field hidden from the reader (db/access, issue #32 N7): a builder's
 * filter there still applies (scope.ts), but to the reader it does not exist: not listed, not
 * found by id, and the field is no column of the table to them, so they cannot name it in a new
 * filter or sort and read its values back through the rows one guess at a time.
 */
export function readerColumn(store: ProjectStore, modelId: string, columnId: unknown, field: string): ColumnRow {
  const c = columnOfTable(tableColumns(store, modelId), columnId, field);
  if (hiddenFromReader(store, modelId).has(c.id))
    throw bad(`${field}: column '${String(columnId)}' is not a column of this table`);
  return c;
}

/** The settings of a view the reader may see: those not on a field hidden from them. */
export function visibleSettings<T extends { columnId: string | null }>(store: ProjectStore, viewId: string, rows: T[]) {
  const hidden = hiddenFromReader(store, findView(store, viewId).modelId);
  return hidden.size ? rows.filter((r) => !r.columnId || !hidden.has(r.columnId)) : rows;
}

/** A saved filter or sort by id, "not found" (`what`) when it is on a field hidden from the reader. */
export function visibleSetting<T extends { columnId: string | null; viewId: string | null }>(
  row: T,
  store: ProjectStore,
  what: string,
): T {
  if (row.viewId && visibleSettings(store, row.viewId, [row]).length === 0) throw missing(`${what} not found`);
  return row;
}
