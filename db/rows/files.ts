import { fieldType } from "../fields/registry";
import type { Stored, UIType } from "../fields/types";
import { quoteIdent } from "../schema/names";
import { findColumn } from "../schema/columns";
import { findModel, modelColumns } from "../schema/tables";
import type { ColumnRow } from "../store/schema";
import type { ProjectStore } from "../store/store";
import type { RowColumn } from "./row-codec";

/**
 * Uploaded files named by rows, found in SQL so that deleting a record, a field or a table can
 * remove them from storage once the delete has committed. The field registry says which types
 * hold files (`storedFiles`); the values are read in one statement per column, never per row.
 */

/** Collects `download/...` paths while rows are deleted (write.ts reads them from RETURNING). */
export type FileSink = string[];

const holdsFiles = (uidt: string) => Boolean(fieldType(uidt as UIType)?.storedFiles);

export function fileColumns(cols: RowColumn[]): RowColumn[] {
  return cols.filter((c) => c.type.storedFiles);
}

/** Adds the paths named by the values of these columns in one row. */
export function collectFiles(sink: FileSink, cols: RowColumn[], raw: Record<string, Stored>) {
  for (const c of cols) sink.push(...c.type.storedFiles!(raw[c.columnName] ?? null));
}

function columnFiles(store: ProjectStore, tableName: string, col: ColumnRow): string[] {
  if (!col.columnName || !holdsFiles(col.uidt)) return [];
  const name = quoteIdent(col.columnName);
  const type = fieldType(col.uidt as UIType)!;
  const out: string[] = [];
  // Only cells that name an upload: URL-only values hold nothing to remove.
  for (const r of store.exec(`SELECT ${name} AS v FROM ${quoteIdent(tableName)} WHERE ${name} LIKE '%download/%'`)) {
    out.push(...type.storedFiles!(r.v ?? null));
  }
  return out;
}

/** Files held by one field, read before the field is dropped. */
export function filesOfColumn(store: ProjectStore, columnId: string): string[] {
  const col = findColumn(store, columnId);
  if (!holdsFiles(col.uidt)) return [];
  return columnFiles(store, findModel(store, col.modelId).tableName, col);
}

/** Files held by every field of a table, read before the table is dropped. */
export function filesOfTable(store: ProjectStore, tableId: string): string[] {
  const model = findModel(store, tableId);
  return modelColumns(store, model.id).flatMap((c) => columnFiles(store, model.tableName, c));
}
