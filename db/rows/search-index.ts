import { fieldType } from "../fields/registry";
import { toTree, type WhereNode } from "../query";
import { indexTerm, type TextIndex } from "../query/text-index";
import { quoteIdent } from "../schema/names";
import type { ProjectStore } from "../store/store";
import { dropSearchIndex, searchIndexName, searchTriggerName } from "./search-index-names";
import type { TableRef } from "./table-ref";

/**
 * The trigram index of a table's text fields (issue 36: search that does not scan). Rules:
 * - One FTS5 table per user table (`_nc_fts_<table>`, contentless, `tokenize='trigram'`, which
 *   folds case; `detail=column`: no positions, so queries AND a term's trigrams, and the build and
 *   every write cost about half of what full detail costs), one column per field the search box matches with like (the registry's `search`),
 *   rowid = the row's INTEGER PRIMARY KEY. Three triggers on the user table keep it in step inside
 *   the very statement that writes a row, so every write path (API, import, trash restore,
 *   formulas, snapshots loaded and written again) keeps it without knowing of it.
 * - Made lazily: on the first read whose filter has a like the index can answer, on a table of at
 *   least BUILD_ROWS rows (below that the scan is as fast, and small tables pay no trigger cost).
 * - Current means: the FTS table and its triggers are exactly what this code would write for the
 *   table's fields now (checked once per schema generation, the store's schemaCache). Anything
 *   else (a field added, renamed, retyped, deleted or restored) drops it; the next search builds
 *   it again. The schema code drops it before a column is dropped or the table renamed away
 *   (dropSearchIndex): SQLite refuses to drop a column a trigger names.
 * - Snapshots and exports leave it out (db/project/dump.ts): it is rebuilt after a load.
 */
/** Below this many rows a table is searched by scanning it. */
export const BUILD_ROWS = 5_000;

const indexName = searchIndexName;
const triggerName = searchTriggerName;
/** An index column per field: `f_` + the field's column, never FTS5's reserved `rank` or `rowid`. */
const indexColumn = (columnName: string) => `f_${columnName}`;

/** Column names of the fields the search box matches with like: those the index holds. */
function searchableColumns(t: TableRef): string[] {
  return t.cols
    .filter((c) => !c.pk && fieldType(c.uidt)?.search === "like" && fieldType(c.uidt)?.filterOps.includes("like"))
    .map((c) => c.columnName)
    .sort();
}

/** The statements that make the index of `tableName` over `columns`, keyed by `key`. */
function definition(tableName: string, key: string, columns: readonly string[]) {
  const fts = quoteIdent(indexName(tableName));
  const table = quoteIdent(tableName);
  const cols = columns.map((c) => quoteIdent(indexColumn(c))).join(", ");
  const values = (row: "new" | "old") => columns.map((c) => `${row}.${quoteIdent(c)}`).join(", ");
  const insert = `INSERT INTO ${fts} (rowid, ${cols}) VALUES (new.${quoteIdent(key)}, ${values("new")});`;
  const remove = `DELETE FROM ${fts} WHERE rowid = old.${quoteIdent(key)};`;
  return {
    create: `CREATE VIRTUAL TABLE ${fts} USING fts5(${cols}, content='', contentless_delete=1, detail=column, tokenize='trigram case_sensitive 0')`,
    triggers: [
      `CREATE TRIGGER ${quoteIdent(triggerName(tableName, "i"))} AFTER INSERT ON ${table} BEGIN ${insert} END`,
      `CREATE TRIGGER ${quoteIdent(triggerName(tableName, "u"))} AFTER UPDATE OF ${quoteIdent(key)}, ${columns.map(quoteIdent).join(", ")} ON ${table} BEGIN ${remove} ${insert} END`,
      `CREATE TRIGGER ${quoteIdent(triggerName(tableName, "d"))} AFTER DELETE ON ${table} BEGIN ${remove} END`,
    ],
    fill: `INSERT INTO ${fts} (rowid, ${cols}) SELECT ${quoteIdent(key)}, ${columns.map(quoteIdent).join(", ")} FROM ${table}`,
  };
}

/** The table's INTEGER PRIMARY KEY (its rowid), or null: the index's rowid must be the row's key. */
function rowidKey(store: ProjectStore, tableName: string): string | null {
  const keys = store.exec("SELECT name, type FROM pragma_table_info(?) WHERE pk > 0", tableName);
  return keys.length === 1 && String(keys[0]!.type).toUpperCase() === "INTEGER" ? String(keys[0]!.name) : null;
}

/** Whether the filter has a like the index could answer (a term of 3+ characters, no wildcard inside). */
function wantsIndex(node: WhereNode | null, searchable: ReadonlySet<string>): boolean {
  // Under NOT the compiler leaves the index out (compile-where.ts), so such a like needs none.
  if (!node || node.logicalOp === "not") return false;
  if (node.type === "group") return node.children.some((c) => wantsIndex(c, searchable));
  return (
    node.type === "cond" &&
    node.op === "like" &&
    searchable.has(node.column) &&
    node.value !== undefined &&
    indexTerm(node.value) !== null
  );
}

/** The index as it stands, when it is exactly what the table's fields need now; else null. */
function currentIndex(store: ProjectStore, tableName: string, key: string, columns: readonly string[]) {
  const want = definition(tableName, key, columns);
  const have = new Map(
    store
      .exec(
        "SELECT name, sql FROM sqlite_master WHERE name IN (?, ?, ?, ?)",
        indexName(tableName),
        triggerName(tableName, "i"),
        triggerName(tableName, "u"),
        triggerName(tableName, "d"),
      )
      .map((r) => [String(r.name), String(r.sql)]),
  );
  const same =
    have.get(indexName(tableName)) === want.create &&
    (["i", "u", "d"] as const).every((w, i) => have.get(triggerName(tableName, w)) === want.triggers[i]);
  return { same, any: have.size > 0, want };
}

/**
 * The table's index for a read with this filter: the current one, or one built now (one
 * transaction) when the filter can use it and the table is big enough; else undefined (scan).
 */
export function ensureSearchIndex(
  store: ProjectStore,
  t: TableRef,
  where: string | WhereNode | null | undefined,
): TextIndex | undefined {
  const tableName = t.model.tableName;
  const cacheKey = `search-index:${tableName}`;
  const known = store.schemaCache.get(cacheKey) as TextIndex | undefined;
  if (known) return known;
  const columns = searchableColumns(t);
  if (!columns.length) return undefined;
  const titles = new Set(t.cols.filter((c) => columns.includes(c.columnName)).map((c) => c.title));
  let tree: WhereNode | null;
  try {
    tree = toTree(where ?? null);
  } catch {
    return undefined; // the compiler answers the bad filter with its message
  }
  if (!wantsIndex(tree, titles)) return undefined;
  const key = rowidKey(store, tableName);
  if (!key) return undefined;
  const index: TextIndex = {
    table: indexName(tableName),
    key,
    columns: new Map(columns.map((c) => [c, indexColumn(c)])),
  };
  const state = currentIndex(store, tableName, key, columns);
  if (!state.same) {
    const rows = Number(
      store.exec(`SELECT count(*) AS n FROM (SELECT 1 FROM ${quoteIdent(tableName)} LIMIT ?)`, BUILD_ROWS)[0]?.n ?? 0,
    );
    if (rows < BUILD_ROWS) {
      // A stale index of a table now small: its triggers would keep costing every write.
      if (state.any) store.transaction(() => dropSearchIndex(store, tableName));
      return undefined;
    }
    try {
      store.transaction(() => {
        dropSearchIndex(store, tableName);
        store.exec(state.want.create);
        store.exec(state.want.fill);
        for (const trigger of state.want.triggers) store.exec(trigger);
      });
    } catch (err) {
      // The index only speeds a search up: one that cannot be built (storage full) leaves the scan.
      console.error(`search index of ${tableName} not built:`, err);
      return undefined;
    }
  }
  store.schemaCache.set(cacheKey, index);
  return index;
}
