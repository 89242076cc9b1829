import { quoteIdent } from "../schema/names";
import type { ProjectStore } from "../store/store";

/**
 * The names of a column's maintained group counts (group-counts.ts) and their removal, apart from
 * their making so that the schema code reaches them through dropSearchIndex (search-index-names.ts)
 * without importing what reads tables. Physical names hold only [a-z0-9_] (schema/names.ts), so
 * `$` separates the table from the column without any two pairs meeting in one name.
 */
export const GROUP_COUNTS_PREFIX = "_nc_grp_";

export const groupCountsName = (tableName: string, columnName: string) =>
  `${GROUP_COUNTS_PREFIX}${tableName}$${columnName}`;
export const groupTriggerName = (tableName: string, columnName: string, what: "i" | "u" | "d") =>
  `${groupCountsName(tableName, columnName)}$${what}`;

/**
 * The table's maintained row count (row-count.ts) lives among its group counts, under a name no
 * column can have (`*`), so that every path that drops a table's group counts drops it too.
 */
export const rowCountName = (tableName: string) => groupCountsName(tableName, "*");

export const isGroupCountsObject = (name: string) => name.startsWith(GROUP_COUNTS_PREFIX);

/** The schemaCache key of a table's column's checked group counts. */
export const groupCountsMark = (tableName: string, columnName: string) => `group-counts:${tableName}$${columnName}`;

/** Whether these objects stand in sqlite_master exactly as `sqls` (in the same order) make them. */
export function standAs(store: ProjectStore, names: readonly string[], sqls: readonly string[]): boolean {
  const have = new Map(
    store
      .exec(`SELECT name, sql FROM sqlite_master WHERE name IN (${names.map(() => "?").join(", ")})`, ...names)
      .map((r) => [String(r.name), String(r.sql)]),
  );
  return sqls.every((sql, i) => have.get(names[i]!) === sql);
}

/** Drops the group counts named by these rows of sqlite_master: triggers first, then their tables. */
function dropFound(store: ProjectStore, found: Record<string, unknown>[]) {
  for (const { type, name } of found)
    if (type === "trigger") store.exec(`DROP TRIGGER IF EXISTS ${quoteIdent(String(name))}`);
  for (const { type, name } of found)
    if (type === "table") store.exec(`DROP TABLE IF EXISTS ${quoteIdent(String(name))}`);
  for (const key of [...store.schemaCache.keys()]) if (key.startsWith("group-counts:")) store.schemaCache.delete(key);
}

/**
 * Every group count of a table with its triggers: before a column is dropped (SQLite refuses to
 * drop a column a trigger names), the table dropped or renamed into the trash, or the table grown
 * by more rows than a rebuild costs (`keepRows`: the row count stays then, as its trigger costs an
 * insert next to nothing, row-count.ts). The next group-by makes them again.
 */
export function dropGroupCounts(store: ProjectStore, tableName: string, keepRows = false) {
  const prefix = `${GROUP_COUNTS_PREFIX}${tableName}$`;
  const rows = rowCountName(tableName);
  const found = store.exec(
    "SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'table') AND substr(name, 1, ?) = ?",
    prefix.length,
    prefix,
  );
  const owner = (r: Record<string, unknown>) => (r.type === "table" ? String(r.name) : String(r.name).slice(0, -2));
  dropFound(store, keepRows ? found.filter((r) => owner(r) !== rows) : found);
}

/** Every group count of the project (before a snapshot is loaded over it). */
export function dropAllGroupCounts(store: ProjectStore) {
  dropFound(
    store,
    store.exec(
      "SELECT type, name FROM sqlite_master WHERE type IN ('trigger', 'table') AND substr(name, 1, ?) = ?",
      GROUP_COUNTS_PREFIX.length,
      GROUP_COUNTS_PREFIX,
    ),
  );
}
