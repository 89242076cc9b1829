import { quoteIdent } from "../schema/names";
import type { ProjectStore } from "../store/store";
import { dropAllGroupCounts, dropGroupCounts, isGroupCountsObject } from "./group-counts-names";

/**
 * The names of a table's trigram index (search-index.ts) and its triggers, and their removal. Apart
 * from the index's making so that the schema code (drops, type changes, the trash) can drop an
 * index before it drops a column or moves the table, without importing what reads tables.
 */
export const SEARCH_INDEX_PREFIX = "_nc_fts_";

export const searchIndexName = (tableName: string) => `${SEARCH_INDEX_PREFIX}${tableName}`;
export const searchTriggerName = (tableName: string, what: "i" | "u" | "d") => `${searchIndexName(tableName)}__${what}`;
/** The one-row table that says an index is still being filled in steps, and from where (search-index.ts). */
export const searchFillName = (tableName: string) => `${searchIndexName(tableName)}$fill`;

/**
 * Whether a schema object (the index, its shadow tables, its triggers) belongs to a search index,
 * or to a column's maintained group counts (group-counts.ts), which snapshots leave out the same way.
 */
export const isSearchIndexObject = (name: string) => name.startsWith(SEARCH_INDEX_PREFIX) || isGroupCountsObject(name);

/**
 * Drops the table's index and its triggers: before a column is dropped (SQLite refuses to drop a
 * column a trigger names), the table dropped or renamed into the trash. The next search rebuilds it.
 * The table's maintained group counts go too, for the same reasons (their triggers name columns).
 */
export function dropSearchIndex(store: ProjectStore, tableName: string) {
  dropGroupCounts(store, tableName);
  dropTextIndex(store, tableName);
}

/** The trigram index alone: its triggers, its FTS table and a fill's marker. */
export function dropTextIndex(store: ProjectStore, tableName: string) {
  for (const what of ["i", "u", "d"] as const)
    store.exec(`DROP TRIGGER IF EXISTS ${quoteIdent(searchTriggerName(tableName, what))}`);
  store.exec(`DROP TABLE IF EXISTS ${quoteIdent(searchIndexName(tableName))}`);
  store.exec(`DROP TABLE IF EXISTS ${quoteIdent(searchFillName(tableName))}`);
  store.schemaCache.delete(`search-index:${tableName}`);
}

/** Every search index of the project and its triggers, dropped (before a snapshot is loaded over it). */
export function dropAllSearchIndexes(store: ProjectStore) {
  dropAllGroupCounts(store);
  // The virtual tables only: their shadow tables go with them (dropping one alone is refused);
  // and the fill markers of indexes still being filled.
  const found = store.exec(
    "SELECT type, name FROM sqlite_master WHERE substr(name, 1, ?) = ? AND (type = 'trigger' OR sql LIKE 'CREATE VIRTUAL TABLE%' OR name LIKE '%$fill')",
    SEARCH_INDEX_PREFIX.length,
    SEARCH_INDEX_PREFIX,
  );
  for (const { type, name } of found)
    store.exec(`DROP ${type === "trigger" ? "TRIGGER" : "TABLE"} IF EXISTS ${quoteIdent(String(name))}`);
}
