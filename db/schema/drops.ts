import { quoteIdent } from "./names";
import type { ProjectStore } from "../store/store";
import { dropSearchIndex } from "../rows/search-index-names";

/**
 * What a schema delete does with the stored data it no longer names: a column of a table, or a
 * whole table (and a link's junction table). Dropping is the default; the trash (db/trash) keeps
 * them aside under a trash name instead, so a restore gets the very same data back in O(1).
 * The callers drop the column's indexes first (their names would clash with a new column's).
 */
export interface Drops {
  column(store: ProjectStore, table: { id: string; tableName: string }, columnName: string): void;
  table(store: ProjectStore, table: { id: string; tableName: string }): void;
}

export const dropNow: Drops = {
  column(store, table, columnName) {
    dropSearchIndex(store, table.tableName);
    store.exec(`ALTER TABLE ${quoteIdent(table.tableName)} DROP COLUMN ${quoteIdent(columnName)}`);
  },
  table(store, table) {
    dropSearchIndex(store, table.tableName);
    store.exec(`DROP TABLE IF EXISTS ${quoteIdent(table.tableName)}`);
  },
};
